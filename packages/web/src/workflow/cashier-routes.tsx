import type { AppRoute, TopRoute } from '@/shell/route-types';

/** The cashier desk station of 流程 (issue 22). */
export const cashierStationRoutes: AppRoute[] = [];

/** The receipt (/printCashPage), shown without the layout. */
export const cashierTopRoutes: TopRoute[] = [];
