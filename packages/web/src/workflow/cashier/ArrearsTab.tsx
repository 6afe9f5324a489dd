import { type AccountRow, DeskMsg, fenToYuan, MoneyMsg, parseYuan, showFen } from '@crm/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Modal, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { usePermission } from '@/manager/use-permission';
import { cashierApi, cashierKeys, newBatch, openReceipt } from './api';
import { useCashierMessages } from './messages';
import { type PaymentRow, PaymentRows, readPayments } from './PaymentRows';

/** 欠款: the customers who owe, most first; repay (cash methods) or waive (its own permission, with a reason). */
export function ArrearsTab() {
  const t = useCashierMessages();
  const can = usePermission();
  const [body, setBody] = useState({ page: 1, limit: 15, search: '', owing: true });
  const [repaying, setRepaying] = useState<AccountRow | null>(null);
  const [waiving, setWaiving] = useState<AccountRow | null>(null);
  const list = useQuery({
    queryKey: cashierKeys.accounts(body),
    queryFn: () => cashierApi.accounts(body),
    placeholderData: keepPreviousData,
  });
  const columns: ColumnsType<AccountRow> = [
    { title: t('customer'), dataIndex: 'customerName' },
    { title: t('mobile'), dataIndex: 'mobile' },
    { title: t('owes'), dataIndex: 'arrears', align: 'right', render: (v: number) => <strong>{showFen(v)}</strong> },
    { title: t('principal'), dataIndex: 'principal', align: 'right', render: showFen },
    { title: t('gift'), dataIndex: 'gift', align: 'right', render: showFen },
    {
      title: t('actions'),
      key: 'actions',
      width: 140,
      render: (_, r) => (
        <Space size={4}>
          <Button type="primary" size="small" onClick={() => setRepaying(r)}>
            {t('repay')}
          </Button>
          {can('crm.dealRecord.waive') && (
            <Button size="small" onClick={() => setWaiving(r)}>
              {t('waive')}
            </Button>
          )}
        </Space>
      ),
    },
  ];
  return (
    <>
      <Input.Search
        allowClear
        placeholder={t('searchCustomer')}
        style={{ maxWidth: 320, marginBottom: 12 }}
        onSearch={(search) => setBody((b) => ({ ...b, search, page: 1 }))}
      />
      <Table<AccountRow>
        rowKey="customerId"
        size="middle"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.list ?? []}
        pagination={{
          current: body.page,
          pageSize: body.limit,
          total: list.data?.totalRow ?? 0,
          onChange: (page, limit) => setBody((b) => ({ ...b, page, limit })),
        }}
      />
      {repaying && <RepayDialog account={repaying} onClose={() => setRepaying(null)} />}
      {waiving && <WaiveDialog account={waiving} onClose={() => setWaiving(null)} />}
    </>
  );
}

function RepayDialog({ account, onClose }: { account: AccountRow; onClose: () => void }) {
  const t = useCashierMessages();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<PaymentRow[]>([{ method: 'cash', amount: fenToYuan(account.arrears) }]);
  const [batchId] = useState(newBatch);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<number | null>(null);
  const read = readPayments(rows);
  const total = read.fen.reduce((s, p) => s + p.amount, 0);
  const error = read.error ?? (total > account.arrears ? MoneyMsg.repayTooMuch : undefined);
  const submit = async () => {
    setBusy(true);
    try {
      const res = await cashierApi.repay(account.customerId, read.body, batchId);
      message.success(t('repaid', { arrears: showFen(res.balances.arrears) }));
      setDone(res.orderId);
      void queryClient.invalidateQueries({ queryKey: cashierKeys.all });
    } catch {
      // the request layer showed the refusal
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={`${t('repay')} · ${account.customerName}`}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{t('close')}</Button>
          {done ? (
            <Button type="primary" onClick={() => openReceipt(done)}>
              {t('print')}
            </Button>
          ) : (
            <Button type="primary" loading={busy} disabled={!!error || total === 0} onClick={submit}>
              {t('repay')}
            </Button>
          )}
        </Space>
      }
    >
      <p>
        {t('owes')} {showFen(account.arrears)}
      </p>
      <PaymentRows rows={rows} methods={['cash', 'wechat', 'alipay', 'card']} onChange={setRows} />
      {error && <Alert style={{ marginTop: 12 }} type="error" showIcon message={error} />}
    </Modal>
  );
}

function WaiveDialog({ account, onClose }: { account: AccountRow; onClose: () => void }) {
  const t = useCashierMessages();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ amount: string; reason: string }>();
  const [batchId] = useState(newBatch);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    // An invalid form shows its messages under the fields; nothing is sent.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setBusy(true);
    try {
      const res = await cashierApi.waive(account.customerId, v.amount.trim(), v.reason.trim(), batchId);
      message.success(t('waived', { arrears: showFen(res.balances.arrears) }));
      void queryClient.invalidateQueries({ queryKey: cashierKeys.all });
      onClose();
    } catch {
      // the request layer showed the refusal
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={`${t('waive')} · ${account.customerName}`}
      onCancel={onClose}
      onOk={submit}
      okText={t('waive')}
      confirmLoading={busy}
      destroyOnHidden
    >
      <p>
        {t('owes')} {showFen(account.arrears)}
      </p>
      <Form form={form} layout="vertical" initialValues={{ amount: fenToYuan(account.arrears), reason: '' }}>
        <Form.Item
          name="amount"
          label={t('waiveAmount')}
          rules={[
            {
              validator: async (_, v: string) => {
                const parsed = parseYuan(v ?? '', { label: '免除金额', allowZero: false });
                if (!parsed.ok) throw new Error(parsed.msg);
                if (parsed.fen > account.arrears) throw new Error(MoneyMsg.repayTooMuch);
              },
            },
          ]}
        >
          <Input inputMode="decimal" />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('waiveReason')}
          rules={[{ required: true, whitespace: true, message: DeskMsg.waiveReasonRequired }, { max: 200 }]}
        >
          <Input.TextArea rows={2} maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
