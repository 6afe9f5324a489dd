import type { AuthObject } from '@crm/shared';
import { useContext } from 'react';
import { isRouteAllowed, routePath } from './access';
import { RouteTableContext } from './route-table';
import type { AppArea } from './route-types';
import { useSession } from './session';

/**
 * May the user open this address (a path with its query, e.g. `/workbench/examine?tab=waiting`)?
 * Only pages of the route table count: a link to a page that is not built, or that the user may
 * not open, is no link at all.
 */
export function isAddressAllowed(
  auth: AuthObject | null | undefined,
  list: readonly AppArea[],
  address: string,
): boolean {
  const pathname = new URL(address, 'http://app.local').pathname;
  return list.some((area) =>
    area.routes.some((route) => routePath(area, route) === pathname && isRouteAllowed(auth, area, route)),
  );
}

/** For links inside pages: the address when the signed-in user may open it (the shell's route table), else undefined. */
export function useAllowedAddress(): (address: string | undefined) => string | undefined {
  const { auth } = useSession();
  const areas = useContext(RouteTableContext);
  return (address) => (address && isAddressAllowed(auth, areas, address) ? address : undefined);
}
