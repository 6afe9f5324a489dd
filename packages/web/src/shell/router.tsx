import { lazy, Suspense } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { GuestOnly, RequireAuth } from './guards';
import { lazyPage } from './lazy';
import { openRoutes } from './open/open-routes';
import { PageLoading } from './page-loading';
import { LOGIN_PATH, NOT_FOUND_PATH } from './paths';
import { RouteError } from './route-error';

// Every page is its own chunk: the login page never carries the signed-in application.
const LoginPage = lazyPage(() => import('./login/LoginPage'));
const NotFoundPage = lazyPage(() => import('./not-found/NotFoundPage'));
const AppShell = lazyPage(() => import('./layout/AppShell'));
// antd's provider for the open pages, fetched with them (the login page carries no antd).
const OpenFrame = lazy(() => import('./open/OpenFrame'));

/**
 * The top level knows only what needs no permission. Everything else goes to the signed-in
 * shell, which loads the permission set and builds the allowed routes from the area lists
 * (shell/build-routes.tsx); what it does not build answers /404.
 */
export const routes: RouteObject[] = [
  {
    element: (
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    ),
    errorElement: <RouteError />,
    children: [
      {
        path: LOGIN_PATH,
        element: (
          <GuestOnly>
            <LoginPage />
          </GuestOnly>
        ),
      },
      { path: NOT_FOUND_PATH, element: <NotFoundPage /> },
      // The built open pages: no session, their link's token (shell/open, docs/open-links.md).
      ...openRoutes.map(({ path, component: Page }) => ({
        path,
        element: (
          <OpenFrame>
            <Page />
          </OpenFrame>
        ),
      })),
      {
        path: '*',
        element: (
          <RequireAuth>
            <AppShell />
          </RequireAuth>
        ),
      },
    ],
  },
];
