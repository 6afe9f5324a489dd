import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyPage } from '../lazy';
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
  // An approved expense claim for printing or checking (issue 25).
  { path: '/reimbursementDetail', component: lazyPage(() => import('@/open/reimbursement/ReimbursementPage')) },
  // The wall screen (issue 24, h-rfm).
  { path: '/largeScreen', component: lazyPage(() => import('@/bi/screen/LargeScreen')) },
  // Lottery (issue 25, h-lottery): the wheel, the nine-grid and the grid's rules page.
  { path: '/largeTurntablePage', component: lazyPage(() => import('@/open/lottery/WheelPage')) },
  { path: '/LargeLuckyGridPage', component: lazyPage(() => import('@/open/lottery/GridPage')) },
  { path: '/LargeLuckyGridConfig', component: lazyPage(() => import('@/open/lottery/GridRulesPage')) },
  // 顾客评价 (issue 25, h-coupons).
  { path: '/evaluateH5', component: lazyPage(() => import('@/open/review/ReviewPage')) },
  // A member of staff's phone sign-in (issue 25, h-signin).
  { path: '/signH5', component: lazyPage(() => import('@/open/sign-in/SignH5Page')) },
];
