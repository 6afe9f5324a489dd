import { addDays, fenToYuan } from '@crm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Space, Spin, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { dishLine, type MealSlot, type MealWeek, mealApi, mealKeys } from './api';
import type { EatT } from './messages';
import { OrderForOthers } from './OrderForOthers';

type Props = { t: EatT; storeId: number; today: string; manager: boolean };

/**
 * The week's menu of a store with the viewer's orders: 订餐 / 取消 on each served meal until its
 * cut-off (the server refuses after it with the time, whatever the page shows).
 */
export function OrderWeek({ t, storeId, today, manager }: Props) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [anchor, setAnchor] = useState(today);
  const [busy, setBusy] = useState<string | null>(null);
  const week = useQuery({ queryKey: mealKeys.week(storeId, anchor), queryFn: () => mealApi.week(storeId, anchor) });
  const data = week.data;

  const act = async (day: string, slot: MealSlot) => {
    const key = `${day}/${slot.meal}`;
    setBusy(key);
    try {
      if (slot.orderStoreId === null) {
        await mealApi.order(storeId, day, slot.meal);
        message.success(t('ordersSaved'));
      } else {
        await mealApi.cancel(day, slot.meal);
        message.success(t('orderCancelled'));
      }
    } catch {
      // The request layer has shown the server's refusal (e.g. the cut-off).
    } finally {
      setBusy(null);
      void queryClient.invalidateQueries({ queryKey: mealKeys.all });
    }
  };

  const cell = (day: string, meal: number) => {
    const slot = data?.days.find((d) => d.day === day)?.meals.find((m) => m.meal === meal);
    if (!slot) return <Typography.Text type="secondary">{t('notServed')}</Typography.Text>;
    const elsewhere = slot.orderStoreId !== null && slot.orderStoreId !== storeId;
    return (
      <div className="eat-slot" data-testid={`eat-slot-${day}-${meal}`}>
        <div>{dishLine(slot.dishes)}</div>
        <Space size={4} wrap className="eat-muted">
          <span>{slot.price === null ? t('free') : `¥${fenToYuan(slot.price)}`}</span>
          <span data-testid="eat-count">{t('ordersCount', { n: slot.count })}</span>
          {slot.orderStoreId !== null && <Tag color="green">{elsewhere ? t('orderedElsewhere') : t('ordered')}</Tag>}
          {!slot.open && <Tag>{t('closed')}</Tag>}
        </Space>
        {slot.open && !elsewhere && (
          <Button
            size="small"
            type={slot.orderStoreId === null ? 'primary' : 'default'}
            loading={busy === `${day}/${meal}`}
            data-testid={`eat-act-${day}-${meal}`}
            onClick={() => act(day, slot)}
          >
            {slot.orderStoreId === null ? t('order') : t('cancel')}
          </Button>
        )}
      </div>
    );
  };

  const weekday = (n: number) => t(`weekday${n}` as Parameters<EatT>[0]);
  return (
    <div className="eat-week">
      <Space wrap className="eat-toolbar">
        <Button onClick={() => setAnchor(addDays(data?.weekStart ?? anchor, -7))}>{t('prevWeek')}</Button>
        <Button onClick={() => setAnchor(today)}>{t('thisWeek')}</Button>
        <Button onClick={() => setAnchor(addDays(data?.weekStart ?? anchor, 7))}>{t('nextWeek')}</Button>
        {data && (
          <Typography.Text strong>
            {t('weekOf', { from: data.weekStart, to: addDays(data.weekStart, 6) })}
          </Typography.Text>
        )}
        {data && (
          <Typography.Text type="secondary">
            {t('cutoffs', { lunch: data.lunchCutoff, dinner: data.dinnerCutoff })}
          </Typography.Text>
        )}
        {manager && data && <OrderForOthers t={t} week={data} />}
      </Space>
      {!data ? (
        week.isLoading ? (
          <Spin />
        ) : (
          <Empty />
        )
      ) : (
        <Table<MealWeek['days'][number]>
          rowKey="day"
          size="small"
          pagination={false}
          dataSource={data.days}
          rowClassName={(d) => (d.day === data.today ? 'eat-today' : '')}
          columns={[
            {
              title: t('day'),
              dataIndex: 'day',
              width: 120,
              render: (day: string, d) => `${day.slice(5)} ${weekday(d.weekday)}`,
            },
            { title: t('lunch'), key: 'lunch', render: (_, d) => cell(d.day, 1) },
            { title: t('dinner'), key: 'dinner', render: (_, d) => cell(d.day, 2) },
          ]}
        />
      )}
    </div>
  );
}
