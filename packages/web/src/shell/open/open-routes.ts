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
  // A member of staff's phone sign-in (issue 25, h-signin).
  { path: '/signH5', component: lazyPage(() => import('@/open/sign-in/SignH5Page')) },
];
