import { type RefundRow, RefundStatus, showFen } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Modal, Table, Tag } from 'antd';
import { useState } from 'react';
import { useMoneyNames } from '@/clinic/money-names';
import { call } from '@/shell/call';
import { showTime } from '@/shell/time';
import { useRefundMessages } from './messages';
import { refundKeys } from './RefundDialog';

export const refundColor: Record<number, string> = { 1: 'orange', 2: 'gold', 3: 'green', 4: 'red', 5: 'default' };

/** A customer's refund requests (every state), each with its detail (/clinic/refund/detail). */
export function useCustomerRefunds(customerId: number) {
  return useQuery({
    queryKey: refundKeys.customer(customerId),
    queryFn: () => call('/clinic/refund/queryByCustomer', { customerId }),
  });
}

export function CustomerRefunds({ customerId }: { customerId: number }) {
  const t = useRefundMessages();
  const moneyNames = useMoneyNames();
  const list = useCustomerRefunds(customerId);
  const [shown, setShown] = useState<number | null>(null);
  return (
    <>
      <Table<RefundRow>
        size="small"
        rowKey="refundId"
        data-testid="customer-refunds"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        locale={{ emptyText: t('noRequests') }}
        pagination={false}
        columns={[
          { title: t('project'), dataIndex: 'name' },
          { title: t('sessions'), dataIndex: 'sessions', align: 'right', width: 80 },
          { title: t('amount'), dataIndex: 'amount', align: 'right', width: 110, render: showFen },
          { title: t('reason'), dataIndex: 'reason', ellipsis: true },
          {
            title: t('status'),
            dataIndex: 'status',
            width: 80,
            render: (s: number) => <Tag color={refundColor[s]}>{moneyNames.refundStatus[s]}</Tag>,
          },
          { title: t('applicant'), dataIndex: 'createUserName', width: 80 },
          { title: t('time'), dataIndex: 'createTime', width: 150, render: (v: string) => showTime(v) },
          {
            key: 'detail',
            width: 60,
            render: (_: unknown, r) => (
              <Button type="link" size="small" onClick={() => setShown(r.refundId)}>
                {t('detail')}
              </Button>
            ),
          },
        ]}
      />
      {shown !== null && <RefundDetailModal refundId={shown} onClose={() => setShown(null)} />}
    </>
  );
}

function RefundDetailModal({ refundId, onClose }: { refundId: number; onClose: () => void }) {
  const t = useRefundMessages();
  const moneyNames = useMoneyNames();
  const detail = useQuery({
    queryKey: ['clinic', 'orders', 'refund', refundId],
    queryFn: () => call('/clinic/refund/detail', { refundId }),
  });
  const d = detail.data;
  return (
    <Modal open title={t('detailTitle')} footer={null} onCancel={onClose}>
      {d && (
        <Descriptions
          size="small"
          column={2}
          data-testid="refund-detail"
          items={[
            { key: 'name', label: t('project'), children: d.name },
            {
              key: 'status',
              label: t('status'),
              children: <Tag color={refundColor[d.status]}>{moneyNames.refundStatus[d.status]}</Tag>,
            },
            { key: 'sessions', label: t('sessions'), children: d.sessions },
            { key: 'amount', label: t('amount'), children: showFen(d.amount) },
            { key: 'way', label: t('way'), children: d.toBalance ? t('wayBalance') : t('wayCash') },
            { key: 'applicant', label: t('applicant'), children: d.createUserName },
            { key: 'reason', label: t('reason'), children: d.reason, span: 2 },
            { key: 'bought', label: t('bought'), children: d.deal.sessionsBought },
            { key: 'used', label: t('used'), children: d.deal.sessionsUsed },
            { key: 'left', label: t('left'), children: d.deal.sessionsLeft },
            { key: 'held', label: t('held'), children: d.deal.sessionsHeld },
            { key: 'refunded', label: t('refunded'), children: d.deal.sessionsRefunded },
            { key: 'value', label: t('dealValue'), children: showFen(d.deal.dealValue) },
            { key: 'cash', label: t('paidCash'), children: showFen(d.deal.paidCash) },
            { key: 'principal', label: t('paidPrincipal'), children: showFen(d.deal.paidPrincipal) },
            { key: 'gift', label: t('paidGift'), children: showFen(d.deal.paidGift) },
            { key: 'arrears', label: t('arrears'), children: showFen(d.deal.arrears) },
          ]}
        />
      )}
    </Modal>
  );
}

/** The tags a deal row shows for its held sessions: 退费审核中 n次, 待退款 n次. */
export function HeldTags({ refunds, dealId }: { refunds: RefundRow[] | undefined; dealId: number }) {
  const t = useRefundMessages();
  const open = (refunds ?? []).filter((r) => r.dealId === dealId);
  const sum = (status: number) => open.filter((r) => r.status === status).reduce((n, r) => n + r.sessions, 0);
  const pending = sum(RefundStatus.pending);
  const approved = sum(RefundStatus.approved);
  return (
    <>
      {pending > 0 && <Tag color="orange">{t('pendingTag', { n: pending })}</Tag>}
      {approved > 0 && <Tag color="gold">{t('approvedTag', { n: approved })}</Tag>}
    </>
  );
}
