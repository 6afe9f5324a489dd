import { useQuery } from '@tanstack/react-query';
import { App } from 'antd';
import { Fragment, lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate, useRoutes } from 'react-router';
import { areaOfPath } from '../access';
import { AntdProvider } from '../antd-provider';
import { isApplicationOn } from '../applications';
import { loadAreaViews } from '../area-views';
import { areas, PERSON_BASE, personRoutes } from '../areas';
import { buildRoutes } from '../build-routes';
import { FeedbackBinder } from '../feedback';
import { useKeepAlive } from '../keep-alive';
import { importWithRetry, lazyPage } from '../lazy';
import { PageLoading } from '../page-loading';
import { loginUrlFor } from '../paths';
import { ApiError, logout } from '../request';
import { RouteTableContext } from '../route-table';
import { sessionQuery, useSession } from '../session';
import { useTimeZone } from '../time';
import { bareTopRoute, topRoutes } from '../top-routes';
import { AppLayout } from './AppLayout';
import { CHAT_PATH } from './ChatEntry';
import { layoutMessages } from './messages';

const ChatPage = lazyPage(() => import('@/chat/ChatPage'));
// Shown only when the session cannot be loaded: not in the first load.
const NetworkFailure = lazy(() => importWithRetry(() => import('./NetworkFailure')));

/**
 * The signed-in application: loads the permission set and the user on the first navigation,
 * then renders the routes they allow inside the layout (spec 2.1).
 */
export default function AppShell() {
  return (
    <AntdProvider>
      <App>
        <FeedbackBinder />
        {/* The route table for pages' links (route-table.ts, issue 27: no page imports `areas`). */}
        <RouteTableContext.Provider value={areas}>
          <ShellContent />
        </RouteTableContext.Provider>
      </App>
    </AntdProvider>
  );
}

function ShellContent() {
  const session = useQuery(sessionQuery);
  const failure = useSessionFailure(session.error);
  const { pathname } = useLocation();
  // The open area's menu and pages (shell/area-views.tsx) load beside the session, not after it.
  useEffect(() => {
    const area = areaOfPath(areas, pathname);
    if (area) loadAreaViews(area.key).catch(() => {});
  }, [pathname]);
  if (session.data) return <SignedIn />;
  if (failure === 'network')
    return (
      <Suspense fallback={<PageLoading />}>
        <NetworkFailure onRetry={() => session.refetch()} />
      </Suspense>
    );
  return <PageLoading />;
}

function SignedIn() {
  const { auth } = useSession();
  const { pathname } = useLocation();
  const routes = useMemo(
    () => buildRoutes(auth, areas, { base: PERSON_BASE, routes: personRoutes }, topRoutes),
    [auth],
  );
  const element = useRoutes(routes);
  useKeepAlive();
  const zone = useTimeZone();
  // The chat page fills its own tab (spec 2.3: opened from the header's chat icon), without the layout.
  if (pathname === CHAT_PATH && isApplicationOn(auth, 'chat'))
    return (
      <Suspense fallback={<PageLoading />}>
        <ChatPage />
      </Suspense>
    );
  // A page to print (the receipt) shows alone, without the header and menus.
  if (bareTopRoute(auth, pathname))
    return (
      <Suspense fallback={<PageLoading />}>
        <Fragment key={zone}>{element}</Fragment>
      </Suspense>
    );
  // A new company time zone shows the page again (its times read in the new zone).
  return (
    <AppLayout>
      <Fragment key={zone}>{element}</Fragment>
    </AppLayout>
  );
}

/**
 * User-info failure (spec 2.1, 8.2): log out and show the server message, or 获取用户信息失败.
 * A 302 already opened the "log in again" dialog; a network failure keeps the session and offers a retry.
 */
function useSessionFailure(error: Error | null): 'network' | 'other' | null {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const handled = useRef<Error | null>(null);
  const kind = !error ? null : error instanceof ApiError && error.code === -1 ? 'network' : 'other';
  useEffect(() => {
    // Once per failure; the location at that moment is where to come back to.
    if (kind !== 'other' || !error || handled.current === error) return;
    handled.current = error;
    if (error instanceof ApiError && error.code === 302) return;
    message.error(error.message || layoutMessages.translate('userInfoFailed'));
    void logout().then(() => navigate(loginUrlFor(pathname + search), { replace: true }));
  }, [error, kind, message, navigate, pathname, search]);
  return kind;
}
