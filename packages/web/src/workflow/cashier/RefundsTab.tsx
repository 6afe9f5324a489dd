import {
  type CashMethod,
  fenToYuan,
  type QueryRefundsInput,
  RefundMsg,
  type RefundRow,
  RefundStatus,
  showFen,
} from '@crm/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, DatePicker, Input, Modal, Radio, Segmented, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { call } from '@/shell/call';
import { companyToday, showTime } from '@/shell/time';
import { cashierKeys, openReceipt } from './api';
import { type PaymentRow, PaymentRows, readPayments } from './PaymentRows';
import { useRefundPayoutMessages } from './refund-messages';

type RefundStatusValue = (typeof RefundStatus)[keyof typeof RefundStatus];

const refundsKey = (body: Partial<QueryRefundsInput>) => [...cashierKeys.all, 'refunds', body] as const;

/**
 * 退款: approved refunds waiting at the desk (`queryRefunds`, 待退款), each paid out in cash methods
 * or back to principal balance (`refundPayout`); a day's paid ones with their payout order's receipt.
 * A payout is keyed by its refund on the server, so a double click pays once.
 */
export function RefundsTab() {
  const t = useRefundPayoutMessages();
  const [body, setBody] = useState<{ page: number; limit: number; search: string; status: RefundStatusValue }>({
    page: 1,
    limit: 15,
    search: '',
    status: RefundStatus.approved,
  });
  const [paying, setPaying] = useState<RefundRow | null>(null);
  // 已退款: one day's payouts (the company's today first); 待退款: every waiting one.
  const [day, setDay] = useState<Dayjs>(companyToday);
  const waiting = body.status === RefundStatus.approved;
  const asked = waiting ? body : { ...body, day: day.format('YYYY-MM-DD') };
  const list = useQuery({
    queryKey: refundsKey(asked),
    queryFn: () => call('/clinic/cashier/queryRefunds', asked),
    placeholderData: keepPreviousData,
  });
  const columns: ColumnsType<RefundRow> = [
    { title: t('customer'), dataIndex: 'customerName' },
    { title: t('project'), dataIndex: 'name' },
    { title: t('sessions'), dataIndex: 'sessions', align: 'right', width: 70 },
    { title: t('amount'), dataIndex: 'amount', align: 'right', render: (v: number) => <strong>{showFen(v)}</strong> },
    { title: t('way'), dataIndex: 'toBalance', render: (v: boolean) => (v ? t('toBalance') : t('toCash')) },
    { title: t('reason'), dataIndex: 'reason', ellipsis: true },
    { title: t('applicant'), dataIndex: 'createUserName', width: 80 },
    { title: t('time'), dataIndex: 'createTime', width: 140, render: (v: string) => showTime(v) },
    {
      title: t('actions'),
      key: 'actions',
      width: 90,
      render: (_, r) =>
        waiting ? (
          <Button type="primary" size="small" onClick={() => setPaying(r)}>
            {t('payout')}
          </Button>
        ) : r.payoutOrderId ? (
          <Button size="small" onClick={() => openReceipt(r.payoutOrderId!)}>
            {t('reprint')}
          </Button>
        ) : null,
    },
  ];
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Segmented
          value={body.status}
          onChange={(status) => setBody((b) => ({ ...b, status: status as RefundStatusValue, page: 1 }))}
          options={[
            { value: RefundStatus.approved, label: t('waiting') },
            { value: RefundStatus.paid, label: t('paid') },
          ]}
        />
        {!waiting && (
          <DatePicker aria-label={t('day')} allowClear={false} value={day} onChange={(d) => d && setDay(d)} />
        )}
        <Input.Search
          allowClear
          placeholder={t('search')}
          style={{ maxWidth: 320 }}
          onSearch={(search) => setBody((b) => ({ ...b, search, page: 1 }))}
        />
      </Space>
      <Table<RefundRow>
        rowKey="refundId"
        size="middle"
        data-testid="desk-refunds"
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
      {paying && <PayoutDialog refund={paying} onClose={() => setPaying(null)} />}
    </>
  );
}

/** The sum the server requires (退款方式合计须等于退款金额…), checked before sending. */
export function payoutError(rows: PaymentRow[], amount: number): string | undefined {
  const read = readPayments(rows);
  if (read.error) return read.error;
  if (read.fen.some((p) => p.amount <= 0)) return RefundMsg.methodAmountInvalid;
  const total = read.fen.reduce((s, p) => s + p.amount, 0);
  return total === amount ? undefined : RefundMsg.payoutSum.replace('{amount}', fenToYuan(amount));
}

function PayoutDialog({ refund, onClose }: { refund: RefundRow; onClose: () => void }) {
  const t = useRefundPayoutMessages();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [toBalance, setToBalance] = useState(refund.toBalance);
  const [rows, setRows] = useState<PaymentRow[]>([{ method: 'cash', amount: fenToYuan(refund.amount) }]);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<number | null>(null);
  const zero = refund.amount === 0;
  const error = toBalance || zero ? undefined : payoutError(rows, refund.amount);
  const submit = async () => {
    if (busy) return;
    setBusy(true);
    try {
      // The rows offer the cash methods only (PaymentRows below), all a payout takes.
      const methods = toBalance || zero ? [] : (readPayments(rows).body as { method: CashMethod; amount: string }[]);
      const res = await call(
        '/clinic/cashier/refundPayout',
        { refundId: refund.refundId, methods, toBalance },
        { json: true },
      );
      message.success(t('paidOut', { number: res.number }));
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
      title={t('payoutTitle', { name: refund.customerName })}
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
            <Button type="primary" loading={busy} disabled={!!error} onClick={submit} data-testid="payout-submit">
              {t('payout')}
            </Button>
          )}
        </Space>
      }
    >
      <p>
        {t('summary', {
          customer: refund.customerName,
          project: refund.name,
          sessions: refund.sessions,
          amount: showFen(refund.amount),
        })}
      </p>
      <Radio.Group
        aria-label={t('payoutWay')}
        value={toBalance}
        onChange={(e) => setToBalance(e.target.value)}
        options={[
          { value: false, label: t('byMethods') },
          { value: true, label: t('byBalance') },
        ]}
        style={{ marginBottom: 12 }}
      />
      {zero ? (
        <p>{t('zeroRefund')}</p>
      ) : (
        !toBalance && <PaymentRows rows={rows} methods={['cash', 'wechat', 'alipay', 'card']} onChange={setRows} />
      )}
      {error && <Alert style={{ marginTop: 12 }} type="error" showIcon title={error} />}
    </Modal>
  );
}
