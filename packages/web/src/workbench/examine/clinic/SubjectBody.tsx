import type { DiscountDetail, RefundDetail } from '@crm/shared';
import { showFen } from '@crm/shared';
import { Descriptions, Table, Tag } from 'antd';
import { useClinicExamineMessages } from './messages';

type Line = DiscountDetail['lines'][number];

/** 折扣审批: the order and each line's prices against its floor (a line below it is marked). */
export function DiscountBody({ d }: { d: DiscountDetail }) {
  const t = useClinicExamineMessages();
  return (
    <>
      <Descriptions size="small" column={2} style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('order')}>{d.number}</Descriptions.Item>
        <Descriptions.Item label={t('customer')}>{d.customerName}</Descriptions.Item>
        <Descriptions.Item label={t('payable')}>{showFen(d.payable)}</Descriptions.Item>
        <Descriptions.Item label={t('discountReason')}>{d.reason}</Descriptions.Item>
      </Descriptions>
      <Table<Line>
        rowKey="lineId"
        size="small"
        pagination={false}
        dataSource={d.lines}
        style={{ marginBottom: 16 }}
        columns={[
          { title: t('project'), dataIndex: 'name', ellipsis: true },
          { title: t('price'), dataIndex: 'price', width: 90, render: (v: number) => showFen(v) },
          { title: t('floor'), dataIndex: 'floor', width: 90, render: (v: number) => showFen(v) },
          {
            title: t('dealPrice'),
            dataIndex: 'dealPrice',
            width: 130,
            render: (v: number, l) => (
              <span>
                {showFen(v)} {l.belowFloor && <Tag color="red">{t('belowFloor')}</Tag>}
              </span>
            ),
          },
          { title: t('discount'), dataIndex: 'discount', width: 70, render: (v: number) => `${v}%` },
        ]}
      />
    </>
  );
}

/**
 * 退费审核: the deal, the sessions and money asked back beside the most that may come back (the
 * server's `refundLimit`: paid less other refunds and unpaid arrears), and what was paid for it.
 */
export function RefundBody({ d }: { d: RefundDetail }) {
  const t = useClinicExamineMessages();
  return (
    <Descriptions size="small" column={2} bordered style={{ marginBottom: 16 }}>
      <Descriptions.Item label={t('customer')}>{d.customerName}</Descriptions.Item>
      <Descriptions.Item label={t('deal')}>{d.name}</Descriptions.Item>
      <Descriptions.Item label={t('refundAmount')}>
        {showFen(d.amount)}
        {d.amount > d.refundLimit && (
          <Tag color="red" style={{ marginLeft: 8 }}>
            {t('overLimit')}
          </Tag>
        )}
      </Descriptions.Item>
      <Descriptions.Item label={t('refundLimit')}>{showFen(d.refundLimit)}</Descriptions.Item>
      <Descriptions.Item label={t('refundSessions')}>{d.sessions}</Descriptions.Item>
      <Descriptions.Item label={t('sessionsLeft')}>{d.deal.sessionsLeft}</Descriptions.Item>
      <Descriptions.Item label={t('paid')}>{showFen(d.deal.paidCash + d.deal.paidPrincipal)}</Descriptions.Item>
      <Descriptions.Item label={t('toBalance')}>{d.toBalance ? t('toBalanceYes') : t('toBalanceNo')}</Descriptions.Item>
      <Descriptions.Item label={t('reason')}>{d.reason}</Descriptions.Item>
    </Descriptions>
  );
}
