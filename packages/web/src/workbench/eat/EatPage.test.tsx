import type { MealWeek } from '@crm/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, refuse, renderWithApp } from '../examine/test-utils';
import { editorRows, slotsOf } from './api';
import EatPage from './EatPage';

const store = { storeId: 7, storeName: '客服部', lunchCutoff: '10:00', dinnerCutoff: '16:00' };
const slot = (meal: number, extra: Partial<MealWeek['days'][number]['meals'][number]> = {}) => ({
  meal,
  dishes: meal === 1 ? ['红烧肉', '青菜'] : ['牛肉面'],
  price: meal === 1 ? 1500 : null,
  open: true,
  orderStoreId: null,
  count: 2,
  ...extra,
});
const week = (lunch = slot(1), dinner = slot(2, { open: false })): MealWeek => ({
  ...store,
  weekStart: '2026-11-23',
  today: '2026-11-26',
  days: ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'].map(
    (day, i) => ({ day, weekday: i + 1, meals: day === '2026-11-27' ? [lunch, dinner] : [] }),
  ),
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the menu editor’s rows', () => {
  it('lists every day and meal of the week and saves only the served ones, the price as typed', () => {
    const rows = editorRows(week());
    expect(rows).toHaveLength(14);
    expect(rows.find((r) => r.day === '2026-11-27' && r.meal === 1)).toEqual({
      day: '2026-11-27',
      meal: 1,
      served: true,
      dishes: ['红烧肉', '青菜'],
      price: '15.00',
    });
    expect(slotsOf(rows)).toEqual([
      { day: '2026-11-27', meal: 1, dishes: ['红烧肉', '青菜'], price: '15.00' },
      { day: '2026-11-27', meal: 2, dishes: ['牛肉面'], price: null },
    ]);
  });
});

describe('EatPage (/workbench/eat)', { timeout: 60_000 }, () => {
  it('lets staff order an open meal, shows a closed one, and hides the canteen tabs', async () => {
    let ordered = false;
    const calls = fakeFetch({
      '/OaMeal/stores': [store],
      '/OaMeal/week': () => (ordered ? week(slot(1, { orderStoreId: 7, count: 3 })) : week()),
      '/OaMeal/order': () => {
        ordered = true;
        return {
          orderId: 1,
          userId: 5,
          realname: '孙丽',
          storeId: 7,
          day: '2026-11-27',
          meal: 1,
          price: 1500,
          createTime: '2026-11-26 09:00:00',
        };
      },
    });
    renderWithApp(<EatPage />, { permissions: ['oa:meal:order'] });
    const lunch = await screen.findByTestId('eat-slot-2026-11-27-1');
    expect(within(lunch).getByText('红烧肉、青菜')).toBeTruthy();
    expect(within(lunch).getByText('¥15.00')).toBeTruthy();
    const dinner = screen.getByTestId('eat-slot-2026-11-27-2');
    expect(within(dinner).getByText('已截止')).toBeTruthy();
    expect(within(dinner).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('tab', { name: '月度统计' })).toBeNull();

    fireEvent.click(screen.getByTestId('eat-act-2026-11-27-1'));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/OaMeal/order')?.body).toMatchObject({
        storeId: '7',
        day: '2026-11-27',
        meal: '1',
      }),
    );
    await screen.findByText('3人已订');
    expect(within(screen.getByTestId('eat-slot-2026-11-27-1')).getByText('已订')).toBeTruthy();
    expect(screen.getByTestId('eat-act-2026-11-27-1').textContent?.replace(/\s/g, '')).toBe('取消');
  });

  it('shows the server’s cut-off refusal and keeps the meal unordered', async () => {
    fakeFetch({
      '/OaMeal/stores': [store],
      '/OaMeal/week': week(),
      '/OaMeal/order': refuse(400, '已过订餐截止时间（10:00），不能再订或取消'),
    });
    renderWithApp(<EatPage />, { permissions: ['oa:meal:order'] });
    await screen.findByTestId('eat-slot-2026-11-27-1');
    fireEvent.click(screen.getByTestId('eat-act-2026-11-27-1'));
    expect(await screen.findByText('已过订餐截止时间（10:00），不能再订或取消')).toBeTruthy();
    expect(screen.getByTestId('eat-act-2026-11-27-1').textContent?.replace(/\s/g, '')).toBe('订餐');
  });

  it('gives the canteen manager the day’s counts with the names', async () => {
    fakeFetch({
      '/OaMeal/stores': [store],
      '/OaMeal/day': {
        day: '2026-11-26',
        rows: [
          {
            storeId: 7,
            storeName: '客服部',
            deptId: 3,
            deptName: '销售一部',
            lunch: 2,
            dinner: 0,
            lunchNames: ['孙丽', '周杰'],
            dinnerNames: [],
          },
        ],
        stores: [{ storeId: 7, storeName: '客服部', lunch: 2, dinner: 0 }],
        lunch: 2,
        dinner: 0,
      },
    });
    renderWithApp(<EatPage />, { permissions: ['oa:meal:order', 'oa:meal:manage'], route: '/?tab=day' });
    expect(await screen.findByText('孙丽、周杰')).toBeTruthy();
    expect(screen.getByTestId('eat-day-summary').textContent).toBe('午餐 2 份，晚餐 0 份');
    expect(screen.getByRole('tab', { name: '月度统计' })).toBeTruthy();
  });
  it('saves the week’s menu as the manager left it: an unticked meal is no longer served', async () => {
    const calls = fakeFetch({ '/OaMeal/stores': [store], '/OaMeal/week': week(), '/OaMeal/saveMenu': week() });
    renderWithApp(<EatPage />, { permissions: ['oa:meal:order', 'oa:meal:manage'], route: '/?tab=menu' });
    await screen.findByText('红烧肉');
    const ticks = screen.getAllByRole('checkbox');
    expect(ticks.filter((c) => (c as HTMLInputElement).checked)).toHaveLength(2);
    // 2026-11-27 is the fifth day: its dinner is the tenth row.
    fireEvent.click(ticks[9]!);
    fireEvent.click(screen.getByTestId('eat-menu-save'));
    await waitFor(() => expect(calls.find((c) => c.path === '/OaMeal/saveMenu')).toBeTruthy());
    expect(calls.find((c) => c.path === '/OaMeal/saveMenu')!.body).toEqual({
      storeId: 7,
      day: '2026-11-23',
      slots: [{ day: '2026-11-27', meal: 1, dishes: ['红烧肉', '青菜'], price: '15.00' }],
    });
  });
});
