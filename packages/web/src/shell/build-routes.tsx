import type { AuthObject } from '@crm/shared';
import type { ComponentType, LazyExoticComponent } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { allowedRoutes, areaHomePath, firstAllowedPath, PERSON_HOME, routePath } from './access';
import { AreaPage } from './area-views';
import { NOT_FOUND_PATH } from './paths';
import type { AppArea, AppRoute, TopRoute } from './route-types';
import { allowedTopRoutes } from './top-routes';

const toRoute = (path: string, Page: LazyExoticComponent<ComponentType>): RouteObject => ({ path, element: <Page /> });

/**
 * The allowed routes of a user (spec 2.1): `/` → the default landing, each visible area with its
 * allowed pages (the area's own address → its first page), the personal center, the allowed
 * top-level pages (spec 2.2), and /404 for everything else — including pages that exist but are
 * not allowed. An area's page loads the area's views first (shell/area-views.tsx).
 */
export function buildRoutes(
  auth: AuthObject,
  areas: AppArea[],
  person: { base: string; routes: AppRoute[] },
  top: TopRoute[] = [],
): RouteObject[] {
  const out: RouteObject[] = [{ index: true, element: <Navigate to={firstAllowedPath(auth, areas)} replace /> }];
  for (const area of areas) {
    const home = areaHomePath(auth, area);
    if (!home) continue;
    out.push({
      path: area.path,
      children: [
        { index: true, element: <Navigate to={home} replace /> },
        ...allowedRoutes(auth, area).map((r) => ({
          path: r.path,
          element: <AreaPage area={area.key} path={r.path} />,
        })),
      ],
    });
  }
  const personHome = person.routes[0] ? routePath({ path: person.base }, person.routes[0]) : PERSON_HOME;
  out.push({
    path: person.base,
    children: [
      { index: true, element: <Navigate to={personHome} replace /> },
      ...person.routes.map((r) => toRoute(r.path, r.component)),
    ],
  });
  for (const r of allowedTopRoutes(auth, top)) out.push(toRoute(r.path, r.component));
  out.push({ path: '*', element: <Navigate to={NOT_FOUND_PATH} replace /> });
  return out;
}
