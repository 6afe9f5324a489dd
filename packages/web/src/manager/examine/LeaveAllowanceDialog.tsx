import { leaveTypes } from '@crm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, InputNumber, Modal, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { formKeys, formsApi } from '@/workbench/examine/forms/api';
import { useFormsMessages } from '@/workbench/examine/forms/messages';

/**
 * 请假额度: the yearly allowance per leave type (days a person may take a year); blank is no
 * limit. The leave form shows it against the approved leave; the server refuses beyond it.
 */
export function LeaveAllowanceDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useFormsMessages();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const saved = useQuery({ queryKey: formKeys.leaveAllowance, queryFn: formsApi.leaveAllowance, enabled: open });
  const [days, setDays] = useState<Record<number, number | null>>({});
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (saved.data) setDays(Object.fromEntries(saved.data.map((a) => [a.leaveType, a.days])));
  }, [saved.data]);

  const save = async () => {
    setSaving(true);
    try {
      await formsApi.setLeaveAllowance(
        Object.entries(days)
          .filter(([, d]) => d !== null && d !== undefined)
          .map(([leaveType, d]) => ({ leaveType: Number(leaveType), days: Number(d) })),
      );
      message.success(t('allowanceSaved'));
      await queryClient.invalidateQueries({ queryKey: ['examine'] });
      onClose();
    } catch {
      // the request layer showed the server's message
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('allowanceTitle')}
      onCancel={onClose}
      onOk={save}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={saving}
      width={420}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('allowanceHint')}</Typography.Paragraph>
      <Table
        size="small"
        pagination={false}
        rowKey="id"
        loading={saved.isLoading}
        dataSource={[...leaveTypes]}
        columns={[
          { key: 'name', title: t('leaveType'), dataIndex: 'name' },
          {
            key: 'days',
            title: t('days'),
            render: (_, row) => (
              <InputNumber
                min={0}
                max={366}
                aria-label={row.name}
                value={days[row.id] ?? null}
                onChange={(v) => setDays((d) => ({ ...d, [row.id]: v === null ? null : Number(v) }))}
              />
            ),
          },
        ]}
      />
    </Modal>
  );
}
