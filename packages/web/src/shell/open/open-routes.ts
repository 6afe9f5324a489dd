import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { OPEN_PATHS } from '../paths';

/**
 * The open pages that are built (spec 2.1 open paths; docs/open-links.md): reached without a
 * session, each opens only with the link's `?token=` and calls the server through `openCall`.
 * Each feature adds its one line; an open path not listed here answers /404.
 */
export type OpenRoute = {
  path: Exclude<(typeof OPEN_PATHS)[number], '/login'>;
  component: LazyExoticComponent<ComponentType>;
};

export const openRoutes: OpenRoute[] = [
  // Lottery (issue 25, h-lottery): the wheel, the nine-grid and the grid's rules page.
  { path: '/largeTurntablePage', component: lazy(() => import('@/open/lottery/WheelPage')) },
  { path: '/LargeLuckyGridPage', component: lazy(() => import('@/open/lottery/GridPage')) },
  { path: '/LargeLuckyGridConfig', component: lazy(() => import('@/open/lottery/GridRulesPage')) },
];
