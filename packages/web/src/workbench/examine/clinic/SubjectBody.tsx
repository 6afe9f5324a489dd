import type { DiscountDetail, RefundDetail } from '@crm/shared';
import { showFen } from '@crm/shared';
import { Descriptions, Table, Tag } from 'antd';
import { clinicWords as w } from './api';

type Line = DiscountDetail['lines'][number];

/** 折扣审批: the order and each line's prices against its floor (a line below it is marked). */
export function DiscountBody({ d }: { d: DiscountDetail }) {
  return (
    <>
      <Descriptions size="small" column={2} style={{ marginBottom: 12 }}>
        <Descriptions.Item label={w.order}>{d.number}</Descriptions.Item>
        <Descriptions.Item label={w.customer}>{d.customerName}</Descriptions.Item>
        <Descriptions.Item label={w.payable}>{showFen(d.payable)}</Descriptions.Item>
        <Descriptions.Item label={w.discountReason}>{d.reason}</Descriptions.Item>
      </Descriptions>
      <Table<Line>
        rowKey="lineId"
        size="small"
        pagination={false}
        dataSource={d.lines}
        style={{ marginBottom: 16 }}
        columns={[
          { title: w.project, dataIndex: 'name', ellipsis: true },
          { title: w.price, dataIndex: 'price', width: 90, render: (v: number) => showFen(v) },
          { title: w.floor, dataIndex: 'floor', width: 90, render: (v: number) => showFen(v) },
          {
            title: w.dealPrice,
            dataIndex: 'dealPrice',
            width: 130,
            render: (v: number, l) => (
              <span>
                {showFen(v)} {l.belowFloor && <Tag color="red">{w.belowFloor}</Tag>}
              </span>
            ),
          },
          { title: w.discount, dataIndex: 'discount', width: 70, render: (v: number) => `${v}%` },
        ]}
      />
    </>
  );
}

/** 退费审核: the deal, the sessions and money asked back, and what was paid for it. */
export function RefundBody({ d }: { d: RefundDetail }) {
  return (
    <Descriptions size="small" column={2} bordered style={{ marginBottom: 16 }}>
      <Descriptions.Item label={w.customer}>{d.customerName}</Descriptions.Item>
      <Descriptions.Item label={w.deal}>{d.name}</Descriptions.Item>
      <Descriptions.Item label={w.refundSessions}>{d.sessions}</Descriptions.Item>
      <Descriptions.Item label={w.refundAmount}>{showFen(d.amount)}</Descriptions.Item>
      <Descriptions.Item label={w.sessionsLeft}>{d.deal.sessionsLeft}</Descriptions.Item>
      <Descriptions.Item label={w.paid}>{showFen(d.deal.paidCash + d.deal.paidPrincipal)}</Descriptions.Item>
      <Descriptions.Item label={w.toBalance}>{d.toBalance ? w.toBalanceYes : w.toBalanceNo}</Descriptions.Item>
      <Descriptions.Item label={w.reason}>{d.reason}</Descriptions.Item>
    </Descriptions>
  );
}
