import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { defineRoute } from '../core/route.ts';
import { queryRows } from '../core/sql.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { orgIds } from '../test/people.ts';

/**
 * Sessions are cached in each server process. Every change is made through the test app `t`
 * and checked through two other instances on the same database (`a` and `b`; on PostgreSQL each
 * has its own pool and listening connection, as separate processes would).
 */
let t: TestApp;
type Sibling = Awaited<ReturnType<TestApp['sibling']>>;
let a: Sibling;
let b: Sibling;
let ids: Awaited<ReturnType<typeof orgIds>>;
let admin: string;

/** What the session check resolved the caller to. */
const addMe = (app: FastifyInstance) =>
  defineRoute(app, {
    method: 'POST',
    url: '/test/me',
    access: 'login',
    handler: ({ user }) => ({
      realname: user.realname,
      deptId: user.deptId,
      permissions: [...user.permissions].sort(),
      dataTypes: user.roles.map((r) => r.dataType).sort(),
    }),
  });

beforeAll(async () => {
  t = await createTestApp();
  a = await t.sibling(addMe);
  b = await t.sibling(addMe);
  ids = await orgIds(t);
  admin = await t.login('admin');
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await t.close();
});

const me = async (app: Sibling, token: string) => {
  const res = await app.app.inject({ method: 'POST', url: '/test/me', headers: { 'admin-token': token } });
  const body = res.json();
  return body.code === 0 ? body.data : { code: body.code, msg: body.msg };
};
const signedOut = { code: 302, msg: '请先登录！' };
/** Another process learns of a change when the database notifies it, a moment after the commit. */
const seenBy = (app: Sibling, token: string) => expect.poll(() => me(app, token), { timeout: 2000, interval: 10 });

async function freshUser(name: string, roleIds: number[]): Promise<{ userId: number; token: string }> {
  const res = await t.post(
    '/system/user/addUser',
    { username: name, password: 'abc12345', realname: '测试', deptId: ids.dept['总经办'], roleIds },
    admin,
  );
  expect(res.msg).toBe('success');
  const [row] = await queryRows<{ id: number }>(
    t.database.db,
    sql`select user_id as id from sys_user where username = ${name}`,
  );
  return { userId: Number(row!.id), token: await t.login(name, 'abc12345') };
}

describe('the session cache', () => {
  it('answers a known session without asking the database', async () => {
    const token = await t.login('wufang');
    expect((await me(a, token)).realname).toBe('吴芳');
    // Remove the row behind the cache's back (no trigger fires): the cached session still answers.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`delete from sys_session where user_id = ${ids.user.wufang}`);
    });
    expect((await me(a, token)).realname).toBe('吴芳');
    // Never cached in b: it asks the database and finds nothing.
    expect(await me(b, token)).toEqual(signedOut);
  });

  it('ends a session everywhere at logout', async () => {
    const token = await t.login('zhoujie');
    expect((await me(a, token)).realname).toBe('周杰');
    expect((await me(b, token)).realname).toBe('周杰');
    expect((await t.post('/logout', {}, token)).code).toBe(0);
    await seenBy(a, token).toEqual(signedOut);
    await seenBy(b, token).toEqual(signedOut);
  });

  it('signs a disabled user out everywhere at once', async () => {
    const { userId, token } = await freshUser('cachedisable', []);
    expect((await me(a, token)).realname).toBe('测试');
    expect((await t.post('/system/user/setUserStatus', { userIds: [userId], status: 0 }, admin)).code).toBe(0);
    await seenBy(a, token).toEqual(signedOut);
  });

  it('applies a changed permission list, data scope, role grant and removal at once', async () => {
    const role = await t.post('/system/role/add', { roleName: '缓存测试', roleType: 7, dataType: 1 }, admin);
    const roleId = role.data.roleId as number;
    const put = (body: object) => t.post('/system/role/updateRoleMenu', { roleId, ...body }, admin);
    expect((await put({ permissions: ['oa:examine:use'] })).code).toBe(0);
    const { userId, token } = await freshUser('cacheroles', []);
    expect(await me(a, token)).toMatchObject({ permissions: [], dataTypes: [] });

    expect((await t.post('/system/role/relatedUser', { roleIds: [roleId], userIds: [userId] }, admin)).code).toBe(0);
    await seenBy(a, token).toMatchObject({ permissions: ['oa:examine:use'], dataTypes: [1] });
    await seenBy(b, token).toMatchObject({ permissions: ['oa:examine:use'], dataTypes: [1] });

    expect((await put({ permissions: [], dataType: 2 })).code).toBe(0);
    await seenBy(a, token).toMatchObject({ permissions: [], dataTypes: [2] });
    await seenBy(b, token).toMatchObject({ permissions: [], dataTypes: [2] });

    expect((await t.post('/system/role/unbindingUser', { roleId, userId }, admin)).code).toBe(0);
    await seenBy(a, token).toMatchObject({ dataTypes: [] });
  });

  it('applies a changed profile at once', async () => {
    const token = await t.login('zhenghao');
    expect((await me(a, token)).realname).toBe('郑浩');
    expect((await t.post('/system/user/updateUser', { realname: '郑浩二' }, token)).code).toBe(0);
    await seenBy(a, token).toMatchObject({ realname: '郑浩二' });
  });

  it('ends the other sessions when users change their own password, keeping the current one', async () => {
    const { token: web } = await freshUser('cachepwd', []);
    const app = (await t.call('POST', '/login', { body: { username: 'cachepwd', password: 'abc12345', type: 1 } }))
      .data['Admin-Token'] as string;
    expect((await me(a, web)).realname).toBe('测试');
    expect((await me(a, app)).realname).toBe('测试');
    expect((await t.post('/system/user/updatePassword', { oldPwd: 'abc12345', newPwd: 'xyz12345' }, web)).code).toBe(0);
    await seenBy(a, app).toEqual(signedOut);
    expect((await t.post('/system/user/queryLoginUser', {}, app)).code).toBe(302);
    expect((await me(a, web)).realname).toBe('测试');
    expect((await t.post('/system/user/queryLoginUser', {}, web)).code).toBe(0);
  });

  it("ends every session at an administrator's reset", async () => {
    const { userId, token } = await freshUser('cachereset', []);
    expect((await me(b, token)).realname).toBe('测试');
    const res = await t.post('/system/user/resetPasswordByUserId', { userIds: [userId], password: 'new12345' }, admin);
    expect(res.code).toBe(0);
    await seenBy(b, token).toEqual(signedOut);
  });
});

describe('sliding expiry with the cache', () => {
  const expiry = async (userId: number) =>
    Number(
      (
        await queryRows<{ e: number }>(
          t.database.db,
          sql`select extract(epoch from expires_at)::float8 as e from sys_session where user_id = ${userId}`,
        )
      )[0]!.e,
    );

  it('writes the expiry at most once a minute and renews the cookie with it', async () => {
    const { userId, token } = await freshUser('cacheslide', []);
    const call = () => a.app.inject({ method: 'GET', url: '/achievement/ttl', headers: { 'admin-token': token } });
    expect((await call()).headers['set-cookie']).toBeUndefined();
    const before = await expiry(userId);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    try {
      const slid = await call();
      expect(slid.json().code).toBe(0);
      expect(slid.headers['set-cookie']).toMatch(/^Admin-Token=[\w-]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=3600$/);
      const after = await expiry(userId);
      expect(after).toBeGreaterThan(before);
      // Within the same minute: no write, no cookie.
      vi.setSystemTime(Date.now() + 30_000);
      expect((await call()).headers['set-cookie']).toBeUndefined();
      expect(await expiry(userId)).toBe(after);
    } finally {
      vi.useRealTimers();
    }
  });
});
