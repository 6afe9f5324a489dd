import type { TopRoute } from '@/shell/route-types';

/** 开单 (/openOrders, issue 22). */
export const orderTopRoutes: TopRoute[] = [];
