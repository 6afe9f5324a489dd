import type { AuthObject } from '@crm/shared';
import { lazy } from 'react';
import { describe, expect, it } from 'vitest';
import { buildRoutes } from './build-routes';
import type { TopRoute } from './route-types';
import { allowedTopRoutes } from './top-routes';

const page = lazy(async () => ({ default: () => null }));
const top: TopRoute[] = [
  { path: '/openOrders', title: { zh: '开单', en: 'Order' }, access: 'crm.dealRecord.save', component: page },
  { path: '/printCashPage', title: { zh: '小票', en: 'Receipt' }, access: 'oa.workflow', component: page, bare: true },
];
const paths = (auth: AuthObject) => buildRoutes(auth, [], { base: '/person', routes: [] }, top).map((r) => r.path);

describe('top-level pages (spec 2.2)', () => {
  it('are routes only for a user holding their permission; the rest answer /404', () => {
    const seller = { crm: { dealRecord: { save: true } } } as unknown as AuthObject;
    expect(allowedTopRoutes(seller, top).map((r) => r.path)).toEqual(['/openOrders']);
    expect(paths(seller)).toContain('/openOrders');
    expect(paths(seller)).not.toContain('/printCashPage');
    const nobody = {} as AuthObject;
    expect(paths(nobody)).not.toContain('/openOrders');
    expect(paths(nobody).at(-1)).toBe('*');
  });
});
