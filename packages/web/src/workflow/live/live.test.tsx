import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/shell/session-store';
import { useLiveQueue } from './use-visit-events';
import { VisitFeed } from './visit-feed';

/** A socket the test drives: open it, hand it frames, drop it. */
class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: { type: string; storeIds?: number[] }[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor() {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {}
  /** Open and sign in: the server answers `ready`. */
  ready() {
    this.readyState = 1;
    this.onopen?.();
    this.receive({ type: 'ready', userId: 7 });
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({ code: 1006 });
  }
}
const last = () => FakeSocket.all.at(-1)!;
const socket = { url: 'ws://x', createSocket: () => new FakeSocket() as never, reconnectMs: 10 };
const visit = (storeId: number, visitId = 1, status = 3) => ({ type: 'visit', visitId, storeId, status });

beforeEach(() => {
  FakeSocket.all = [];
});

describe('VisitFeed', () => {
  afterEach(() => vi.useRealTimers());

  it('watches its store once signed in, passes that store’s moves on, and reloads once watching (again, after a reconnect) and on a resync', () => {
    vi.useFakeTimers();
    const events: unknown[] = [];
    const states: string[] = [];
    let reloads = 0;
    const feed = new VisitFeed({
      token: () => 'tok',
      storeIds: [5],
      onEvent: (e) => events.push(e),
      onReload: () => reloads++,
      onState: (s) => states.push(s),
      socket,
    });
    feed.start();
    last().ready();
    expect(last().sent).toEqual([
      { type: 'auth', token: 'tok' },
      { type: 'watchVisits', storeIds: [5] },
    ]);
    expect(reloads).toBe(0);
    // Watching from now on: what moved before is in a fresh fetch.
    last().receive({ type: 'watchingVisits', storeIds: [5] });
    expect(reloads).toBe(1);
    last().receive(visit(5, 11, 4));
    last().receive(visit(6, 12, 4));
    last().receive({ type: 'badges', areas: ['oa'] });
    expect(events).toEqual([visit(5, 11, 4)]);

    // A drop: the new socket watches again and the page reloads what it may have missed.
    last().drop();
    expect(states.at(-1)).toBe('reconnecting');
    vi.advanceTimersByTime(10);
    last().ready();
    expect(states.at(-1)).toBe('open');
    expect(last().sent.at(-1)).toEqual({ type: 'watchVisits', storeIds: [5] });
    last().receive({ type: 'watchingVisits', storeIds: [5] });
    expect(reloads).toBe(2);
    last().receive({ type: 'resync' });
    expect(reloads).toBe(3);
    feed.stop();
  });
});

describe('useLiveQueue', () => {
  it('fetches the station’s queue again when a visit of its store moves or the socket comes back', async () => {
    vi.spyOn(sessionStore, 'token').mockReturnValue('tok');
    const client = new QueryClient();
    let fetched = 0;
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result, unmount } = renderHook(
      () => {
        useQuery({ queryKey: ['visits', 'queue', 5], queryFn: async () => ++fetched, staleTime: 60_000 });
        return useLiveQueue(5, [['visits']], socket);
      },
      { wrapper },
    );
    await waitFor(() => expect(fetched).toBe(1));
    expect(result.current).toBe('connecting');
    act(() => last().ready());
    expect(result.current).toBe('open');
    act(() => last().receive({ type: 'watchingVisits', storeIds: [5] }));
    await waitFor(() => expect(fetched).toBe(2));
    act(() => last().receive(visit(5)));
    await waitFor(() => expect(fetched).toBe(3));
    // Another store's move is not this page's.
    act(() => last().receive(visit(9)));
    await new Promise((r) => setTimeout(r, 30));
    expect(fetched).toBe(3);
    act(() => last().drop());
    expect(result.current).toBe('reconnecting');
    await waitFor(() => expect(FakeSocket.all).toHaveLength(2));
    act(() => last().ready());
    act(() => last().receive({ type: 'watchingVisits', storeIds: [5] }));
    await waitFor(() => expect(fetched).toBe(4));
    expect(result.current).toBe('open');
    unmount();
  });
});
