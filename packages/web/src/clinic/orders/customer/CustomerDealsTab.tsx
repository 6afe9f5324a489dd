import { type DealRecordRow, fenToYuan } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useMoneyNames } from '@/clinic/money-names';
import type { DetailContext } from '@/crm/types';
import { orderKeys, ordersApi } from '../api';
import { useDealMessages } from '../messages';
// Refund requests (h-moneyweb): the row's 退费, its held sessions, the customer's requests.
import { CustomerRefunds, HeldTags, useCustomerRefunds } from '../refund/CustomerRefunds';
import { useRefundMessages } from '../refund/messages';
import { RefundAction } from '../refund/RefundAction';
// 转换 and 返修 on a deal row (h-convert).
import { ConvertAction } from './ConvertDialog';
import { CustomerOrders } from './CustomerOrders';
import { DealTimeline } from './DealTimeline';
import { RepairAction } from './RepairDialog';
import '../open-orders.css';

const dealColor: Record<number, string> = {
  1: 'blue',
  2: 'processing',
  3: 'green',
  4: 'red',
  5: 'purple',
  6: 'default',
};

/**
 * The customer detail's 成交项目 tab: the deal records (getDealRecord) with their sessions and
 * money, each with its timeline in a drawer, and below them the customer's orders.
 */
export default function CustomerDealsTab({ id }: DetailContext) {
  const t = useDealMessages();
  const moneyNames = useMoneyNames();
  const [shown, setShown] = useState<DealRecordRow | null>(null);
  const tr = useRefundMessages();
  const deals = useQuery({ queryKey: orderKeys.deals(id), queryFn: () => ordersApi.deals(id) });
  const refunds = useCustomerRefunds(id);
  return (
    <div>
      <Table<DealRecordRow>
        size="small"
        rowKey="dealId"
        data-testid="customer-deals"
        loading={deals.isLoading}
        dataSource={deals.data ?? []}
        locale={{ emptyText: t('noDeals') }}
        pagination={false}
        scroll={{ x: 1120 }}
        columns={[
          {
            title: t('project'),
            dataIndex: 'name',
            width: 150,
            render: (name: string, d) => (
              <div>
                <div>{name}</div>
                <div className="open-orders__sub">{d.orderNumber}</div>
              </div>
            ),
          },
          { title: t('bought'), dataIndex: 'sessionsBought', align: 'right', width: 60 },
          { title: t('used'), dataIndex: 'sessionsUsed', align: 'right', width: 60 },
          { title: t('refunded'), dataIndex: 'sessionsRefunded', align: 'right', width: 60 },
          { title: t('left'), dataIndex: 'sessionsLeft', align: 'right', width: 60 },
          { title: t('held'), dataIndex: 'sessionsHeld', align: 'right', width: 60 },
          { title: t('expires'), dataIndex: 'expiresOn', width: 100, render: (v: string | null) => v ?? t('never') },
          { title: t('value'), dataIndex: 'dealValue', align: 'right', width: 100, render: fenToYuan },
          {
            title: t('dealArrears'),
            dataIndex: 'arrears',
            align: 'right',
            width: 90,
            render: (v: number) => (
              <Typography.Text type={v > 0 ? 'danger' : undefined}>{fenToYuan(v)}</Typography.Text>
            ),
          },
          {
            title: t('status'),
            dataIndex: 'status',
            width: 100,
            render: (s: number, d) => (
              <>
                <Tag color={dealColor[s]}>{moneyNames.dealStatus[s]}</Tag>
                <HeldTags refunds={refunds.data} dealId={d.dealId} />
              </>
            ),
          },
          {
            key: 'timeline',
            width: 190,
            render: (_: unknown, d) => (
              <Space size={0} wrap>
                <Button type="link" size="small" onClick={() => setShown(d)}>
                  {t('view')}
                </Button>
                <RefundAction deal={d} />
                <ConvertAction deal={d} />
                <RepairAction deal={d} />
              </Space>
            ),
          },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {tr('requests')}
      </Typography.Title>
      <CustomerRefunds customerId={id} />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('orders')}
      </Typography.Title>
      <CustomerOrders customerId={id} />
      <DealTimeline deal={shown} onClose={() => setShown(null)} />
    </div>
  );
}
