/**
 * First path segments of the web app's pages (spec 2.2 top-level routes and 2.3 route groups).
 * The API lives on the same origin at the spec's paths (/OaExamine/…, /system/…, /file/…), which
 * never start with one of these; the server answers a GET of a page address with the app, and
 * an unknown address outside these with the JSON 404. A web test checks every built route is here.
 */
export const PAGE_ROOTS: readonly string[] = [
  'login',
  '404',
  'person',
  'workbench',
  'workflow',
  'crm',
  'project',
  'bi',
  'manager',
  'openOrders',
  'printCashPage',
  'reimbursementDetail',
  'largeTurntablePage',
  'LargeLuckyGridPage',
  'LargeLuckyGridConfig',
  'largeScreen',
  'record',
  'customer',
  'Booking_management',
  'chat',
  'entryDetails',
  'signH5',
  // The customer's review page (issue 25; the spec names none: not /evaluate, the API's own root).
  'evaluateH5',
];

const roots = new Set(PAGE_ROOTS);

/** `/`, `/workbench/examine`, `/login?redirect=…` → true; `/OaExamine/x`, `/assets/a.js` → false. */
export function isPagePath(pathname: string): boolean {
  const p = pathname.split('?')[0] ?? '';
  if (p === '/' || p === '') return true;
  const first = p.slice(1).split('/')[0] ?? '';
  return roots.has(first);
}
