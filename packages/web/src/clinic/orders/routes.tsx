import { lazyPage } from '@/shell/lazy';
import type { TopRoute } from '@/shell/route-types';

/** 开单 (/openOrders, issue 22): ?customerId= opens a new order, &orderId= edits an unpaid one. */
export const orderTopRoutes: TopRoute[] = [
  {
    path: '/openOrders',
    title: { zh: '开单', en: 'New order' },
    access: 'crm.dealRecord.save',
    component: lazyPage(() => import('./OpenOrdersPage')),
  },
];
