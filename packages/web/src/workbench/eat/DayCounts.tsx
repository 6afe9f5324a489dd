import { useQuery } from '@tanstack/react-query';
import { DatePicker, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { type MealDay, mealApi, mealKeys } from './api';
import type { EatT } from './messages';

type Row = MealDay['rows'][number];

/** The canteen's day: per store and department how many lunches and dinners, and who. */
export function DayCounts({ t, storeId, today }: { t: EatT; storeId?: number; today: string }) {
  const [day, setDay] = useState(today);
  const q = useQuery({ queryKey: mealKeys.day(day, storeId), queryFn: () => mealApi.day(day, storeId) });
  const data = q.data;
  return (
    <div>
      <Space wrap className="eat-toolbar">
        <DatePicker
          allowClear={false}
          value={dayjs(day)}
          onChange={(d) => d && setDay(d.format('YYYY-MM-DD'))}
          data-testid="eat-day-picker"
        />
        {data && (
          <Typography.Text strong data-testid="eat-day-summary">
            {t('summary', { lunch: data.lunch, dinner: data.dinner })}
          </Typography.Text>
        )}
        {data?.stores.map((s) => (
          <Typography.Text key={s.storeId} type="secondary">
            {s.storeName}：{t('summary', { lunch: s.lunch, dinner: s.dinner })}
          </Typography.Text>
        ))}
      </Space>
      <Table<Row>
        rowKey={(r) => `${r.storeId}/${r.deptId}`}
        size="small"
        loading={q.isLoading}
        pagination={false}
        dataSource={data?.rows ?? []}
        locale={{ emptyText: t('empty') }}
        columns={[
          { title: t('store'), dataIndex: 'storeName', width: 110 },
          { title: t('dept'), dataIndex: 'deptName', width: 110 },
          { title: t('lunch'), dataIndex: 'lunch', width: 70 },
          { title: t('names'), key: 'lunchNames', render: (_, r) => r.lunchNames.join('、') },
          { title: t('dinner'), dataIndex: 'dinner', width: 70 },
          { title: t('names'), key: 'dinnerNames', render: (_, r) => r.dinnerNames.join('、') },
        ]}
      />
    </div>
  );
}
