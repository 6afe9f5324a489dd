import { checkText } from '@crm/shared';
import { useQueryClient } from '@tanstack/react-query';
import { App, DatePicker, Empty, Form, Input, Modal, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { UserSelect } from '@/booking/pickers';
import { companyToday } from '@/shell/time';
import { type CheckPlanDetail, checkApi, checkKeys } from './api';
import { useCheckMessages } from './messages';

type Values = { summary?: string; fix: Record<string, { ownerUserId?: number | null; deadline?: Dayjs | null }> };

/**
 * Submit an inspection: each failed item names the person responsible and a deadline, which the
 * server turns into their tasks (one per item, once, however often this is clicked).
 */
export function SubmitDialog({ plan, onClose }: { plan: CheckPlanDetail; onClose: () => void }) {
  const t = useCheckMessages();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const failed = plan.results.filter((r) => r.passed === false);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    try {
      await checkApi.submit(
        plan.planId,
        v.summary ?? '',
        failed.map((r) => ({
          resultId: r.resultId,
          ownerUserId: v.fix?.[r.resultId]?.ownerUserId ?? 0,
          deadline: v.fix?.[r.resultId]?.deadline?.format('YYYY-MM-DD') ?? '',
        })),
      );
      message.success(t('submitted'));
      await queryClient.invalidateQueries({ queryKey: checkKeys.all });
      onClose();
    } catch {
      // the request layer showed the server's message
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t('submitTitle')}
      onCancel={onClose}
      onOk={submit}
      okText={t('submit')}
      cancelText={t('cancel')}
      okButtonProps={{ loading: saving }}
      width={640}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" name="check-submit">
        <Typography.Title level={5}>{t('rectify')}</Typography.Title>
        {failed.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noFailed')} />}
        {failed.map((r) => (
          <div key={r.resultId} data-testid={`rectify-${r.resultId}`}>
            <Typography.Text strong>
              {r.section} · {r.title}
            </Typography.Text>
            <Space wrap style={{ display: 'flex', marginTop: 8 }}>
              <Form.Item
                name={['fix', String(r.resultId), 'ownerUserId']}
                label={t('owner')}
                rules={[{ required: true, message: t('owner') }]}
              >
                <UserSelect label={`${t('owner')} ${r.title}`} />
              </Form.Item>
              <Form.Item
                name={['fix', String(r.resultId), 'deadline']}
                label={t('deadline')}
                rules={[{ required: true, message: t('deadline') }]}
              >
                <DatePicker
                  aria-label={`${t('deadline')} ${r.title}`}
                  disabledDate={(d) => d.isBefore(companyToday(), 'day')}
                />
              </Form.Item>
            </Space>
          </div>
        ))}
        <Form.Item name="summary" label={t('summaryNote')}>
          <Input.TextArea rows={3} maxLength={checkText.summary.max} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
