/** Addresses the route guard knows before any permission is loaded (spec 2.1). */
export const LOGIN_PATH = '/login';
export const NOT_FOUND_PATH = '/404';

/** Pages that need no session (spec 2.1). Besides /login, each opens with its link (shell/open/open-routes.ts); one not built answers /404. */
export const OPEN_PATHS = [
  '/login',
  '/reimbursementDetail',
  '/signH5',
  '/largeTurntablePage',
  '/LargeLuckyGridPage',
  '/LargeLuckyGridConfig',
  '/largeScreen',
  // 顾客评价 (issue 25, h-coupons): the review link's page.
  '/evaluateH5',
] as const;

export const isOpenPath = (pathname: string): boolean =>
  OPEN_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));

/** `/login?redirect=…` for a page that needs a session. */
export const loginUrlFor = (target: string): string =>
  target && target !== '/' ? `${LOGIN_PATH}?redirect=${encodeURIComponent(target)}` : LOGIN_PATH;

/** Only same-site paths are followed after login (no `//evil.example` or `https:`). */
export function safeRedirect(raw: string | null | undefined): string {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/';
  if (raw === LOGIN_PATH || raw.startsWith(`${LOGIN_PATH}?`)) return '/';
  return raw;
}
