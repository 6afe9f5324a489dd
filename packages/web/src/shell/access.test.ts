import { buildAuthObject } from '@crm/shared';
import { lazy } from 'react';
import { describe, expect, it } from 'vitest';
import {
  allowedRoutes,
  areaHomePath,
  areaOfPath,
  badgeText,
  canEnterBackstage,
  firstAllowedPath,
  isAreaVisible,
  isRouteAllowed,
  menuRoutes,
  PERSON_HOME,
  routePath,
  visibleAreas,
} from './access';
import { isOpenPath, loginUrlFor, OPEN_PATHS, safeRedirect } from './paths';
import type { AppArea, AppRoute } from './route-types';

const Page = lazy(async () => ({ default: () => null }));
const route = (path: string, extra: Partial<AppRoute> = {}): AppRoute => ({
  path,
  title: { zh: path, en: path },
  component: Page,
  ...extra,
});

const workbench: AppArea = {
  key: 'workbench',
  path: '/workbench',
  title: { zh: '工作台', en: 'Workbench' },
  access: 'oa',
  routes: [route('index'), route('examine', { access: 'oa.examine.use' })],
};
const manager: AppArea = {
  key: 'manager',
  path: '/manager',
  title: { zh: '企业管理后台', en: 'Admin' },
  access: 'manage.backstage.look',
  routes: [
    route('systemconfig', { access: 'manage.system.read' }),
    route('employee-dep', { access: 'manage.users.read' }),
    route('role-auth/:pid/:title', { access: 'manage.permission.read' }),
    route('custom-field-handle', { hidden: true }),
  ],
};
const emptyManager: AppArea = { ...manager, routes: [] };
const areas = [workbench, manager];

const staff = buildAuthObject(['oa:examine:use']);
const hrAdmin = buildAuthObject(['manage:backstage:look', 'manage:users:read', 'oa:examine:use']);
const backstageOnly = buildAuthObject(['manage:backstage:look']);
const crmOnly = buildAuthObject(['crm:customer:index']);

describe('route access', () => {
  it('needs the area key and then the route key', () => {
    expect(isRouteAllowed(staff, workbench, workbench.routes[0]!)).toBe(true);
    expect(isRouteAllowed(staff, workbench, workbench.routes[1]!)).toBe(true);
    expect(isRouteAllowed(crmOnly, workbench, workbench.routes[0]!)).toBe(false);
    expect(isRouteAllowed(hrAdmin, manager, manager.routes[0]!)).toBe(false);
    expect(isRouteAllowed(hrAdmin, manager, manager.routes[1]!)).toBe(true);
    expect(isRouteAllowed(null, workbench, workbench.routes[0]!)).toBe(false);
  });

  it('lists hidden and parameterised routes as allowed but not in the menu', () => {
    const admin = buildAuthObject(['manage:backstage:look', 'manage:system:read', 'manage:permission:read']);
    expect(allowedRoutes(admin, manager).map((r) => r.path)).toEqual([
      'systemconfig',
      'role-auth/:pid/:title',
      'custom-field-handle',
    ]);
    expect(menuRoutes(admin, manager).map((r) => r.path)).toEqual(['systemconfig']);
  });
});

describe('areas in the top navigation', () => {
  it('shows the workbench to anyone with an oa permission', () => {
    expect(isAreaVisible(staff, workbench)).toBe(true);
    expect(isAreaVisible(crmOnly, workbench)).toBe(false);
  });

  it('shows the manager only with backstage.look and at least one page', () => {
    expect(visibleAreas(hrAdmin, areas).map((a) => a.key)).toEqual(['workbench', 'manager']);
    expect(isAreaVisible(backstageOnly, manager)).toBe(false);
    expect(isAreaVisible(hrAdmin, emptyManager)).toBe(false);
    expect(isAreaVisible(buildAuthObject(['manage:users:read']), manager)).toBe(false);
  });
});

describe('landing pages', () => {
  it('joins area and route paths', () => {
    expect(routePath(workbench, workbench.routes[0]!)).toBe('/workbench/index');
    expect(routePath({ path: '/person/' }, { path: '/index' })).toBe('/person/index');
  });

  it('opens an area on its first allowed menu route', () => {
    expect(areaHomePath(hrAdmin, manager)).toBe('/manager/employee-dep');
    expect(areaHomePath(backstageOnly, manager)).toBeUndefined();
  });

  it('lands on the first allowed area, else the personal center', () => {
    expect(firstAllowedPath(staff, areas)).toBe('/workbench/index');
    expect(firstAllowedPath(buildAuthObject(['manage:backstage:look', 'manage:users:read']), areas)).toBe(
      '/manager/employee-dep',
    );
    expect(firstAllowedPath(crmOnly, areas)).toBe(PERSON_HOME);
    expect(firstAllowedPath({}, areas)).toBe(PERSON_HOME);
  });

  it('finds the area of an address', () => {
    expect(areaOfPath(areas, '/manager/employee-dep')?.key).toBe('manager');
    expect(areaOfPath(areas, '/workbench')?.key).toBe('workbench');
    expect(areaOfPath(areas, '/workbenchX')).toBeUndefined();
    expect(areaOfPath(areas, '/person/index')).toBeUndefined();
  });
});

describe('user menu and badges', () => {
  it('offers the admin backend only with manage.backstage.look', () => {
    expect(canEnterBackstage(hrAdmin)).toBe(true);
    expect(canEnterBackstage(staff)).toBe(false);
    expect(canEnterBackstage(null)).toBe(false);
  });

  it('caps badges at 99', () => {
    expect(badgeText(0)).toBe('0');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});

describe('guard addresses', () => {
  it('knows the open paths of spec 2.1', () => {
    expect(OPEN_PATHS).toHaveLength(8);
    expect(isOpenPath('/evaluateH5')).toBe(true);
    expect(isOpenPath('/signH5')).toBe(true);
    expect(isOpenPath('/largeScreen/1')).toBe(true);
    expect(isOpenPath('/workbench/index')).toBe(false);
  });

  it('sends to /login with the target as redirect', () => {
    expect(loginUrlFor('/workbench/index?x=1')).toBe('/login?redirect=%2Fworkbench%2Findex%3Fx%3D1');
    expect(loginUrlFor('/')).toBe('/login');
  });

  it('follows only same-site redirects', () => {
    expect(safeRedirect('/person/index')).toBe('/person/index');
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('/login?redirect=/x')).toBe('/');
  });
});
