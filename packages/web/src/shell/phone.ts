import { areaOfPath, routePath } from './access';
import { mediaQuery, useMediaQuery } from './media-query';
import type { AppArea, TopRoute } from './route-types';

/**
 * Phone width (issue 26 item 7): below antd's `md` breakpoint (768 px). Pages and the shell
 * branch on this one hook, the CSS on the same width (`@media (max-width: 767.98px)`).
 * A narrow screen matches `xs` or `sm`; until antd has measured (nothing known yet) or where no
 * query matches at all (jsdom), it is not a phone, so a desktop never flashes the phone layout.
 */
export const PHONE_QUERY = '(max-width: 767.98px)';
const phone = mediaQuery(PHONE_QUERY);
// jsdom answers matchMedia with `matches: false` (or has none): not a phone.
export const isPhoneNow = phone.matches;

/**
 * Re-renders only when the answer changes (not on every breakpoint event, as antd's
 * Grid.useBreakpoint does: a re-render of the shell then closed an open drawer on the admin pages).
 */
export function usePhone(): boolean {
  return useMediaQuery(phone);
}

/**
 * Is the page at this address made for a larger screen? Its route, or its whole area, says so
 * with `wide` (the booking board, the statistics, the admin backend); the shell then shows a
 * notice at phone width instead of a page that cannot be used there.
 */
export function isWidePath(areas: AppArea[], top: TopRoute[], pathname: string): boolean {
  const topRoute = top.find((r) => r.path === pathname);
  if (topRoute) return !!topRoute.wide;
  const area = areaOfPath(areas, pathname);
  if (!area) return false;
  if (area.wide) return true;
  const route = area.routes.find((r) => matches(routePath(area, r), pathname));
  return !!route?.wide;
}

/** `/crm/customer/:id` matches `/crm/customer/12`. */
function matches(pattern: string, pathname: string): boolean {
  const a = pattern.split('/');
  const b = pathname.split('/');
  return a.length === b.length && a.every((part, i) => part.startsWith(':') || part === b[i]);
}
