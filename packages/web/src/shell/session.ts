import type { AuthObject, Profile } from '@crm/shared';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from './call';
import { sessionStore } from './session-store';

/** The signed-in user as `POST /system/user/queryLoginUser` answers it (the shared profile contract). */
export type LoginUser = Profile;

export type Session = { user: LoginUser; auth: AuthObject };

export const SESSION_KEY = ['session'] as const;

/** Permission set and user info, fetched on the first navigation after the page loads (spec 2.1). */
export async function loadSession(): Promise<Session> {
  const [auth, user] = await Promise.all([
    call('/system/role/auth', undefined, { silent: true }),
    call('/system/user/queryLoginUser', undefined, { silent: true }),
  ]);
  sessionStore.save({ auth, user });
  return { auth, user };
}

export const sessionQuery = {
  queryKey: SESSION_KEY,
  queryFn: loadSession,
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
  refetchOnWindowFocus: false,
} as const;

/** The loaded session; only inside the signed-in shell, where it is always present. */
export function useSession(): Session {
  const { data } = useQuery(sessionQuery);
  if (!data) throw new Error('useSession outside the signed-in shell');
  return data;
}

/** Replace the user after a profile change (cache and storage). */
export function setSessionUser(client: QueryClient, patch: Partial<LoginUser>) {
  client.setQueryData<Session>(SESSION_KEY, (old) => {
    if (!old) return old;
    const user = { ...old.user, ...patch };
    sessionStore.save({ user });
    return { ...old, user };
  });
}

export const useSetSessionUser = () => {
  const client = useQueryClient();
  return (patch: Partial<LoginUser>) => setSessionUser(client, patch);
};
