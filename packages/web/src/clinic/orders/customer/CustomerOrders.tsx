import { fenToYuan, OrderKind, type OrderRow, OrderStatus } from '@crm/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMoneyNames } from '@/clinic/money-names';
import { usePermission } from '@/manager/use-permission';
import { showTime } from '@/shell/time';
import { orderKeys, ordersApi } from '../api';
import { useDealMessages } from '../messages';

const statusColor: Record<number, string> = { 1: 'orange', 2: 'gold', 3: 'green', 4: 'red', 5: 'green', 6: 'default' };

/**
 * A customer's orders, newest first: status, payable, received and arrears; an unpaid sale may be
 * edited (crm.dealRecord.update) or voided (crm.dealRecord.discard).
 */
export function CustomerOrders({ customerId }: { customerId: number }) {
  const t = useDealMessages();
  const moneyNames = useMoneyNames();
  const can = usePermission();
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: orderKeys.orders(customerId, page),
    queryFn: () => ordersApi.orders(customerId, page, 10),
    placeholderData: keepPreviousData,
  });
  const cancel = (o: OrderRow) =>
    modal.confirm({
      title: t('cancelConfirm', { number: o.number }),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await ordersApi.cancel(o.orderId);
          message.success(t('cancelled'));
          void queryClient.invalidateQueries({ queryKey: orderKeys.all });
        } catch {
          // the request layer showed the server's message
        }
      },
    });
  // An unpaid sale, or a draft back from a rejected discount approval (the server decides).
  const open = (o: OrderRow) =>
    o.kind === OrderKind.sale && (o.status === OrderStatus.unpaid || o.status === OrderStatus.draft);
  return (
    <Table<OrderRow>
      size="small"
      rowKey="orderId"
      data-testid="customer-orders"
      loading={list.isFetching}
      dataSource={list.data?.list ?? []}
      locale={{ emptyText: t('noOrders') }}
      scroll={{ x: 1100 }}
      pagination={{
        current: page,
        pageSize: 10,
        total: list.data?.totalRow ?? 0,
        showSizeChanger: false,
        onChange: setPage,
      }}
      columns={[
        { title: t('number'), dataIndex: 'number', width: 120 },
        { title: t('kind'), dataIndex: 'kind', width: 56, render: (k: number) => moneyNames.orderKind[k] ?? '' },
        { title: t('items'), dataIndex: 'items', width: 160, ellipsis: true },
        {
          title: t('status'),
          dataIndex: 'status',
          width: 100,
          render: (s: number) => <Tag color={statusColor[s]}>{moneyNames.orderStatus[s]}</Tag>,
        },
        { title: t('payable'), dataIndex: 'payable', align: 'right', width: 100, render: fenToYuan },
        { title: t('received'), dataIndex: 'received', align: 'right', width: 100, render: fenToYuan },
        {
          title: t('balancePaid'),
          key: 'balance',
          align: 'right',
          width: 100,
          render: (_: unknown, o) => fenToYuan(o.principalUsed + o.giftUsed),
        },
        { title: t('arrears'), dataIndex: 'arrears', align: 'right', width: 90, render: fenToYuan },
        { title: t('createUser'), dataIndex: 'createUserName', width: 70 },
        { title: t('createTime'), dataIndex: 'createTime', width: 140, render: (v: string) => showTime(v) },
        {
          title: t('actions'),
          key: 'actions',
          width: 110,
          render: (_: unknown, o) =>
            open(o) && (
              <Space size={0}>
                {can('crm.dealRecord.update') && (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => navigate(`/openOrders?customerId=${customerId}&orderId=${o.orderId}`)}
                  >
                    {t('edit')}
                  </Button>
                )}
                {can('crm.dealRecord.discard') && (
                  <Button type="link" size="small" danger onClick={() => cancel(o)}>
                    {t('cancelOrder')}
                  </Button>
                )}
              </Space>
            ),
        },
      ]}
    />
  );
}
