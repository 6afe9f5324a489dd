import { type OrderSetMeal, showFen } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Select, Space } from 'antd';
import { useState } from 'react';
import { call } from '@/shell/call';
import { useMealMessages } from './messages';

export const setMealsKey = ['clinic', 'orders', 'setMeals'] as const;

/** The set meals on sale today (`/clinic/order/setMeals`: enabled, in their active period). */
export function useSetMeals() {
  return useQuery({ queryKey: setMealsKey, queryFn: () => call('/clinic/order/setMeals', {}), staleTime: 60_000 });
}

/** Beside the catalogue: choose a set meal and add it as a group (the same meal twice is two groups). */
export function SetMealPicker({ onAdd }: { onAdd: (m: OrderSetMeal) => void }) {
  const t = useMealMessages();
  const meals = useSetMeals();
  const [chosen, setChosen] = useState<number | undefined>();
  const offered = meals.data ?? [];
  return (
    <Card size="small" title={t('setMeals')} style={{ marginBottom: 12 }}>
      <Space.Compact style={{ width: '100%' }}>
        <Select
          aria-label={t('choose')}
          placeholder={offered.length ? t('choose') : t('none')}
          loading={meals.isLoading}
          value={chosen}
          onChange={setChosen}
          style={{ width: '100%' }}
          options={offered.map((m) => ({ value: m.setMealId, label: `${m.name} ${showFen(m.total)}` }))}
        />
        <Button
          type="primary"
          disabled={chosen === undefined}
          onClick={() => {
            const m = offered.find((x) => x.setMealId === chosen);
            if (m) onAdd(m);
            setChosen(undefined);
          }}
        >
          {t('add')}
        </Button>
      </Space.Compact>
    </Card>
  );
}
