import { type AchievementRow, type Input as ApiInput, setAchievementSchema } from '@crm/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, InputNumber, Modal, Radio, Select, Space, Table, Tabs } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { call } from '@/shell/call';
import { useCommonMessages } from '../messages';
import { useCrmSettingMessages } from './messages';

const MONTHS = Array.from({ length: 12 }, (_, i) => i);
const QUARTERS = [0, 1, 2, 3];
/** A quarter's target: the sum of its three months (the table shows quarters; the dialog edits months). */
const quarterSum = (months: number[], q: number) =>
  months.slice(q * 3, q * 3 + 3).reduce((sum, m) => sum + (m ?? 0), 0);
const money = (v: number) => v.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Manager › 客户管理设置 › 业绩目标设置 (manage:crm:achievement; achievement/*): one year's monthly
 * targets of every department or employee, on contracted or received money. The table shows each
 * row's quarters and year (twelve month columns would not fit a 1366 screen); the row's twelve
 * months are edited together in the dialog and checked by the shared schema before the server checks them.
 */
export default function AchievementPage() {
  const t = useCrmSettingMessages();
  const c = useCommonMessages();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(thisYear);
  const [status, setStatus] = useState<1 | 2>(2);
  const [type, setType] = useState<1 | 2>(1);
  const [editing, setEditing] = useState<AchievementRow | null>(null);
  const [form] = Form.useForm<{ months: (number | null)[] }>();
  const q = { year, status, type };
  const list = useQuery({
    queryKey: ['manager', 'achievement', q],
    queryFn: () => call('/achievement/queryAchievementList', q, { json: true }),
    placeholderData: keepPreviousData,
  });

  const save = useMutation({
    mutationFn: (body: unknown) =>
      call('/achievement/setAchievement', body as ApiInput<'/achievement/setAchievement'>, { json: true }),
    onSuccess: () => {
      message.success(c('saveSuccess'));
      setEditing(null);
      void queryClient.invalidateQueries({ queryKey: ['manager', 'achievement'] });
    },
  });
  const submit = async () => {
    const months = (form.getFieldValue('months') as (number | null)[]).map((m) => m ?? 0);
    const body = { ...q, list: [{ objId: editing!.objId, months }] };
    const checked = setAchievementSchema.safeParse(body);
    if (!checked.success) {
      message.error(checked.error.issues[0]?.message ?? '');
      return;
    }
    save.mutate(body);
  };

  const columns: ColumnsType<AchievementRow> = [
    { title: t('name'), dataIndex: 'name', key: 'name', ellipsis: true },
    ...(type === 2 ? [{ title: t('deptName'), dataIndex: 'deptName', key: 'deptName', ellipsis: true }] : []),
    ...QUARTERS.map((q) => ({
      title: t('quarter', { n: q + 1 }),
      key: `q${q}`,
      width: 130,
      align: 'right' as const,
      render: (_: unknown, r: AchievementRow) => (
        <span
          title={MONTHS.slice(q * 3, q * 3 + 3)
            .map((i) => `${t('month', { n: i + 1 })} ${money(r.months[i] ?? 0)}`)
            .join('  ')}
        >
          {money(quarterSum(r.months, q))}
        </span>
      ),
    })),
    {
      title: t('yearTarget'),
      key: 'yearTarget',
      width: 140,
      align: 'right',
      render: (_, r) => money(r.yearTarget),
    },
    {
      title: c('actions'),
      key: 'actions',
      width: 110,
      render: (_, r) => (
        <Button
          type="link"
          size="small"
          onClick={() => {
            form.setFieldsValue({ months: r.months });
            setEditing(r);
          }}
          data-testid="achievement-edit"
        >
          {t('edit')}
        </Button>
      ),
    },
  ];

  return (
    <Card title={t('targetTitle')} data-testid="achievement">
      <Space wrap style={{ marginBottom: 12 }}>
        <span>{t('year')}</span>
        <Select
          value={year}
          style={{ width: 110 }}
          onChange={setYear}
          options={[thisYear - 1, thisYear, thisYear + 1].map((y) => ({ value: y, label: String(y) }))}
        />
        <span>{t('status')}</span>
        <Radio.Group
          value={status}
          onChange={(e) => setStatus(e.target.value)}
          options={[
            { value: 2, label: t('received') },
            { value: 1, label: t('contract') },
          ]}
          optionType="button"
        />
      </Space>
      <Tabs
        activeKey={String(type)}
        onChange={(k) => setType(k === '2' ? 2 : 1)}
        items={[
          { key: '1', label: t('dept') },
          { key: '2', label: t('user') },
        ]}
      />
      <Table<AchievementRow>
        rowKey="objId"
        size="small"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
      />
      <Modal
        open={editing !== null}
        title={`${t('edit')} · ${editing?.name ?? ''}`}
        onCancel={() => setEditing(null)}
        onOk={submit}
        confirmLoading={save.isPending}
        okText={c('save')}
        cancelText={c('cancel')}
        width={640}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Space wrap>
            {MONTHS.map((i) => (
              <Form.Item key={i} name={['months', i]} label={t('month', { n: i + 1 })} style={{ width: 130 }}>
                <InputNumber min={0} precision={2} style={{ width: '100%' }} aria-label={t('month', { n: i + 1 })} />
              </Form.Item>
            ))}
          </Space>
        </Form>
      </Modal>
    </Card>
  );
}
