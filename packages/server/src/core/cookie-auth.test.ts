import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { orgIds } from '../test/people.ts';
import { queryRows } from './sql.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t.close());

const cookieOnly = (token: string) => ({ cookie: `Admin-Token=${encodeURIComponent(token)}` });

/** The reads a browser loads by address (<img src>, download links), and nothing else. */
const COOKIE_READS = [
  'GET /file/view/:key',
  'GET /file/download/:key',
  'GET /system/user/avatar/:name',
  // The call centre (issue 25, h-call): the <audio> of the call log loads the recording by address.
  'GET /moor/queryAudio',
];

describe('the Admin-Token cookie', () => {
  it('is accepted only by the GET-only reads that opted in', async () => {
    const opted = t.app.routeTable.filter((r) => r.cookieAuth).map((r) => `${r.method} ${r.url}`);
    expect(opted.sort()).toEqual([...COOKIE_READS].sort());
    // GET-only: no other method of the same address exists.
    for (const entry of opted) {
      const url = entry.slice(4);
      expect(t.app.routeTable.filter((r) => r.url === url).map((r) => r.method)).toEqual(['GET']);
    }
    // The cookie alone passes the session check there (the file is then looked up).
    const res = await t.app.inject({ method: 'GET', url: '/file/view/nosuchkey', headers: cookieOnly(admin) });
    expect(res.json()).toMatchObject({ code: 404, msg: '文件不存在' });
  });

  it('signs in no route but those reads, whatever the method', async () => {
    const refused: string[] = [];
    for (const route of t.app.routeTable) {
      if (route.access === 'public' || route.cookieAuth) continue;
      const url = route.url.replace(/:(\w+)/g, 'x1');
      const res = await t.app.inject({
        method: route.method as 'GET' | 'POST',
        url,
        headers: cookieOnly(admin),
        ...(route.method === 'POST' ? { payload: {} } : {}),
      });
      if (res.json().code === 302) refused.push(`${route.method} ${route.url}`);
    }
    const guarded = t.app.routeTable
      .filter((r) => r.access !== 'public' && !r.cookieAuth)
      .map((r) => `${r.method} ${r.url}`);
    expect(guarded.length).toBeGreaterThan(40);
    expect(refused).toEqual(guarded);
  });
});

describe('GET /OaExamine/auditExamine (the link form the spec keeps)', () => {
  it('refuses the cookie alone and changes nothing; approves with the header', async () => {
    const ids = await orgIds(t);
    const category = await t.post(
      '/OaExamineCategory/setExamineCategory',
      { title: '跨站测试', examineType: 1, steps: [{ stepType: 2, userIds: [ids.user.zhaoqiang] }] },
      admin,
    );
    expect(category.code).toBe(0);
    const sunli = await t.login('sunli');
    const sent = await t.post(
      '/OaExamine/setOaExamine',
      { oaExamine: { categoryId: category.data.categoryId, batchId: 'csrf-1', content: '测试' }, field: [] },
      sunli,
    );
    expect(sent.code).toBe(0);
    const { recordId } = sent.data;
    const state = async () =>
      queryRows<{ status: number; tasks: string }>(
        t.database.db,
        sql`select r.status, r.version, (select string_agg(status, ',' order by seq) from examine_task where record_id = r.record_id) as tasks
            from examine_record r where r.record_id = ${recordId}`,
      );
    const before = await state();
    const approver = await t.login('zhaoqiang');
    const url = `/OaExamine/auditExamine?recordId=${recordId}&status=1&remarks=x`;

    const forged = await t.app.inject({ method: 'GET', url, headers: cookieOnly(approver) });
    expect(forged.json()).toMatchObject({ code: 302, msg: '请先登录！' });
    expect(await state()).toEqual(before);

    const real = await t.app.inject({ method: 'GET', url, headers: { 'admin-token': approver } });
    expect(real.json().code).toBe(0);
    expect(await state()).not.toEqual(before);
  });
});
