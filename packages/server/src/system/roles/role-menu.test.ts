import { Msg, type SystemRole } from '@crm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { type OrgIds, orgIds, tokensOf } from '../../test/people.ts';
import { expectRefused } from '../testing.ts';

let t: TestApp;
let ids: OrgIds;
let tok: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  ids = await orgIds(t);
  tok = await tokensOf(t, ['admin', 'huangmin', 'hexue']);
  // A system administrator: edits roles without being a super admin.
  const sysadm = { username: 'sysadm', password: 'abc12345', realname: '系统员', deptId: ids.dept.总经办 };
  const res = await t.post('/system/user/addUser', { ...sysadm, roleIds: [ids.role.系统管理员] }, tok.admin);
  expect(res.code).toBe(0);
  ids.user.sysadm = res.data.userId;
  tok.sysadm = await t.login('sysadm', 'abc12345');
});
afterAll(() => t.close());

const role = async (roleId: number): Promise<SystemRole | undefined> =>
  (await Promise.all([0, 1, 2, 7].map((roleType) => t.post('/system/role/getRoleByType', { roleType }, tok.admin))))
    .flatMap((r) => r.data as SystemRole[])
    .find((r) => r.roleId === roleId);
const members = async (roleId: number) =>
  (await t.post('/system/user/queryUserList', { pageType: 1002, roleId }, tok.admin)).data.list
    .map((u: { username: string }) => u.username)
    .sort();
async function freshRole(roleType = 2): Promise<number> {
  const res = await t.post('/system/role/add', { roleName: `角色${Math.random()}`, roleType }, tok.admin);
  return res.data.roleId;
}

describe('POST /system/role/updateRoleMenu', () => {
  it('replaces the permissions and the scope, and the holders get them at once', async () => {
    const roleId = await freshRole();
    await t.post('/system/role/relatedUser', { roleIds: roleId, userIds: ids.user.hexue }, tok.admin);
    const permissions = ['crm:leads:index', 'crm:leads:read', 'crm:leads:read'];
    const res = await t.post('/system/role/updateRoleMenu', { roleId, dataType: 2, permissions }, tok.sysadm);
    expect(res.code).toBe(0);
    expect(await role(roleId)).toMatchObject({ dataType: 2, permissions: ['crm:leads:index', 'crm:leads:read'] });
    expect((await t.post('/system/role/auth', {}, tok.hexue)).data.crm.leads).toEqual({ index: true, read: true });
    // Without dataType the scope stays; an empty list clears.
    expect((await t.post('/system/role/updateRoleMenu', { roleId, permissions: [] }, tok.admin)).code).toBe(0);
    expect(await role(roleId)).toMatchObject({ dataType: 2, permissions: [] });
    expect((await t.post('/system/role/auth', {}, tok.hexue)).data.crm.leads).toBeUndefined();
  });
  it.each([
    ['an unknown key', ['crm:customer:fly'], Msg.unknownPermission],
    ['a realm, not a leaf', ['crm:customer'], Msg.unknownPermission],
    ['a key of another role type', ['manage:users:read'], Msg.unknownPermission],
  ])('refuses %s, changing nothing', async (_name, permissions, msg) => {
    const before = await role(ids.role.销售!);
    const res = await t.post(
      '/system/role/updateRoleMenu',
      { roleId: ids.role.销售, permissions: ['crm:leads:index', ...permissions] },
      tok.admin,
    );
    expectRefused(res, 400, msg);
    expect(await role(ids.role.销售!)).toEqual(before);
  });
  it.each([
    [{ roleId: 1 }, Msg.permissionsRequired],
    [{ roleId: 1, permissions: 5 }, Msg.permissionsRequired],
    [{ permissions: [] }, Msg.roleNotFound],
    [{ roleId: 1, dataType: 0, permissions: [] }, Msg.dataTypeInvalid],
  ])('refuses %j with its message', async (body, msg) => {
    expectRefused(await t.post('/system/role/updateRoleMenu', body, tok.admin), 400, msg);
  });
  it('refuses the super admin role', async () => {
    const res = await t.post(
      '/system/role/updateRoleMenu',
      { roleId: ids.role.超级管理员, permissions: [] },
      tok.admin,
    );
    expectRefused(res, 400, Msg.roleProtected);
  });
  it('answers 404 for an unknown role', async () => {
    expectRefused(
      await t.post('/system/role/updateRoleMenu', { roleId: 99999, permissions: [] }, tok.admin),
      404,
      Msg.roleNotFound,
    );
  });
  it('needs manage:permission:update', async () => {
    const res = await t.post('/system/role/updateRoleMenu', { roleId: ids.role.销售, permissions: [] }, tok.huangmin);
    expectRefused(res, 403, Msg.forbidden);
  });
});

describe('POST /system/role/relatedUser', () => {
  it('adds users to roles, keeping pairs that exist', async () => {
    const [a, b] = [await freshRole(), await freshRole(7)];
    const body = { roleIds: `${a},${b}`, userIds: `${ids.user.sunli},${ids.user.zhenghao}` };
    expect((await t.post('/system/role/relatedUser', body, tok.sysadm)).code).toBe(0);
    expect(
      (
        await t.post(
          '/system/role/relatedUser',
          { roleIds: [a], userIds: [ids.user.sunli, ids.user.liming] },
          tok.sysadm,
        )
      ).code,
    ).toBe(0);
    expect(await members(a)).toEqual(['liming', 'sunli', 'zhenghao']);
    expect(await members(b)).toEqual(['sunli', 'zhenghao']);
  });
  it('only a super admin grants the super admin role', async () => {
    const body = { roleIds: ids.role.超级管理员, userIds: ids.user.sysadm };
    expectRefused(await t.post('/system/role/relatedUser', body, tok.sysadm), 400, Msg.superRoleGrant);
    expect(await members(ids.role.超级管理员!)).toEqual(['admin']);
  });
  it.each([
    [{ roleIds: '', userIds: '1' }, Msg.roleNotFound],
    [{ roleIds: '1', userIds: '' }, Msg.userNotFound],
    [{ roleIds: '1', userIds: 'x' }, Msg.userNotFound],
  ])('refuses %j with its message', async (body, msg) => {
    expectRefused(await t.post('/system/role/relatedUser', body, tok.admin), 400, msg);
  });
  it.each([
    ['role', () => ({ roleIds: [ids.role.销售, 99999], userIds: [ids.user.hexue] }), Msg.roleNotFound],
    ['user', () => ({ roleIds: [ids.role.销售], userIds: [ids.user.hexue, 99999] }), Msg.userNotFound],
  ])('answers 404 for an unknown %s', async (_name, body, msg) => {
    expectRefused(await t.post('/system/role/relatedUser', body(), tok.admin), 404, msg);
  });
  it('needs manage:permission:update', async () => {
    const res = await t.post(
      '/system/role/relatedUser',
      { roleIds: ids.role.销售, userIds: ids.user.hexue },
      tok.huangmin,
    );
    expectRefused(res, 403, Msg.forbidden);
  });
});

describe('POST /system/role/unbindingUser', () => {
  it('takes a user out of a role', async () => {
    const roleId = await freshRole();
    await t.post('/system/role/relatedUser', { roleIds: roleId, userIds: [ids.user.sunli, ids.user.hexue] }, tok.admin);
    expect((await t.post('/system/role/unbindingUser', { roleId, userId: ids.user.sunli }, tok.sysadm)).code).toBe(0);
    expect(await members(roleId)).toEqual(['hexue']);
  });
  it('protects the super admin role: super admins only, and never the last one', async () => {
    const body = { roleId: ids.role.超级管理员, userId: ids.user.admin };
    expectRefused(await t.post('/system/role/unbindingUser', body, tok.sysadm), 400, Msg.superRoleGrant);
    expectRefused(await t.post('/system/role/unbindingUser', body, tok.admin), 400, Msg.lastSuperAdmin);
  });
  it.each([
    [{ userId: 1 }, Msg.roleNotFound],
    [{ roleId: 1 }, Msg.userNotFound],
  ])('refuses %j with its message', async (body, msg) => {
    expectRefused(await t.post('/system/role/unbindingUser', body, tok.admin), 400, msg);
  });
  it.each([
    ['role', () => ({ roleId: 99999, userId: ids.user.sunli }), Msg.roleNotFound],
    ['user', () => ({ roleId: ids.role.销售, userId: 99999 }), Msg.userNotFound],
  ])('answers 404 for an unknown %s', async (_name, body, msg) => {
    expectRefused(await t.post('/system/role/unbindingUser', body(), tok.admin), 404, msg);
  });
  it('needs manage:permission:update', async () => {
    const res = await t.post(
      '/system/role/unbindingUser',
      { roleId: ids.role.销售, userId: ids.user.sunli },
      tok.huangmin,
    );
    expectRefused(res, 403, Msg.forbidden);
  });
});
