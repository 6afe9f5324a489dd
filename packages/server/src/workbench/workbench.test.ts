import { Msg } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../core/sql.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createBacklogRegistry, crmBacklog } from './backlog.ts';

let t: TestApp;
let tok: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  tok = { sunli: await t.login('sunli'), liming: await t.login('liming'), huangmin: await t.login('huangmin') };
});
afterAll(() => t.close());

describe('POST /CrmBackLog/num', () => {
  it('answers every CRM count, zero for someone without CRM records', async () => {
    const res = await t.post('/CrmBackLog/num', {}, tok.huangmin);
    expect(res).toMatchObject({ code: 0, msg: 'success' });
    expect(res.data).toEqual({
      todayCustomer: 0,
      followLeads: 0,
      followCustomer: 0,
      checkContract: 0,
      checkReceivables: 0,
      remindReceivablesPlan: 0,
      endContract: 0,
      totalNum: 0,
    });
  });

  it('answers what registered counters count for the caller, and their sum', async () => {
    // Every CRM key is counted by its module now: a registry of its own proves the mechanism
    // with a stand-in counter (the caller's subordinates), the endpoint that it sums them.
    const registry = createBacklogRegistry();
    registry.register('checkReceivables', async (db, user) => {
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from sys_user where parent_id = ${user.userId}`,
      );
      return Number(row?.n ?? 0);
    });
    const session = async (username: string) => {
      const [u] = await queryRows<{ user_id: number; dept_id: number }>(
        t.database.db,
        sql`select user_id, dept_id from sys_user where username = ${username}`,
      );
      return { userId: u!.user_id, deptId: u!.dept_id } as unknown as Parameters<typeof crmBacklog>[2];
    };
    const liming = await crmBacklog(registry, t.database.db, await session('liming'));
    expect(liming).toMatchObject({ checkReceivables: 2, followLeads: 0, endContract: 0, totalNum: 2 });
    const sunli = await crmBacklog(registry, t.database.db, await session('sunli'));
    expect(sunli).toMatchObject({ checkReceivables: 0, totalNum: 0 });
    expect(() => registry.register('checkReceivables', async () => 1)).toThrow(/registered twice/);

    const sumOf = (d: Record<string, number>) =>
      Object.entries(d).reduce((n, [k, v]) => (k === 'totalNum' ? n : n + v), 0);
    for (const who of ['liming', 'sunli'] as const) {
      const answer = (await t.post('/CrmBackLog/num', {}, tok[who])).data;
      expect(answer.totalNum).toBe(sumOf(answer));
    }
  });

  it('needs a session', async () => {
    expect(await t.post('/CrmBackLog/num', {})).toMatchObject({ code: 302, msg: Msg.notLoggedIn });
  });
});

describe('POST /OaBackLog/num', () => {
  it('answers every OA count', async () => {
    const res = await t.post('/OaBackLog/num', {}, tok.sunli);
    expect(res.data).toEqual({
      eventNum: 0,
      taskNum: 0,
      announcementNum: 0,
      logNum: 0,
      examineNum: 0,
      shoufei: 0,
      agencyNum: 0,
      // Declaration forms (issue 25, h-decl).
      declarationNum: 0,
    });
  });

  it('needs a session', async () => {
    expect(await t.post('/OaBackLog/num', {}, 'expired-token')).toMatchObject({ code: 302, msg: Msg.notLoggedIn });
  });
});
