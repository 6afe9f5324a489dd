import { useEffect } from 'react';
import { call } from './call';

/** Spec 4.1 and 9: a keep-alive call every 5000 ms while signed in slides the session expiry. */
export const KEEP_ALIVE_MS = 5000;

export function useKeepAlive(enabled = true) {
  useEffect(() => {
    if (!enabled) return;
    const id = window.setInterval(() => {
      // A 302 answer opens the "log in again" dialog in the request layer; nothing else to do.
      call('/achievement/ttl', undefined, { method: 'GET', silent: true }).catch(() => {});
    }, KEEP_ALIVE_MS);
    return () => window.clearInterval(id);
  }, [enabled]);
}
