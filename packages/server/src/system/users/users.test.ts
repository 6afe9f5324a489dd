import { Msg } from '@crm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, raw, type TestApp } from '../../test/harness.ts';
import { type OrgIds, orgIds, tokensOf } from '../../test/people.ts';
import { expectRefused } from '../testing.ts';

let t: TestApp;
let ids: OrgIds;
let tok: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  ids = await orgIds(t);
  tok = await tokensOf(t, ['admin', 'huangmin', 'sunli']);
});
afterAll(() => t.close());

const newUser = (over: object = {}) => ({
  username: 'newbie',
  password: 'abc12345',
  realname: '新人',
  mobile: '13900000001',
  email: 'new@example.com',
  sex: 1,
  deptId: ids.dept.销售一部,
  post: '销售代表',
  parentId: ids.user.zhaoqiang,
  num: 'E0100',
  roleIds: `${ids.role.销售},${ids.role.普通员工}`,
  ...over,
});
const byId = async (userId: number) => (await t.post('/system/user/queryUserById', { userId }, tok.admin)).data;
let seq = 0;
/** A fresh user for tests that change one, so the tests stay independent. */
async function freshUser(over: object = {}): Promise<number> {
  seq++;
  const res = await t.post('/system/user/addUser', newUser({ username: `fresh${seq}`, ...over }), tok.admin);
  expect(res.code).toBe(0);
  return res.data.userId;
}

describe('POST /system/user/addUser', () => {
  it('creates a user with roles who can then log in', async () => {
    const res = await t.post('/system/user/addUser', newUser(), tok.huangmin);
    expect(res.code).toBe(0);
    const user = await byId(res.data.userId);
    expect(user).toMatchObject({
      username: 'newbie',
      realname: '新人',
      deptName: '销售一部',
      parentName: '赵强',
      status: 1,
      roleNames: '销售,普通员工',
    });
    const token = await t.login('newbie', 'abc12345');
    const auth = await t.post('/system/role/auth', {}, token);
    expect(auth.data.crm.customer.save).toBe(true);
  });

  it('accepts a form-encoded body with roleIds as a comma list and no supervisor', async () => {
    const body = newUser({ username: 'formuser', parentId: '', roleIds: String(ids.role.财务) });
    const res = await t.call('POST', '/system/user/addUser', { body, token: tok.admin, form: true });
    expect(res.code).toBe(0);
    expect(await byId(res.data.userId)).toMatchObject({ parentId: null, roleIds: [ids.role.财务] });
  });

  it.each([
    [{ username: '' }, Msg.usernameRequired],
    [{ username: 'bad name' }, Msg.usernameInvalid],
    [{ password: 'short' }, Msg.passwordRule],
    [{ password: 'onlyletters' }, Msg.passwordRule],
    [{ realname: ' ' }, Msg.realnameRequired],
    [{ mobile: '123' }, '手机格式有误'],
    [{ email: 'not-mail' }, '邮箱格式有误'],
    [{ deptId: '' }, Msg.deptRequired],
    [{ roleIds: 'a,b' }, Msg.roleNotFound],
    [{ parentId: 'x' }, Msg.parentNotFound],
  ])('refuses %j with its message', async (over, msg) => {
    expectRefused(
      await t.post('/system/user/addUser', newUser({ username: 'invalid1', ...over }), tok.admin),
      400,
      msg,
    );
  });

  it.each([
    ['a taken username, whatever its case', { username: 'SunLi' }, Msg.usernameTaken],
    ['an unknown department', { deptId: 99999 }, Msg.deptNotFound],
    ['an unknown supervisor', { parentId: 99999 }, Msg.parentNotFound],
    ['an unknown role', { roleIds: [99999] }, Msg.roleNotFound],
  ])('refuses %s', async (_name, over, msg) => {
    expectRefused(await t.post('/system/user/addUser', newUser({ username: 'rule1', ...over }), tok.admin), 400, msg);
  });

  it('only a super admin grants the super admin role', async () => {
    const body = newUser({ username: 'wannabe', roleIds: [ids.role.超级管理员] });
    expectRefused(await t.post('/system/user/addUser', body, tok.huangmin), 400, Msg.superRoleGrant);
    const res = await t.post('/system/user/addUser', body, tok.admin);
    expect(res.code).toBe(0);
    expect((await byId(res.data.userId)).roleIds).toEqual([ids.role.超级管理员]);
    // Take it back, so admin is the only super admin again for the tests below.
    const back = { ...newUser({ username: 'wannabe', roleIds: [] }), userId: res.data.userId };
    expect((await t.post('/system/user/setUser', back, tok.admin)).code).toBe(0);
  });

  it('needs manage:users:userSave', async () => {
    expectRefused(await t.post('/system/user/addUser', newUser({ username: 'x1' }), tok.sunli), 403, Msg.forbidden);
  });
});

describe('POST /system/user/setUser', () => {
  it('updates the fields and replaces the roles; without roleIds the roles stay', async () => {
    const userId = await freshUser();
    const body = { ...newUser(), userId, realname: '改名', post: '主管', roleIds: [ids.role.顾问] };
    expect((await t.post('/system/user/setUser', body, tok.huangmin)).code).toBe(0);
    expect(await byId(userId)).toMatchObject({ realname: '改名', post: '主管', roleIds: [ids.role.顾问] });
    const { roleIds: _, ...withoutRoles } = body;
    expect((await t.post('/system/user/setUser', { ...withoutRoles, post: '经理' }, tok.huangmin)).code).toBe(0);
    expect(await byId(userId)).toMatchObject({ post: '经理', roleIds: [ids.role.顾问] });
    expect((await t.post('/system/user/setUser', { ...body, roleIds: '' }, tok.huangmin)).code).toBe(0);
    expect((await byId(userId)).roleIds).toEqual([]);
  });

  it('refuses a supervisor who is the user or one of their subordinates', async () => {
    const set = (user: string, parent: string) =>
      t.post(
        '/system/user/setUser',
        { ...newUser(), userId: ids.user[user], deptId: ids.dept.销售部, parentId: ids.user[parent] },
        tok.admin,
      );
    expectRefused(await set('liming', 'liming'), 400, Msg.parentCycle);
    expectRefused(await set('liming', 'sunli'), 400, Msg.parentCycle);
    expectRefused(await set('liming', 'zhaoqiang'), 400, Msg.parentCycle);
  });

  it.each([
    [{ realname: '' }, Msg.realnameRequired],
    [{ userId: '' }, Msg.userNotFound],
    [{ deptId: 99999 }, Msg.deptNotFound],
    [{ parentId: 99999 }, Msg.parentNotFound],
    [{ roleIds: [99999] }, Msg.roleNotFound],
  ])('refuses %j with its message', async (over, msg) => {
    const userId = ids.user.zhenghao;
    expectRefused(await t.post('/system/user/setUser', { ...newUser(), userId, ...over }, tok.admin), 400, msg);
  });

  it('answers 404 for an unknown user', async () => {
    expectRefused(
      await t.post('/system/user/setUser', { ...newUser(), userId: 99999 }, tok.admin),
      404,
      Msg.userNotFound,
    );
  });

  it('protects super admins: only a super admin edits one, and the last keeps the role', async () => {
    const admin = { ...newUser(), userId: ids.user.admin, parentId: null, deptId: ids.dept.总经办 };
    expectRefused(await t.post('/system/user/setUser', admin, tok.huangmin), 400, Msg.superAdminOnly);
    expectRefused(await t.post('/system/user/setUser', { ...admin, roleIds: [] }, tok.admin), 400, Msg.lastSuperAdmin);
    const keep = { ...admin, realname: '系统管理员', roleIds: [ids.role.超级管理员] };
    expect((await t.post('/system/user/setUser', keep, tok.admin)).code).toBe(0);
  });

  it('needs manage:users:userUpdate', async () => {
    const body = { ...newUser(), userId: ids.user.sunli };
    expectRefused(await t.post('/system/user/setUser', body, tok.sunli), 403, Msg.forbidden);
  });
});

describe('POST /system/user/setUserStatus', () => {
  it('disables (ending the sessions and refusing logins) and enables', async () => {
    const userId = await freshUser();
    const token = await t.login(`fresh${seq}`, 'abc12345');
    expect((await t.post('/system/user/setUserStatus', { userIds: userId, status: 0 }, tok.huangmin)).code).toBe(0);
    expect((await t.post('/system/user/queryLoginUser', {}, token)).code).toBe(302);
    expectRefused(await t.post('/login', { username: `fresh${seq}`, password: 'abc12345' }), 400, Msg.accountDisabled);
    expect((await byId(userId)).status).toBe(0);
    const form = { userIds: String(userId), status: '1' };
    expect(
      (await t.call('POST', '/system/user/setUserStatus', { body: form, token: tok.huangmin, form: true })).code,
    ).toBe(0);
    expect((await byId(userId)).status).toBe(1);
    await expect(t.login(`fresh${seq}`, 'abc12345')).resolves.toBeTruthy();
  });

  it.each([
    ['oneself', () => ids.user.huangmin, Msg.cannotDisableSelf],
    ['a super admin', () => ids.user.admin, Msg.superAdminProtected],
  ])('refuses to disable %s', async (_name, userId, msg) => {
    const res = await t.post(
      '/system/user/setUserStatus',
      { userIds: [ids.user.zhenghao, userId()], status: 0 },
      tok.huangmin,
    );
    expectRefused(res, 400, msg);
    expect((await byId(ids.user.zhenghao!)).status).toBe(1);
  });

  it.each([
    [{ userIds: '', status: 0 }, Msg.userNotFound],
    [{ userIds: 'a', status: 0 }, Msg.userNotFound],
    [{ userIds: '1', status: 2 }, Msg.statusInvalid],
    [{ userIds: '1' }, Msg.statusInvalid],
  ])('refuses %j with its message', async (body, msg) => {
    expectRefused(await t.post('/system/user/setUserStatus', body, tok.admin), 400, msg);
  });

  it('answers 404 when a user is unknown', async () => {
    const res = await t.post(
      '/system/user/setUserStatus',
      { userIds: [ids.user.zhenghao, 99999], status: 0 },
      tok.admin,
    );
    expectRefused(res, 404, Msg.userNotFound);
  });

  it('needs manage:users:status', async () => {
    const res = await t.post('/system/user/setUserStatus', { userIds: ids.user.zhenghao, status: 0 }, tok.sunli);
    expectRefused(res, 403, Msg.forbidden);
  });
});

describe('POST /system/user/resetPasswordByUserId', () => {
  it('sets the new password, lifts a lockout and ends the sessions', async () => {
    const userId = await freshUser();
    const username = `fresh${seq}`;
    const token = await t.login(username, 'abc12345');
    for (let i = 0; i < 5; i++) await t.post('/login', { username, password: 'wrong123' });
    expectRefused(
      await t.post('/login', { username, password: 'abc12345' }),
      429,
      '密码错误次数过多，账号已锁定，请5分钟后再试',
    );
    const res = await t.post(
      '/system/user/resetPasswordByUserId',
      { userIds: [userId], password: 'new12345' },
      tok.huangmin,
    );
    expect(res.code).toBe(0);
    expect((await t.post('/system/user/queryLoginUser', {}, token)).code).toBe(302);
    expectRefused(await t.post('/login', { username, password: 'abc12345' }), 400, Msg.loginFailed);
    await expect(t.login(username, 'new12345')).resolves.toBeTruthy();
  });

  it.each([
    [{ userIds: '1', password: 'short' }, Msg.passwordRule],
    [{ userIds: '1' }, Msg.passwordRule],
    [{ userIds: '', password: 'abc12345' }, Msg.userNotFound],
  ])('refuses %j with its message', async (body, msg) => {
    expectRefused(await t.post('/system/user/resetPasswordByUserId', raw(body), tok.admin), 400, msg);
  });

  it('answers 404 when a user is unknown', async () => {
    const res = await t.post('/system/user/resetPasswordByUserId', { userIds: 99999, password: 'abc12345' }, tok.admin);
    expectRefused(res, 404, Msg.userNotFound);
  });

  it('only a super admin resets a super admin password', async () => {
    const body = { userIds: ids.user.admin, password: 'abc12345' };
    expectRefused(await t.post('/system/user/resetPasswordByUserId', body, tok.huangmin), 400, Msg.superAdminOnly);
  });

  it('needs manage:users:resetPassword', async () => {
    const body = { userIds: ids.user.zhenghao, password: 'abc12345' };
    expectRefused(await t.post('/system/user/resetPasswordByUserId', body, tok.sunli), 403, Msg.forbidden);
  });
});
