import { Msg } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../core/sql.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { backlog } from './backlog.ts';

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
    // A stand-in feature: counts the caller's subordinates in the database.
    // (followLeads is counted by the leads module; a key no feature counts yet stands in.)
    backlog.register('checkReceivables', async (db, user) => {
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from sys_user where parent_id = ${user.userId}`,
      );
      return Number(row?.n ?? 0);
    });
    backlog.register('endContract', async () => 1);
    const sumOf = (d: Record<string, number>) =>
      Object.entries(d).reduce((n, [k, v]) => (k === 'totalNum' ? n : n + v), 0);
    const liming = (await t.post('/CrmBackLog/num', {}, tok.liming)).data;
    expect(liming).toMatchObject({ checkReceivables: 2, endContract: 1 });
    expect(liming.totalNum).toBe(sumOf(liming));
    const sunli = (await t.post('/CrmBackLog/num', {}, tok.sunli)).data;
    expect(sunli).toMatchObject({ checkReceivables: 0, endContract: 1 });
    expect(sunli.totalNum).toBe(sumOf(sunli));
  });

  it('needs a session', async () => {
    expect(await t.post('/CrmBackLog/num', {})).toMatchObject({ code: 302, msg: Msg.notLoggedIn });
  });
});

describe('POST /OaBackLog/num', () => {
  it('answers every OA count', async () => {
    const res = await t.post('/OaBackLog/num', {}, tok.sunli);
    expect(res.data).toEqual({ eventNum: 0, taskNum: 0, announcementNum: 0, logNum: 0, examineNum: 0, shoufei: 0 });
  });

  it('needs a session', async () => {
    expect(await t.post('/OaBackLog/num', {}, 'expired-token')).toMatchObject({ code: 302, msg: Msg.notLoggedIn });
  });
});
