import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isOpenPath, LOGIN_PATH, loginUrlFor, NOT_FOUND_PATH } from './paths';
import { sessionStore } from './session-store';

/** Pages behind the session (spec 2.1): no token → /login?redirect={path}. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  // Open pages that are not built yet: not found, and no login asked for.
  if (isOpenPath(pathname) && pathname !== LOGIN_PATH) return <Navigate to={NOT_FOUND_PATH} replace />;
  if (!sessionStore.token()) return <Navigate to={loginUrlFor(pathname + search)} replace />;
  return children;
}

/** The login page: a signed-in user is sent to /. */
export function GuestOnly({ children }: { children: ReactNode }) {
  if (sessionStore.token()) return <Navigate to="/" replace />;
  return children;
}
