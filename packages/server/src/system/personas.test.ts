import { Msg } from '@crm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { type OrgIds, orgIds, tokensOf } from '../test/people.ts';
import { expectRefused } from './testing.ts';

/**
 * What each seeded persona must NOT be able to do in the organisation API. Every body is valid,
 * so a missing check would show as a success, not as a validation error.
 */
let t: TestApp;
let ids: OrgIds;
let tok: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  ids = await orgIds(t);
  tok = await tokensOf(t, ['admin', 'liming', 'sunli', 'chenjing', 'huangmin']);
});
afterAll(() => t.close());

type Call = [url: string, body: () => object];
const userCalls: Call[] = [
  ['/system/user/queryUserList', () => ({ pageType: 1002 })],
  ['/system/user/queryUserById', () => ({ userId: ids.user.sunli })],
  [
    '/system/user/addUser',
    () => ({ username: 'intruder', password: 'abc12345', realname: '闯入者', deptId: ids.dept.销售一部 }),
  ],
  [
    '/system/user/setUser',
    () => ({ userId: ids.user.zhoujie, realname: '周杰', deptId: ids.dept.销售一部, roleIds: [ids.role.客户管理员] }),
  ],
  ['/system/user/setUserStatus', () => ({ userIds: [ids.user.zhoujie], status: 0 })],
  ['/system/user/resetPasswordByUserId', () => ({ userIds: [ids.user.zhoujie], password: 'hacked123' })],
];
const deptCalls: Call[] = [
  ['/system/dept/addDept', () => ({ name: '影子部门', pid: 0 })],
  ['/system/dept/setDept', () => ({ id: ids.dept.客服部, name: '改掉', pid: 0 })],
  ['/system/dept/deleteDept', () => ({ id: ids.dept.客服部 })],
];
const roleReadCalls: Call[] = [
  ['/system/role/getRoleTypeList', () => ({})],
  ['/system/role/getRoleByType', () => ({ roleType: 2 })],
];
const roleEditCalls: Call[] = [
  ['/system/menu/getMenuListByType', () => ({ type: 2 })],
  ['/system/role/add', () => ({ roleName: '影子角色', roleType: 2 })],
  ['/system/role/update', () => ({ roleId: ids.role.销售, roleName: '销售', roleType: 2, dataType: 5 })],
  ['/system/role/delete', () => ({ roleId: ids.role.顾问 })],
  ['/system/role/copy', () => ({ roleId: ids.role.客户管理员 })],
  ['/system/role/updateRoleMenu', () => ({ roleId: ids.role.销售, dataType: 5, permissions: ['crm:customer:delete'] })],
  ['/system/role/relatedUser', () => ({ roleIds: [ids.role.系统管理员], userIds: [ids.user.sunli] })],
  ['/system/role/unbindingUser', () => ({ roleId: ids.role.销售, userId: ids.user.zhoujie })],
];
const manageCalls = [...userCalls, ...deptCalls, ...roleReadCalls, ...roleEditCalls];

/** The whole organisation as the admin sees it, to prove refusals changed nothing. */
async function snapshot() {
  const users = await t.post('/system/user/queryUserList', { pageType: 1002, limit: 100 }, tok.admin);
  const depts = await t.post('/system/dept/queryDeptTree', { type: '' }, tok.admin);
  const roles = await Promise.all(
    [0, 1, 2, 7].map((roleType) => t.post('/system/role/getRoleByType', { roleType }, tok.admin)),
  );
  return { users: users.data, depts: depts.data, roles: roles.map((r) => r.data) };
}

describe.each(['liming', 'sunli', 'chenjing'])('%s (no administration rights)', (persona) => {
  it.each(manageCalls.map(([url, body]) => [url, body] as const))('is refused %s', async (url, body) => {
    expectRefused(await t.post(url, body(), tok[persona]), 403, Msg.forbidden);
  });

  it('still uses the pickers: active users, my subordinates, the department tree', async () => {
    expect((await t.post('/system/user/queryUserList', { pageType: 1 }, tok[persona])).data.totalRow).toBe(14);
    expect((await t.post('/system/user/queryUserList', { pageType: 1001 }, tok[persona])).code).toBe(0);
    expect((await t.post('/system/dept/queryDeptTree', { type: 'tree' }, tok[persona])).code).toBe(0);
  });

  it('sees no manage realm in their auth object', async () => {
    expect((await t.post('/system/role/auth', {}, tok[persona])).data.manage).toBeUndefined();
  });
});

describe('the refusals changed nothing', () => {
  it('leaves users, departments and roles as seeded', async () => {
    const before = await snapshot();
    for (const persona of ['liming', 'sunli', 'chenjing'])
      for (const [url, body] of manageCalls) await t.post(url, body(), tok[persona]);
    expect(await snapshot()).toEqual(before);
  });
});

describe('huangmin (人事管理员: employees and departments, not roles)', () => {
  it.each(roleEditCalls.map(([url, body]) => [url, body] as const))('is refused %s', async (url, body) => {
    expectRefused(await t.post(url, body(), tok.huangmin), 403, Msg.forbidden);
  });

  it('reads roles to assign them on the employee form', async () => {
    for (const [url, body] of roleReadCalls) expect((await t.post(url, body(), tok.huangmin)).code).toBe(0);
  });

  it('manages employees', async () => {
    for (const [url, body] of userCalls) {
      const res = await t.post(url, body(), tok.huangmin);
      expect([url, res.code, res.msg]).toEqual([url, 0, 'success']);
    }
    const zhoujie = (await t.post('/system/user/queryUserById', { userId: ids.user.zhoujie }, tok.huangmin)).data;
    expect(zhoujie).toMatchObject({ status: 0, roleIds: [ids.role.客户管理员] });
  });

  it('manages departments', async () => {
    const add = await t.post('/system/dept/addDept', { name: '培训部', pid: 0 }, tok.huangmin);
    expect(add.code).toBe(0);
    expect(
      (await t.post('/system/dept/setDept', { id: add.data.id, name: '培训中心', pid: 0 }, tok.huangmin)).code,
    ).toBe(0);
    expect((await t.post('/system/dept/deleteDept', { id: add.data.id }, tok.huangmin)).code).toBe(0);
  });

  it('cannot touch the super admin account or hand out the super admin role', async () => {
    const admin = { userId: ids.user.admin, realname: '系统管理员', deptId: ids.dept.总经办 };
    expectRefused(await t.post('/system/user/setUser', admin, tok.huangmin), 400, Msg.superAdminOnly);
    const reset = { userIds: [ids.user.admin], password: 'taken0ver' };
    expectRefused(await t.post('/system/user/resetPasswordByUserId', reset, tok.huangmin), 400, Msg.superAdminOnly);
    const self = {
      userId: ids.user.huangmin,
      realname: '黄敏',
      deptId: ids.dept.人事行政部,
      roleIds: [ids.role.超级管理员],
    };
    expectRefused(await t.post('/system/user/setUser', self, tok.huangmin), 400, Msg.superRoleGrant);
    const disable = { userIds: [ids.user.admin], status: 0 };
    expectRefused(await t.post('/system/user/setUserStatus', disable, tok.huangmin), 400, Msg.superAdminProtected);
  });
});
