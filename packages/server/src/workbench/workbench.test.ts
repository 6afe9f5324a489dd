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
  tok = { sunli: await t.login('sunli'), liming: await t.login('liming') };
});
afterAll(() => t.close());

describe('POST /CrmBackLog/num', () => {
  it('answers every CRM count, zero while no feature counts them', async () => {
    const res = await t.post('/CrmBackLog/num', {}, tok.sunli);
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
    backlog.register('followCustomer', async (db, user) => {
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from sys_user where parent_id = ${user.userId}`,
      );
      return Number(row?.n ?? 0);
    });
    backlog.register('endContract', async () => 1);
    expect((await t.post('/CrmBackLog/num', {}, tok.liming)).data).toMatchObject({
      followCustomer: 2,
      endContract: 1,
      totalNum: 3,
    });
    expect((await t.post('/CrmBackLog/num', {}, tok.sunli)).data).toMatchObject({ followCustomer: 0, totalNum: 1 });
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
