import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../core/sql.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { hasUsers, seedDemo, seedInitialAdmin } from './seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('start-up data', () => {
  it('seeds the demo organisation only once', async () => {
    expect(await hasUsers(t.database.db)).toBe(true);
    expect(await seedDemo(t.database.db)).toBe(false);
  });

  it('gives every demo customer its shop’s 服务三级 (the serving employee’s name), as the form does', async () => {
    const rows = await queryRows<{ relation: string; realname: string }>(
      t.database.db,
      sql`select c.relation, u.realname from crm_customer c
        join crm_store s on s.id = c.shop_owner_id join sys_user u on u.user_id::text = s.relation`,
    );
    expect(rows.length).toBeGreaterThan(5);
    for (const r of rows) expect(r.relation).toBe(r.realname);
  });

  it('a production start creates the first administrator with the chosen password', async () => {
    const db = t.database.db;
    await db.execute(sql`truncate sys_user, sys_role, sys_dept restart identity cascade`);
    expect(await hasUsers(db)).toBe(false);
    await seedInitialAdmin(db, 'Secret2026');
    const res = await t.post('/login', { username: 'admin', password: 'Secret2026', type: 3 });
    expect(res.code).toBe(0);
    expect(res.data.user).toMatchObject({ username: 'admin', isAdmin: true, deptName: '总经办' });
    expect((await t.post('/login', { username: 'sunli', password: '123456a' })).msg).toBe('用户名或密码错误');
  });

  it('answers the health check without a session', async () => {
    const res = await t.call('GET', '/healthz');
    expect(res).toMatchObject({ code: 0, data: { status: 'ok' } });
  });
});
