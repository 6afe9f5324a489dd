import { type AuthObject, authHas } from '@crm/shared';
import { orderTopRoutes } from '@/clinic/orders/routes';
// The visit list, a visit's story and the customer archive (issue 23, h-records).
import { recordTopRoutes } from '@/clinic/record/routes';
import { cashierTopRoutes } from '@/workflow/cashier-routes';
import { visitTopRoutes } from '@/workflow/visit-routes';
import type { TopRoute } from './route-types';

/** The signed-in pages outside the areas (spec 2.2); each feature lists its own. */
export const topRoutes: TopRoute[] = [...orderTopRoutes, ...cashierTopRoutes, ...visitTopRoutes, ...recordTopRoutes];

export const allowedTopRoutes = (auth: AuthObject | null | undefined, list: TopRoute[] = topRoutes): TopRoute[] =>
  auth ? list.filter((r) => authHas(auth, r.access)) : [];

/** The allowed page shown without the layout at this address, if any. */
export const bareTopRoute = (auth: AuthObject | null | undefined, pathname: string): TopRoute | undefined =>
  allowedTopRoutes(auth).find((r) => r.bare && r.path === pathname);
