import { APP_OFF_NODE, type AuthObject, authHas } from '@crm/shared';
import type { AppArea, PageEntry } from './route-types';

/**
 * Who may see what (spec 6), as pure functions of the auth object — the shell's `access.ts`
 * in the manner of Ant Design Pro. Menus, the router and the user menu all ask here.
 */

/** Where a user with no area at all lands: the personal center. */
export const PERSON_HOME = '/person/index';

/** The full address of a route of an area: `/workbench` + `index` → `/workbench/index`. */
export const routePath = (area: Pick<AppArea, 'path'>, route: Pick<PageEntry, 'path'>): string =>
  `${area.path.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}`;

/** May the user open this route of this area? The area's own key, then the route's key. */
export function isRouteAllowed(auth: AuthObject | null | undefined, area: AppArea, route: PageEntry): boolean {
  if (!auth || !authHas(auth, area.access)) return false;
  // A page open to everyone signed in that belongs to an application goes when it is switched off.
  if (route.application && authHas(auth, `${APP_OFF_NODE}.${route.application}`)) return false;
  return route.access === undefined || authHas(auth, route.access);
}

/** The routes of an area the user may open (hidden ones included: they are reachable, not listed). */
export const allowedRoutes = (auth: AuthObject | null | undefined, area: AppArea): PageEntry[] =>
  area.routes.filter((r) => isRouteAllowed(auth, area, r));

/** The side menu of an area: allowed routes that are listed and need no path parameter. */
export const menuRoutes = (auth: AuthObject | null | undefined, area: AppArea): PageEntry[] =>
  allowedRoutes(auth, area).filter((r) => !r.hidden && !r.path.includes(':'));

/** An area shows in the top navigation when its key is granted and it has a page to open. */
export const isAreaVisible = (auth: AuthObject | null | undefined, area: AppArea): boolean =>
  menuRoutes(auth, area).length > 0;

export const visibleAreas = (auth: AuthObject | null | undefined, areas: AppArea[]): AppArea[] =>
  areas.filter((a) => isAreaVisible(auth, a));

/** The default page of an area: its first menu route (spec 2.1), or undefined when it has none. */
export function areaHomePath(auth: AuthObject | null | undefined, area: AppArea): string | undefined {
  const first = menuRoutes(auth, area)[0];
  return first ? routePath(area, first) : undefined;
}

/** Default landing: the first visible area's first route, else the personal center. */
export function firstAllowedPath(auth: AuthObject | null | undefined, areas: AppArea[]): string {
  for (const area of areas) {
    const home = areaHomePath(auth, area);
    if (home) return home;
  }
  return PERSON_HOME;
}

/** The area a page address belongs to (longest matching prefix). */
export function areaOfPath(areas: AppArea[], pathname: string): AppArea | undefined {
  return areas
    .filter((a) => pathname === a.path || pathname.startsWith(`${a.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0];
}

/** The admin backend entry of the user menu needs manage.backstage.look (spec 2.4, 6). */
export const canEnterBackstage = (auth: AuthObject | null | undefined): boolean =>
  !!auth && authHas(auth, 'manage.backstage.look');

/** Menu badges show at most 99 (spec 9). */
export const BADGE_MAX = 99;
export const badgeText = (count: number): string => (count > BADGE_MAX ? `${BADGE_MAX}+` : String(count));
