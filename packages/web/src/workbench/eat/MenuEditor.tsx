import { addDays, MAX_DISHES, type MealStore } from '@crm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Input, Select, Space, Spin, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { type EditorRow, editorRows, mealApi, mealKeys, slotsOf } from './api';
import type { EatT } from './messages';

type Props = { t: EatT; store: MealStore; today: string };

/** The canteen manager's week: which meals are served, their dishes and price; the store's cut-offs. */
export function MenuEditor({ t, store, today }: Props) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [anchor, setAnchor] = useState(today);
  const week = useQuery({
    queryKey: mealKeys.week(store.storeId, anchor),
    queryFn: () => mealApi.week(store.storeId, anchor),
  });
  const [rows, setRows] = useState<EditorRow[]>([]);
  const [cutoffs, setCutoffs] = useState({ lunch: store.lunchCutoff, dinner: store.dinnerCutoff });
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (week.data) setRows(editorRows(week.data));
  }, [week.data]);
  useEffect(() => setCutoffs({ lunch: store.lunchCutoff, dinner: store.dinnerCutoff }), [store]);

  const change = (i: number, patch: Partial<EditorRow>) =>
    setRows((all) => all.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  const save = async () => {
    if (!week.data) return;
    setSaving(true);
    try {
      await mealApi.saveMenu(store.storeId, week.data.weekStart, slotsOf(rows));
      message.success(t('saved'));
      void queryClient.invalidateQueries({ queryKey: mealKeys.all });
    } catch {
      // The request layer shows what the server refused.
    } finally {
      setSaving(false);
    }
  };

  const saveCutoffs = async () => {
    try {
      await mealApi.saveSetting(store.storeId, cutoffs.lunch, cutoffs.dinner);
      message.success(t('saved'));
      void queryClient.invalidateQueries({ queryKey: mealKeys.all });
    } catch {
      // Shown by the request layer.
    }
  };

  const weekStart = week.data?.weekStart ?? anchor;
  return (
    <div className="eat-menu">
      <Space wrap className="eat-toolbar">
        <Typography.Text>{t('lunchCutoff')}</Typography.Text>
        <Input
          className="eat-clock"
          value={cutoffs.lunch}
          onChange={(e) => setCutoffs({ ...cutoffs, lunch: e.target.value })}
          placeholder="10:00"
          data-testid="eat-lunch-cutoff"
        />
        <Typography.Text>{t('dinnerCutoff')}</Typography.Text>
        <Input
          className="eat-clock"
          value={cutoffs.dinner}
          onChange={(e) => setCutoffs({ ...cutoffs, dinner: e.target.value })}
          placeholder="16:00"
        />
        <Button onClick={saveCutoffs}>{t('saveCutoffs')}</Button>
      </Space>
      <Space wrap className="eat-toolbar">
        <Button onClick={() => setAnchor(addDays(weekStart, -7))}>{t('prevWeek')}</Button>
        <Button onClick={() => setAnchor(today)}>{t('thisWeek')}</Button>
        <Button onClick={() => setAnchor(addDays(weekStart, 7))}>{t('nextWeek')}</Button>
        <Typography.Text strong>{t('weekOf', { from: weekStart, to: addDays(weekStart, 6) })}</Typography.Text>
        <Button type="primary" loading={saving} onClick={save} data-testid="eat-menu-save">
          {t('save')}
        </Button>
      </Space>
      {week.isLoading ? (
        <Spin />
      ) : (
        <Table<EditorRow>
          rowKey={(r) => `${r.day}/${r.meal}`}
          size="small"
          pagination={false}
          dataSource={rows}
          columns={[
            {
              title: t('day'),
              key: 'day',
              width: 150,
              render: (_, r) => `${r.day} ${r.meal === 1 ? t('lunch') : t('dinner')}`,
            },
            {
              title: t('served'),
              key: 'served',
              width: 70,
              render: (_, r, i) => (
                <Checkbox checked={r.served} onChange={(e) => change(i, { served: e.target.checked })} />
              ),
            },
            {
              title: t('dishes'),
              key: 'dishes',
              render: (_, r, i) => (
                <Select
                  mode="tags"
                  className="eat-dishes"
                  value={r.dishes}
                  disabled={!r.served}
                  placeholder={t('dishesTips')}
                  maxCount={MAX_DISHES}
                  onChange={(dishes: string[]) => change(i, { dishes })}
                />
              ),
            },
            {
              title: t('price'),
              key: 'price',
              width: 110,
              render: (_, r, i) => (
                <Input
                  value={r.price}
                  disabled={!r.served}
                  placeholder={t('free')}
                  onChange={(e) => change(i, { price: e.target.value })}
                />
              ),
            },
          ]}
        />
      )}
    </div>
  );
}
