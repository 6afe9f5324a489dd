import { type CashierTotals, type ChargedOrder, chargedOrderStatuses, fenToYuan } from '@crm/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useMoneyNames } from '@/clinic/money-names';
import { companyToday, showTime } from '@/shell/time';
import { cashierApi, cashierKeys, openReceipt } from './api';
import { useCashierMessages } from './messages';

const methods = ['cash', 'wechat', 'alipay', 'card', 'principal', 'gift', 'coupon'] as const;
const money = (fen: number) => fenToYuan(fen);

/** 今日订单: a day's charged and voided orders with totals per method (this page and the whole day); reprint. */
export function TodayTab() {
  const t = useCashierMessages();
  const moneyNames = useMoneyNames();
  const [day, setDay] = useState<Dayjs>(companyToday);
  const [paging, setPaging] = useState({ page: 1, limit: 20 });
  const body = { ...paging, day: day.format('YYYY-MM-DD') };
  const list = useQuery({
    queryKey: cashierKeys.charged(body),
    queryFn: () => cashierApi.charged(body),
    placeholderData: keepPreviousData,
  });
  const voided = (o: ChargedOrder) => !(chargedOrderStatuses as readonly number[]).includes(o.status);
  const columns: ColumnsType<ChargedOrder> = [
    { title: t('number'), dataIndex: 'number', width: 130 },
    { title: t('kind'), dataIndex: 'kind', width: 60, render: (k: number) => moneyNames.orderKind[k] },
    { title: t('status'), dataIndex: 'status', width: 100, render: (s: number) => moneyNames.orderStatus[s] },
    { title: t('customer'), dataIndex: 'customerName', width: 90 },
    { title: t('payable'), dataIndex: 'payable', align: 'right', render: money },
    ...methods.map((m) => ({ title: t(m), dataIndex: m, align: 'right' as const, render: money })),
    { title: t('arrears'), dataIndex: 'arrears', align: 'right', render: money },
    { title: t('cashier'), dataIndex: 'cashierName', width: 80 },
    { title: t('time'), dataIndex: 'time', width: 70, render: (v: string) => showTime(v, 'HH:mm') },
    {
      title: t('actions'),
      key: 'actions',
      width: 70,
      render: (_, o) =>
        voided(o) ? null : (
          <Button size="small" onClick={() => openReceipt(o.orderId)}>
            {t('reprint')}
          </Button>
        ),
    },
  ];
  const totalsRow = (label: string, x: CashierTotals | undefined, testId: string) => (
    <Table.Summary.Row data-testid={testId}>
      <Table.Summary.Cell index={0} colSpan={4}>
        {label} · {t('orders', { n: x?.count ?? 0 })}
      </Table.Summary.Cell>
      <Table.Summary.Cell index={4} align="right">
        {money(x?.payable ?? 0)}
      </Table.Summary.Cell>
      {methods.map((m, i) => (
        <Table.Summary.Cell key={m} index={5 + i} align="right">
          {money(x?.[m] ?? 0)}
        </Table.Summary.Cell>
      ))}
      <Table.Summary.Cell index={12} align="right">
        {money(x?.arrears ?? 0)}
      </Table.Summary.Cell>
      <Table.Summary.Cell index={13} colSpan={3} />
    </Table.Summary.Row>
  );
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <span>{t('day')}</span>
        <DatePicker
          allowClear={false}
          value={day}
          onChange={(d) => {
            if (d) setDay(d);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
        />
      </Space>
      <Table<ChargedOrder>
        rowKey="orderId"
        size="small"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.list ?? []}
        rowClassName={(o) => (voided(o) ? 'cashier-voided' : '')}
        pagination={{
          current: paging.page,
          pageSize: paging.limit,
          total: list.data?.totalRow ?? 0,
          onChange: (page, limit) => setPaging({ page, limit }),
        }}
        summary={() => (
          <Table.Summary>
            {totalsRow(t('pageTotal'), list.data?.pageTotals, 'page-totals')}
            {totalsRow(t('dayTotal'), list.data?.totals, 'day-totals')}
          </Table.Summary>
        )}
      />
    </>
  );
}
