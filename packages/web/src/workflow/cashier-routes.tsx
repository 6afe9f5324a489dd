import { WalletOutlined } from '@ant-design/icons';
import { lazyPage } from '@/shell/lazy';
import type { AppRoute, TopRoute } from '@/shell/route-types';

/** The cashier desk station of 流程 (issue 22). */
export const cashierStationRoutes: AppRoute[] = [
  {
    path: 'cashierDesk',
    title: { zh: '收银台', en: 'Cashier desk' },
    icon: <WalletOutlined />,
    access: 'oa.workflow.cashierDesk',
    component: lazyPage(() => import('./cashier/CashierDeskPage')),
  },
];

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
