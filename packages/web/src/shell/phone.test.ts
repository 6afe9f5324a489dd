import { renderHook } from '@testing-library/react';
import { lazy } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { areas } from './areas';
import { isWidePath, usePhone } from './phone';
import type { AppArea, TopRoute } from './route-types';
import { topRoutes } from './top-routes';

const page = lazy(async () => ({ default: () => null }));
const area: AppArea = {
  key: 'workbench',
  path: '/workbench',
  title: { zh: '工作台', en: 'Workbench' },
  access: 'oa',
  routes: [{ path: 'task' }, { path: 'board', wide: true }, { path: 'board/:id', wide: true, hidden: true }],
};
const wideArea: AppArea = { ...area, key: 'bi', path: '/bi', wide: true, routes: [area.routes[0]!] };
const top: TopRoute[] = [
  { path: '/wall', title: { zh: '大屏', en: 'Wall' }, access: 'x', component: page, wide: true },
  { path: '/order', title: { zh: '开单', en: 'Order' }, access: 'x', component: page },
];

describe('pages made for a larger screen (issue 26 item 7)', () => {
  it('are the routes flagged wide, with their parameters, and every page of a wide area', () => {
    const list = [area, wideArea];
    expect(isWidePath(list, top, '/workbench/task')).toBe(false);
    expect(isWidePath(list, top, '/workbench/board')).toBe(true);
    expect(isWidePath(list, top, '/workbench/board/12')).toBe(true);
    expect(isWidePath(list, top, '/workbench/board/12/x')).toBe(false);
    expect(isWidePath(list, top, '/bi/task')).toBe(true);
    expect(isWidePath(list, top, '/wall')).toBe(true);
    expect(isWidePath(list, top, '/order')).toBe(false);
    expect(isWidePath(list, top, '/person/index')).toBe(false);
  });

  it('in the app: the booking board, statistics and the admin backend; not approvals, tasks, customers', () => {
    expect(isWidePath(areas, topRoutes, '/Booking_management')).toBe(true);
    expect(isWidePath(areas, topRoutes, '/bi/customerTotal')).toBe(true);
    expect(isWidePath(areas, topRoutes, '/manager/systemconfig')).toBe(true);
    for (const p of ['/workbench/examine', '/workbench/task', '/crm/customer', '/crm/customer/7'])
      expect(isWidePath(areas, topRoutes, p), p).toBe(false);
  });
});

describe('usePhone', () => {
  const original = window.matchMedia;
  afterEach(() => {
    window.matchMedia = original;
  });
  /** A screen `width` px wide, as matchMedia answers antd's min-/max-width queries. */
  const screenOf = (width: number) => {
    window.matchMedia = (query: string) => {
      const min = /min-width:\s*([\d.]+)px/.exec(query);
      const max = /max-width:\s*([\d.]+)px/.exec(query);
      const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
      return { ...original(query), matches, media: query };
    };
  };

  it('is true below 768 px and false from 768 px', () => {
    screenOf(390);
    expect(renderHook(() => usePhone()).result.current).toBe(true);
    screenOf(700);
    expect(renderHook(() => usePhone()).result.current).toBe(true);
    screenOf(768);
    expect(renderHook(() => usePhone()).result.current).toBe(false);
    screenOf(1366);
    expect(renderHook(() => usePhone()).result.current).toBe(false);
  });

  it('is false where no screen query matches (jsdom: the desktop layout the page tests expect)', () => {
    expect(renderHook(() => usePhone()).result.current).toBe(false);
  });
});
