import type { VisitEventFrame } from '@crm/shared';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ConnectionStatus } from '@/chat/state';
import { sessionStore } from '@/shell/session-store';
import { VisitFeed, type VisitFeedOptions } from './visit-feed';

/**
 * A station page's live queue (docs/clinic-visits.md "Live queues"): calls `onEvent` for every
 * move of a visit of the store, `onReload` when events may have been missed (a reconnect);
 * answers the socket's state for `<LiveStatus>`. A null store watches nothing.
 */
export function useVisitEvents(
  storeId: number | null,
  onEvent: (e: VisitEventFrame) => void,
  onReload: () => void = () => {},
  socket?: VisitFeedOptions['socket'],
): ConnectionStatus {
  const [status, setStatus] = useState<ConnectionStatus>('connecting');
  // The latest callbacks, so a re-render does not reopen the socket.
  const handlers = useRef({ onEvent, onReload });
  handlers.current = { onEvent, onReload };
  useEffect(() => {
    if (storeId === null) return;
    const feed = new VisitFeed({
      token: () => sessionStore.token(),
      storeIds: [storeId],
      onEvent: (e) => handlers.current.onEvent(e),
      onReload: () => handlers.current.onReload(),
      onState: setStatus,
      socket,
    });
    feed.start();
    return () => feed.stop();
  }, [storeId, socket]);
  return status;
}

/**
 * The one line a station adopts: its queue queries (by key prefix) fetch again whenever a visit
 * of the store moves or the socket comes back.
 */
export function useLiveQueue(
  storeId: number | null,
  queryKeys: QueryKey[],
  socket?: VisitFeedOptions['socket'],
): ConnectionStatus {
  const client = useQueryClient();
  const keys = useRef(queryKeys);
  keys.current = queryKeys;
  const refetch = () => {
    for (const queryKey of keys.current) void client.invalidateQueries({ queryKey });
  };
  return useVisitEvents(storeId, refetch, refetch, socket);
}
