import { APP_OFF_NODE, type AuthObject, authHas } from '@crm/shared';

/**
 * Applications (issue 25): the server leaves a switched-off area's permission keys out of the auth
 * object, so its menus and routes go by themselves; `auth.appOff` names the switched-off ones, for
 * the entries that need only a sign-in (the header's chat).
 */
export const isApplicationOn = (auth: AuthObject | null | undefined, key: string): boolean =>
  !!auth && !authHas(auth, `${APP_OFF_NODE}.${key}`);
