import { crmBacklogKeys, oaBacklogKeys } from '@crm/shared';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../auth/session.ts';
import type { Db } from '../db/client.ts';
import { createBacklogRegistry, crmBacklog, oaBacklog } from './backlog.ts';

const db = {} as Db;
const user = { userId: 7 } as SessionUser;

describe('backlog registry', () => {
  it('answers 0 for every key no feature counts yet, and totalNum 0', async () => {
    const registry = createBacklogRegistry();
    expect(await crmBacklog(registry, db, user)).toEqual({
      ...Object.fromEntries(crmBacklogKeys.map((k) => [k, 0])),
      totalNum: 0,
    });
    expect(await oaBacklog(registry, db, user)).toEqual(Object.fromEntries(oaBacklogKeys.map((k) => [k, 0])));
  });

  it('asks each registered counter with the user, and sums the CRM keys into totalNum', async () => {
    const registry = createBacklogRegistry();
    const seen: number[] = [];
    registry.register('followLeads', async (_db, u) => {
      seen.push(u.userId);
      return 4;
    });
    registry.register('checkContract', async () => 2);
    registry.register('examineNum', async () => 5);
    const crm = await crmBacklog(registry, db, user);
    expect(crm).toMatchObject({ followLeads: 4, checkContract: 2, todayCustomer: 0, totalNum: 6 });
    expect(await oaBacklog(registry, db, user)).toMatchObject({ examineNum: 5, eventNum: 0 });
    expect(seen).toEqual([7]);
  });

  it.each([
    [-3, 0],
    [Number.NaN, 0],
    [2.7, 2],
  ])('answers a whole non-negative count for %s', async (raw, expected) => {
    const registry = createBacklogRegistry();
    registry.register('logNum', async () => raw);
    expect((await oaBacklog(registry, db, user)).logNum).toBe(expected);
  });

  it('refuses a second counter for one key', () => {
    const registry = createBacklogRegistry();
    registry.register('taskNum', async () => 1);
    expect(() => registry.register('taskNum', async () => 2)).toThrow(/twice/);
  });
});
