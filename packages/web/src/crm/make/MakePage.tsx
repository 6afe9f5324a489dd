import { DownloadOutlined } from '@ant-design/icons';
import { DealKind, type MakeRow, showFen } from '@crm/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Input, Select, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router';
import { useMoneyNames } from '@/clinic/money-names';
import { usePermission } from '@/manager/use-permission';
import { showTime } from '@/shell/time';
import { type MakeQuery, makeApi, makeKeys } from './api';
import { useMakeMessages } from './messages';

/**
 * /crm/make (成交查询, spec 2.3): the deal records of my and my subordinates' customers
 * (querySubordinateProjectPlus), newest first, filtered by day, state, kind and a customer or
 * project name, paginated by the server.
 */
export default function MakePage() {
  const t = useMakeMessages();
  const moneyNames = useMoneyNames();
  const [body, setBody] = useState<MakeQuery>({ page: 1, limit: 15, status: 0, kind: 0 });
  const list = useQuery({
    queryKey: makeKeys.list(body),
    queryFn: () => makeApi.list(body),
    placeholderData: keepPreviousData,
  });
  const change = (next: Partial<MakeQuery>) => setBody((b) => ({ ...b, ...next, page: 1 }));
  const can = usePermission();
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);
  // What the list shows, with its filters: exporting customers' data is its own permission.
  const exportList = async () => {
    setExporting(true);
    try {
      await makeApi.exportList(body);
      message.success(t('exported'));
    } catch (err) {
      message.error((err as Error).message);
    } finally {
      setExporting(false);
    }
  };

  const columns: ColumnsType<MakeRow> = [
    {
      title: t('customer'),
      dataIndex: 'customerName',
      width: 110,
      render: (name: string, r) => <Link to={`/crm/customer/${r.customerId}?tab=deals`}>{name}</Link>,
    },
    { title: t('owner'), dataIndex: 'ownerName', width: 80 },
    { title: t('project'), dataIndex: 'name', width: 130, ellipsis: true },
    { title: t('order'), dataIndex: 'orderNumber', width: 120 },
    {
      title: t('sessions'),
      key: 'sessions',
      width: 110,
      align: 'right',
      render: (_, r) => `${r.sessionsBought}/${r.sessionsUsed}/${r.sessionsLeft}`,
    },
    { title: t('value'), dataIndex: 'dealValue', width: 90, align: 'right', render: showFen },
    { title: t('arrears'), dataIndex: 'arrears', width: 80, align: 'right', render: showFen },
    {
      title: t('kind'),
      dataIndex: 'kind',
      width: 60,
      render: (k: number) => (k === DealKind.repair ? <Tag color="orange">{t('repair')}</Tag> : t('normal')),
    },
    { title: t('status'), dataIndex: 'status', width: 70, render: (s: number) => moneyNames.dealStatus[s] },
    { title: t('time'), dataIndex: 'createTime', width: 130, render: (v: string) => showTime(v) },
  ];

  return (
    <Card title={t('title')} data-testid="make-page">
      <Space wrap style={{ marginBottom: 12 }}>
        <DatePicker.RangePicker
          style={{ width: 250 }}
          placeholder={[t('startDate'), t('endDate')]}
          onChange={(range) => change({ from: range?.[0]?.format('YYYY-MM-DD'), to: range?.[1]?.format('YYYY-MM-DD') })}
        />
        <Select<number>
          style={{ width: 120 }}
          aria-label={t('status')}
          value={body.status}
          options={[
            { value: 0, label: t('allStatus') },
            ...Object.entries(moneyNames.dealStatus).map(([v, label]) => ({ value: Number(v), label })),
          ]}
          onChange={(status) => change({ status })}
        />
        <Select<number>
          style={{ width: 110 }}
          aria-label={t('kind')}
          value={body.kind}
          options={[
            { value: 0, label: t('allKinds') },
            { value: DealKind.normal, label: t('normal') },
            { value: DealKind.repair, label: t('repair') },
          ]}
          onChange={(kind) => change({ kind })}
        />
        <Input.Search
          allowClear
          style={{ width: 220 }}
          placeholder={t('search')}
          onSearch={(search) => change({ search: search.trim() || undefined })}
        />
        {can('crm.customer.excelexport') && (
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportList} data-testid="make-export">
            {t('export')}
          </Button>
        )}
      </Space>
      <Table<MakeRow>
        size="small"
        rowKey="dealId"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        columns={columns}
        locale={{ emptyText: t('empty') }}
        pagination={{
          current: body.page,
          pageSize: body.limit,
          total: list.data?.totalRow ?? 0,
          showSizeChanger: false,
          onChange: (page) => setBody((b) => ({ ...b, page })),
        }}
      />
    </Card>
  );
}
