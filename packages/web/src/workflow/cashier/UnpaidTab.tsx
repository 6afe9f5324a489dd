import { showFen, type UnpaidOrder } from '@crm/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Input, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { usePermission } from '@/manager/use-permission';
import { showTime } from '@/shell/time';
import { cashierApi, cashierKeys } from './api';
import { ChargeDialog } from './ChargeDialog';
import { useCashierMessages } from './messages';

/** 待收费: the orders waiting at the desk, newest first; charge or void each. */
export function UnpaidTab() {
  const t = useCashierMessages();
  const can = usePermission();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [body, setBody] = useState({ page: 1, limit: 15, search: '' });
  const [charging, setCharging] = useState<UnpaidOrder | null>(null);
  const list = useQuery({
    queryKey: cashierKeys.unpaid(body),
    queryFn: () => cashierApi.unpaid(body),
    placeholderData: keepPreviousData,
  });
  const reload = () => void queryClient.invalidateQueries({ queryKey: cashierKeys.all });
  const cancel = (o: UnpaidOrder) =>
    modal.confirm({
      title: t('cancelConfirm', { number: o.number }),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await cashierApi.cancel(o.orderId);
          message.success(t('cancelled'));
          reload();
        } catch {
          // the request layer showed the refusal
        }
      },
    });

  const columns: ColumnsType<UnpaidOrder> = [
    { title: t('number'), dataIndex: 'number', width: 140 },
    {
      title: t('customer'),
      key: 'customer',
      render: (_, o) => (
        <div>
          <div>{o.customerName}</div>
          <div className="cashier-sub">{o.mobile}</div>
        </div>
      ),
    },
    { title: t('items'), dataIndex: 'summary', ellipsis: true },
    { title: t('payable'), dataIndex: 'payable', align: 'right', render: showFen },
    { title: t('openedBy'), dataIndex: 'createUserName', width: 90 },
    { title: t('time'), dataIndex: 'createTime', width: 140, render: (v: string) => showTime(v) },
    {
      title: t('actions'),
      key: 'actions',
      width: 130,
      render: (_, o) => (
        <Space size={4}>
          <Button type="primary" size="small" onClick={() => setCharging(o)}>
            {t('charge')}
          </Button>
          {can('crm.dealRecord.discard') && (
            <Button size="small" danger onClick={() => cancel(o)}>
              {t('cancel')}
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
        placeholder={t('search')}
        style={{ maxWidth: 320, marginBottom: 12 }}
        onSearch={(search) => setBody((b) => ({ ...b, search, page: 1 }))}
      />
      {list.data?.more && (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('unpaidMore', { n: list.data.totalRow })} />
      )}
      <Table<UnpaidOrder>
        rowKey="orderId"
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
      {charging && (
        <ChargeDialog
          order={charging}
          arrearsAllowed={list.data?.arrearsAllowed ?? false}
          onClose={() => setCharging(null)}
          onCharged={reload}
        />
      )}
    </>
  );
}
