import { authHas } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Select, Spin, Tabs } from 'antd';
import { useState } from 'react';
import { useSession } from '@/shell/session';
import { companyToday } from '@/shell/time';
import { paramOneOf, useUrlParams } from '@/shell/url-params';
import { mealApi, mealKeys } from './api';
import { DayCounts } from './DayCounts';
import { MenuEditor } from './MenuEditor';
import { MonthStats } from './MonthStats';
import { useEatMessages } from './messages';
import { OrderWeek } from './OrderWeek';
import './eat.css';

const tabs = ['order', 'menu', 'day', 'month'] as const;
const tabTitle = { order: 'tabOrder', menu: 'tabMenu', day: 'tabDay', month: 'tabMonth' } as const;

/**
 * /workbench/eat (spec 2.3 eat, issue 25): staff order their lunch and dinner from a store's weekly
 * menu; the canteen manager (`oa.meal.manage`) also edits menus and cut-offs and reads the day's
 * counts and the month's statistics.
 */
export default function EatPage() {
  const t = useEatMessages();
  const { auth } = useSession();
  const manager = authHas(auth, 'oa.meal.manage');
  const [params, setParam] = useUrlParams();
  const allowed = manager ? tabs : (['order'] as const);
  const tab = paramOneOf(params, 'tab', allowed, 'order');
  const today = companyToday().format('YYYY-MM-DD');
  const stores = useQuery({ queryKey: mealKeys.stores, queryFn: mealApi.stores });
  const [picked, setPicked] = useState<number | null>(null);
  const [statsStore, setStatsStore] = useState<number>(0);
  const list = stores.data ?? [];
  const store = list.find((s) => s.storeId === picked) ?? list[0];

  if (stores.isLoading) return <Spin />;
  if (!store)
    return (
      <Card title={t('title')}>
        <Empty description={t('noStore')} />
      </Card>
    );

  const statsTab = tab === 'day' || tab === 'month';
  const storePicker = statsTab ? (
    <Select
      className="eat-store"
      value={statsStore}
      onChange={setStatsStore}
      options={[{ value: 0, label: t('allStores') }, ...list.map((s) => ({ value: s.storeId, label: s.storeName }))]}
    />
  ) : (
    <Select
      className="eat-store"
      value={store.storeId}
      onChange={setPicked}
      options={list.map((s) => ({ value: s.storeId, label: s.storeName }))}
      data-testid="eat-store"
    />
  );
  const statsStoreId = statsStore || undefined;
  return (
    <Card className="eat-page" title={t('title')} extra={storePicker}>
      <Tabs
        activeKey={tab}
        onChange={(k) => setParam({ tab: k })}
        items={allowed.map((k) => ({ key: k, label: t(tabTitle[k]) }))}
      />
      {tab === 'order' && <OrderWeek t={t} storeId={store.storeId} today={today} manager={manager} />}
      {tab === 'menu' && <MenuEditor t={t} store={store} today={today} />}
      {tab === 'day' && <DayCounts t={t} storeId={statsStoreId} today={today} />}
      {tab === 'month' && <MonthStats t={t} storeId={statsStoreId} today={today} />}
    </Card>
  );
}
