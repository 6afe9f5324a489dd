import { Msg } from '@crm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /login', () => {
  it('answers Admin-Token, user and auth for the demo admin', async () => {
    const res = await t.post('/login', { username: 'admin', password: '123456a', type: 3 });
    expect(res.code).toBe(0);
    expect(res.data['Admin-Token']).toMatch(/^[\w-]{40,}$/);
    expect(res.data.user).toMatchObject({
      username: 'admin',
      realname: '系统管理员',
      deptName: '总经办',
      isAdmin: true,
    });
    expect(res.data.auth.manage.users.read).toBe(true);
    expect(res.data.auth.crm.customer.save).toBe(true);
  });

  it('accepts form-encoded bodies', async () => {
    const res = await t.call('POST', '/login', {
      body: { username: 'sunli', password: '123456a', type: '3' },
      form: true,
    });
    expect(res.code).toBe(0);
    expect(res.data.auth.manage).toBeUndefined();
    expect(res.data.auth.crm.customer.save).toBe(true);
  });

  it.each([
    [{ username: '', password: 'x' }, Msg.usernameRequired],
    [{ username: 'admin', password: '' }, Msg.passwordRequired],
    [{ username: 'admin', password: 'wrong1' }, Msg.loginFailed],
    [{ username: 'nobody', password: '123456a' }, Msg.loginFailed],
  ])('refuses %j with its message', async (body, msg) => {
    const res = await t.post('/login', { type: 3, ...body });
    expect(res.code).not.toBe(0);
    expect(res.msg).toBe(msg);
  });

  it('locks the account after 5 failures within 5 minutes', async () => {
    for (let i = 0; i < 4; i++)
      expect((await t.post('/login', { username: 'zhoujie', password: 'bad' })).msg).toBe(Msg.loginFailed);
    expect((await t.post('/login', { username: 'zhoujie', password: 'bad' })).msg).toBe(Msg.accountLocked);
    // Even the right password is refused while locked.
    expect((await t.post('/login', { username: 'zhoujie', password: '123456a' })).msg).toBe(Msg.accountLocked);
  });

  it('ends the older session when the same client type logs in again', async () => {
    const first = await t.login('liuyang');
    const second = await t.login('liuyang');
    expect((await t.call('GET', '/achievement/ttl', { token: first })).code).toBe(302);
    expect((await t.call('GET', '/achievement/ttl', { token: second })).code).toBe(0);
  });
});

describe('sessions', () => {
  it('answers 302 with 请先登录！ without a token or with an unknown one', async () => {
    for (const token of [undefined, 'nonsense']) {
      const res = await t.call('GET', '/achievement/ttl', { token });
      expect(res).toMatchObject({ code: 302, msg: '请先登录！' });
    }
  });

  it('logout ends the session', async () => {
    const token = await t.login('hexue');
    expect((await t.post('/logout', {}, token)).code).toBe(0);
    expect((await t.post('/system/user/queryLoginUser', {}, token)).code).toBe(302);
  });

  it('expired sessions answer 302', async () => {
    const token = await t.login('wufang');
    await t.database.db.execute(
      (await import('drizzle-orm')).sql`update sys_session set expires_at = now() - interval '1 second'`,
    );
    expect((await t.call('GET', '/achievement/ttl', { token })).code).toBe(302);
  });
});

describe('unknown paths and bad bodies', () => {
  it('answers a readable Chinese message for an unknown path', async () => {
    const res = await t.post('/no/such/path', {});
    expect(res).toMatchObject({ code: 404, msg: Msg.notFoundPath });
  });
  it('answers a readable message for malformed JSON, never a stack trace', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect(res.json()).toMatchObject({ code: 400, msg: Msg.invalidRequest });
  });
});

describe('personal center', () => {
  it('updates the profile and the password', async () => {
    const token = await t.login('zhenghao');
    const res = await t.post(
      '/system/user/updateUser',
      { realname: '郑浩然', mobile: '13900000000', email: 'z@example.com', sex: 1 },
      token,
    );
    expect(res.code).toBe(0);
    expect(res.data.realname).toBe('郑浩然');
    expect((await t.post('/system/user/updateUser', { realname: '郑浩', mobile: '123' }, token)).msg).toBe(
      '手机格式有误',
    );
    expect((await t.post('/system/user/updatePassword', { oldPwd: 'nope', newPwd: 'abc12345' }, token)).msg).toBe(
      Msg.oldPasswordWrong,
    );
    expect((await t.post('/system/user/updatePassword', { oldPwd: '123456a', newPwd: 'short' }, token)).msg).toBe(
      Msg.passwordRule,
    );
    expect((await t.post('/system/user/updatePassword', { oldPwd: '123456a', newPwd: 'abc12345' }, token)).code).toBe(
      0,
    );
    await expect(t.login('zhenghao', 'abc12345')).resolves.toBeTruthy();
  });
});

describe('the session cookie', () => {
  it('lives as long as the idle expiry, without Secure by default', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/login',
      payload: { username: 'liming', password: '123456a', type: 3 },
    });
    expect(res.headers['set-cookie']).toMatch(/^Admin-Token=[\w-]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=3600$/);
  });

  it('follows SESSION_IDLE_MINUTES and adds Secure with COOKIE_SECURE', async () => {
    const other = await createTestApp({ sessionIdleMinutes: 30, cookieSecure: true });
    try {
      const res = await other.app.inject({
        method: 'POST',
        url: '/login',
        payload: { username: 'liming', password: '123456a', type: 3 },
      });
      expect(res.headers['set-cookie']).toMatch(
        /^Admin-Token=[\w-]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=1800; Secure$/,
      );
      const token = res.json().data['Admin-Token'];
      const out = await other.app.inject({ method: 'POST', url: '/logout', headers: { 'admin-token': token } });
      expect(out.headers['set-cookie']).toBe('Admin-Token=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Secure');
    } finally {
      await other.close();
    }
  });
});
