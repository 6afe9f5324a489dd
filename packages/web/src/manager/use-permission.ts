import { authHas } from '@crm/shared';
import { useMemo } from 'react';
import { sessionStore } from '@/shell/session-store';

/**
 * What the signed-in user may do, from the stored auth object: buttons show only with the
 * matching key. The server checks every call again — this only spares people a refusal.
 */
export function usePermission(): (path: string) => boolean {
  return useMemo(() => {
    const auth = sessionStore.auth() ?? undefined;
    return (path: string) => authHas(auth, path);
  }, []);
}
