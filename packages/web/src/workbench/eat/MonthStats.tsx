import { fenToYuan } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { App, Button, DatePicker, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { type MealMonth, mealApi, mealKeys } from './api';
import type { EatT } from './messages';

/** A month per person and per department (the viewer's data scope), and its workbook. */
export function MonthStats({ t, storeId, today }: { t: EatT; storeId?: number; today: string }) {
  const { message } = App.useApp();
  const [month, setMonth] = useState(today.slice(0, 7));
  const [exporting, setExporting] = useState(false);
  const q = useQuery({ queryKey: mealKeys.month(month, storeId), queryFn: () => mealApi.month(month, storeId) });
  const data = q.data;
  const yuan = (fen: number) => `¥${fenToYuan(fen)}`;
  const exportSheet = async () => {
    setExporting(true);
    try {
      await mealApi.exportMonth(month, storeId);
    } catch (err) {
      // A download answers bytes, not the request layer's toast: show the server's refusal here.
      message.error(err instanceof Error && err.message ? err.message : t('exportFailed'));
    } finally {
      setExporting(false);
    }
  };
  return (
    <div>
      <Space wrap className="eat-toolbar">
        <DatePicker
          picker="month"
          allowClear={false}
          value={dayjs(`${month}-01`)}
          onChange={(d) => d && setMonth(d.format('YYYY-MM'))}
        />
        <Button loading={exporting} onClick={exportSheet} data-testid="eat-export">
          {t('export')}
        </Button>
        {data && (
          <Typography.Text strong>
            {t('summary', { lunch: data.total.lunch, dinner: data.total.dinner })} · {yuan(data.total.amount)}
          </Typography.Text>
        )}
      </Space>
      <Typography.Title level={5}>{t('byDept')}</Typography.Title>
      <Table<MealMonth['depts'][number]>
        rowKey="deptId"
        size="small"
        loading={q.isLoading}
        pagination={false}
        dataSource={data?.depts ?? []}
        locale={{ emptyText: t('empty') }}
        columns={[
          { title: t('dept'), dataIndex: 'deptName' },
          { title: t('people'), dataIndex: 'people' },
          { title: t('lunch'), dataIndex: 'lunch' },
          { title: t('dinner'), dataIndex: 'dinner' },
          { title: t('amount'), dataIndex: 'amount', render: yuan },
        ]}
      />
      <Typography.Title level={5}>{t('byPerson')}</Typography.Title>
      <Table<MealMonth['people'][number]>
        rowKey="userId"
        size="small"
        loading={q.isLoading}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        dataSource={data?.people ?? []}
        locale={{ emptyText: t('empty') }}
        columns={[
          { title: t('name'), dataIndex: 'realname' },
          { title: t('dept'), dataIndex: 'deptName' },
          { title: t('lunch'), dataIndex: 'lunch' },
          { title: t('dinner'), dataIndex: 'dinner' },
          { title: t('amount'), dataIndex: 'amount', render: yuan },
        ]}
      />
    </div>
  );
}
