import { lazyPage } from '@/shell/lazy';
import type { TopRoute } from '@/shell/route-types';

/** The receipt (/printCashPage), shown without the layout. */
export const cashierTopRoutes: TopRoute[] = [
  {
    path: '/printCashPage',
    title: { zh: '收费小票', en: 'Receipt' },
    access: 'oa.workflow.cashierDesk',
    bare: true,
    component: lazyPage(() => import('./cashier/ReceiptPage')),
  },
];
