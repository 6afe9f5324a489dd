import { responseContracts } from '@crm/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '@/workbench/examine/test-utils';
import { answerable, answered, refuse, uncontractedPaths } from './answers';

afterEach(() => vi.unstubAllGlobals());

const read = async (path: string, body: Record<string, unknown> = {}) =>
  (await fetch(path, { method: 'POST', body: JSON.stringify(body) })).json();

describe('typed fake answers', () => {
  it('answers a contracted path with its fixture, a handler with what it returns, a refusal as the server words it', async () => {
    const calls = fakeFetch({
      '/CrmCustomer/lock': { count: 2 },
      '/CrmCustomer/setDealStatus': refuse(403, '无权操作'),
      '/CrmCustomer/receiveByIds': (body) => ({ count: (body.ids as number[]).length }),
    });
    expect(await read('/CrmCustomer/lock')).toEqual({ code: 0, msg: 'success', data: { count: 2 } });
    expect(await read('/CrmCustomer/setDealStatus')).toEqual({ code: 403, msg: '无权操作', data: null });
    expect(await read('/CrmCustomer/receiveByIds', { ids: [1, 2, 3] })).toMatchObject({ data: { count: 3 } });
    expect(calls.map((c) => c.path)).toEqual([
      '/CrmCustomer/lock',
      '/CrmCustomer/setDealStatus',
      '/CrmCustomer/receiveByIds',
    ]);
  });

  it('refuses a fixture that disagrees with the contract or names a path without one (type check)', () => {
    // The draft's real mismatch: /CrmCustomer/lock answers a count, never null.
    // @ts-expect-error null is not the lock's answer
    fakeFetch({ '/CrmCustomer/lock': null });
    // @ts-expect-error a count is a number
    fakeFetch({ '/CrmCustomer/lock': { count: '2' } });
    // @ts-expect-error a handler answers the contract too
    fakeFetch({ '/CrmCustomer/lock': () => ({ total: 2 }) });
    expect(() =>
      // @ts-expect-error a path with no contract and not listed
      fakeFetch({ '/CrmCustomer/noSuchCall': null }),
    ).toThrow('no response contract for /CrmCustomer/noSuchCall');
  });

  it('lists only paths that still have no contract: one that gains a contract leaves the list', () => {
    for (const path of uncontractedPaths) {
      expect(path in responseContracts, path).toBe(false);
      expect(answerable(path)).toBe(true);
    }
    expect(answerable('/CrmCustomer/lock')).toBe(true);
    expect(answerable('/CrmCustomer/noSuchCall')).toBe(false);
  });

  it('sends a typed answer for a test with its own fetch stub', async () => {
    expect(await answered('/CrmCustomer/lock', { count: 1 }).json()).toEqual({
      code: 0,
      msg: 'success',
      data: { count: 1 },
    });
  });
});
