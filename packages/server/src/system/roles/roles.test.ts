import { allPermissionKeys, Msg, menuTreeForRoleType, type SystemRole } from '@crm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoRoles } from '../../db/seed.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
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

const rolesOf = async (roleType: number): Promise<SystemRole[]> =>
  (await t.post('/system/role/getRoleByType', { roleType }, tok.admin)).data;
const roleById = async (roleId: number) =>
  (await Promise.all([0, 1, 2, 7].map(rolesOf))).flat().find((r) => r.roleId === roleId);
let seq = 0;
async function freshRole(over: object = {}): Promise<number> {
  const res = await t.post(
    '/system/role/add',
    { roleName: `新角色${++seq}`, roleType: 2, dataType: 3, ...over },
    tok.admin,
  );
  expect(res.code).toBe(0);
  return res.data.roleId;
}

describe('POST /system/role/getRoleTypeList', () => {
  it('answers the role types', async () => {
    const res = await t.post('/system/role/getRoleTypeList', {}, tok.admin);
    expect(res.data.map((r: { roleType: number; name: string }) => [r.roleType, r.name])).toEqual([
      [1, '系统管理角色'],
      [2, '客户管理角色'],
      [7, '办公管理角色'],
      [8, '项目配置角色'],
      [0, '自定义角色'],
    ]);
  });
  it('is open to HR (the employee form picks roles) but not to a salesperson', async () => {
    expect((await t.post('/system/role/getRoleTypeList', {}, tok.huangmin)).code).toBe(0);
    expectRefused(await t.post('/system/role/getRoleTypeList', {}, tok.sunli), 403, Msg.forbidden);
  });
});

describe('POST /system/role/getRoleByType', () => {
  it('answers the roles of a type with permissions and holder counts', async () => {
    const crm = await rolesOf(2);
    // The seeded CRM roles in the seed's order (each clinic station adds its persona's role there).
    const seeded = Object.entries(demoRoles)
      .filter(([, r]) => r.roleType === 2)
      .map(([name]) => name);
    expect(seeded.slice(0, 5)).toEqual(['客户管理员', '销售经理', '销售', '财务', '顾问']);
    expect(crm.map((r) => r.roleName)).toEqual(seeded);
    const sales = crm.find((r) => r.roleName === '销售')!;
    expect(sales).toMatchObject({ roleType: 2, dataType: 1, isSuper: false, userCount: 3 });
    expect(sales.permissions).toContain('crm:customer:save');
    expect((await rolesOf(1)).find((r) => r.isSuper)).toMatchObject({ roleName: '超级管理员', permissions: [] });
  });
  it.each([[{ roleType: 9 }], [{}], [{ roleType: 'x' }]])('refuses %j', async (body) => {
    expectRefused(await t.post('/system/role/getRoleByType', body, tok.admin), 400, Msg.roleTypeInvalid);
  });
  it('needs manage:permission:read (or the employee editor)', async () => {
    expectRefused(await t.post('/system/role/getRoleByType', { roleType: 2 }, tok.sunli), 403, Msg.forbidden);
    expect((await t.post('/system/role/getRoleByType', { roleType: 2 }, tok.huangmin)).code).toBe(0);
  });
});

describe('POST /system/role/add', () => {
  it('adds a role; names are unique per type, whatever the case', async () => {
    const roleId = await freshRole({ roleName: 'Team', remark: '说明' });
    expect(await roleById(roleId)).toMatchObject({
      roleName: 'Team',
      roleType: 2,
      dataType: 3,
      remark: '说明',
      userCount: 0,
    });
    expectRefused(
      await t.post('/system/role/add', { roleName: 'team', roleType: 2 }, tok.admin),
      400,
      Msg.roleNameTaken,
    );
    const other = await t.post('/system/role/add', { roleName: 'Team', roleType: 7 }, tok.admin);
    expect(other.code).toBe(0);
    expect((await roleById(other.data.roleId))?.dataType).toBe(5);
  });
  it.each([
    [{ roleName: '', roleType: 2 }, Msg.roleNameRequired],
    [{ roleName: '甲', roleType: 3 }, Msg.roleTypeInvalid],
    [{ roleName: '甲', roleType: 2, dataType: 6 }, Msg.dataTypeInvalid],
  ])('refuses %j with its message', async (body, msg) => {
    expectRefused(await t.post('/system/role/add', body, tok.admin), 400, msg);
  });
  it('needs manage:permission:update', async () => {
    expectRefused(await t.post('/system/role/add', { roleName: '甲', roleType: 2 }, tok.huangmin), 403, Msg.forbidden);
  });
});

describe('POST /system/role/update', () => {
  it('updates a role; moving it to another type keeps only that type’s keys', async () => {
    const roleId = await freshRole();
    const menu = { roleId, permissions: ['crm:customer:index', 'crm:customer:read'] };
    expect((await t.post('/system/role/updateRoleMenu', menu, tok.admin)).code).toBe(0);
    const body = { roleId, roleName: '改名角色', roleType: 2, dataType: 4, remark: '新说明' };
    expect((await t.post('/system/role/update', body, tok.admin)).code).toBe(0);
    expect(await roleById(roleId)).toMatchObject({ ...body, permissions: menu.permissions });
    expect((await t.post('/system/role/update', { ...body, roleType: 0 }, tok.admin)).code).toBe(0);
    expect((await roleById(roleId))?.permissions).toEqual(menu.permissions);
    expect((await t.post('/system/role/update', { ...body, roleType: 7 }, tok.admin)).code).toBe(0);
    expect((await roleById(roleId))?.permissions).toEqual([]);
  });
  it.each([
    [
      'the super admin role',
      () => ({ roleId: ids.role.超级管理员, roleName: '超级管理员', roleType: 1 }),
      Msg.roleProtected,
    ],
    ['a name taken in the type', () => ({ roleId: ids.role.销售, roleName: '财务', roleType: 2 }), Msg.roleNameTaken],
    ['a blank name', () => ({ roleId: ids.role.销售, roleName: '', roleType: 2 }), Msg.roleNameRequired],
    ['a missing id', () => ({ roleName: '甲', roleType: 2 }), Msg.roleNotFound],
  ])('refuses %s', async (_name, body, msg) => {
    expectRefused(await t.post('/system/role/update', body(), tok.admin), 400, msg);
  });
  it('answers 404 for an unknown role', async () => {
    const res = await t.post('/system/role/update', { roleId: 99999, roleName: '甲', roleType: 2 }, tok.admin);
    expectRefused(res, 404, Msg.roleNotFound);
  });
  it('needs manage:permission:update', async () => {
    const res = await t.post(
      '/system/role/update',
      { roleId: ids.role.销售, roleName: '销售', roleType: 2 },
      tok.huangmin,
    );
    expectRefused(res, 403, Msg.forbidden);
  });
});

describe('POST /system/role/delete', () => {
  it('deletes a role nobody holds', async () => {
    const roleId = await freshRole();
    expect((await t.post('/system/role/delete', { roleId }, tok.admin)).code).toBe(0);
    expect(await roleById(roleId)).toBeUndefined();
  });
  it.each([
    ['the super admin role', '超级管理员', Msg.roleProtected],
    ['a role people hold', '销售', Msg.roleInUse],
  ])('refuses %s', async (_name, role, msg) => {
    expectRefused(await t.post('/system/role/delete', { roleId: ids.role[role] }, tok.admin), 400, msg);
  });
  it('refuses a missing id (400) and answers 404 for an unknown one', async () => {
    expectRefused(await t.post('/system/role/delete', {}, tok.admin), 400, Msg.roleNotFound);
    expectRefused(await t.post('/system/role/delete', { roleId: 99999 }, tok.admin), 404, Msg.roleNotFound);
  });
  it('needs manage:permission:update', async () => {
    expectRefused(await t.post('/system/role/delete', { roleId: ids.role.顾问 }, tok.huangmin), 403, Msg.forbidden);
  });
});

describe('POST /system/role/copy', () => {
  it('copies name, scope and permissions; a second copy gets the next free name', async () => {
    const first = await t.post('/system/role/copy', { roleId: ids.role.销售 }, tok.admin);
    expect(first.code).toBe(0);
    const original = await roleById(ids.role.销售!);
    expect(await roleById(first.data.roleId)).toMatchObject({
      roleName: '销售（副本）',
      roleType: 2,
      dataType: original?.dataType,
      permissions: original?.permissions,
      userCount: 0,
    });
    const second = await t.post('/system/role/copy', { roleId: ids.role.销售 }, tok.admin);
    expect((await roleById(second.data.roleId))?.roleName).toBe('销售（副本2）');
  });
  it('refuses the super admin role', async () => {
    expectRefused(
      await t.post('/system/role/copy', { roleId: ids.role.超级管理员 }, tok.admin),
      400,
      Msg.roleNotCopyable,
    );
  });
  it('refuses a missing id (400) and answers 404 for an unknown one', async () => {
    expectRefused(await t.post('/system/role/copy', { roleId: 'x' }, tok.admin), 400, Msg.roleNotFound);
    expectRefused(await t.post('/system/role/copy', { roleId: 99999 }, tok.admin), 404, Msg.roleNotFound);
  });
  it('needs manage:permission:update', async () => {
    expectRefused(await t.post('/system/role/copy', { roleId: ids.role.销售 }, tok.huangmin), 403, Msg.forbidden);
  });
});

describe('POST /system/menu/getMenuListByType', () => {
  it('answers the permission tree of a role type', async () => {
    const crm = await t.post('/system/menu/getMenuListByType', { type: 2 }, tok.admin);
    expect(crm.data).toEqual(menuTreeForRoleType(2));
    // CRM roles: the CRM realm, the statistics, plus the admin backend entry and its CRM settings (the field designer).
    expect(crm.data.map((n: { key: string }) => n.key)).toEqual(['crm', 'bi', 'manage']);
    expect(allPermissionKeys([crm.data[1]])).toContain('bi:customer:read');
    expect(allPermissionKeys([crm.data[2]])).toEqual([
      'manage:backstage:look',
      'manage:crm:field',
      'manage:crm:pool',
      'manage:crm:setting',
      'manage:crm:productCategory',
      'manage:crm:businessType',
      'manage:crm:achievement',
    ]);
    const custom = await t.post('/system/menu/getMenuListByType', { type: '0' }, tok.admin);
    expect(allPermissionKeys(custom.data)).toEqual(allPermissionKeys());
  });
  it('refuses an unknown type', async () => {
    expectRefused(await t.post('/system/menu/getMenuListByType', { type: 9 }, tok.admin), 400, Msg.roleTypeInvalid);
  });
  it('needs manage:permission:read', async () => {
    expectRefused(await t.post('/system/menu/getMenuListByType', { type: 2 }, tok.huangmin), 403, Msg.forbidden);
  });
});
