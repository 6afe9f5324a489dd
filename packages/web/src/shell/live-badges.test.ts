import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { onShellFrame } from './live-badges';

/** A shown query (an observer, as a mounted badge is) that counts how often it was fetched. */
function shown(client: QueryClient, queryKey: string[]) {
  let fetched = 0;
  const observer = new QueryObserver(client, {
    queryKey,
    queryFn: async () => ++fetched,
    staleTime: 60_000,
  });
  const stop = observer.subscribe(() => {});
  return { fetched: () => fetched, stop };
}

const settle = () => new Promise((r) => setTimeout(r, 20));

describe('badges pushed on the socket refresh the badge counts without a reload', () => {
  it('refetches the counts of the areas that moved, and only those', async () => {
    const client = new QueryClient();
    const oa = shown(client, ['todo', 'oa']);
    const crm = shown(client, ['todo', 'crm']);
    const examine = shown(client, ['examine', 'counts']);
    await settle();
    expect([oa.fetched(), crm.fetched(), examine.fetched()]).toEqual([1, 1, 1]);

    onShellFrame({ type: 'badges', areas: ['oa'] }, { unread: () => {}, client });
    await settle();
    expect([oa.fetched(), crm.fetched(), examine.fetched()]).toEqual([2, 1, 2]);

    onShellFrame({ type: 'badges', areas: ['crm', 'crm'] }, { unread: () => {}, client });
    await settle();
    expect([oa.fetched(), crm.fetched(), examine.fetched()]).toEqual([2, 2, 2]);
    for (const q of [oa, crm, examine]) q.stop();
  });

  it('sets the chat badge from the unread total', () => {
    let unread = -1;
    onShellFrame({ type: 'unread', count: 3 }, { unread: (n) => (unread = n), client: new QueryClient() });
    expect(unread).toBe(3);
  });
});
