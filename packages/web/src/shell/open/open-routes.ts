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
  // 顾客评价 (issue 25, h-coupons).
  { path: '/evaluate', component: lazy(() => import('@/open/review/ReviewPage')) },
];
