import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { Msg } from '../api/messages.ts';
import {
  deptSaveSchema,
  roleMenuSchema,
  roleSaveSchema,
  userCreateSchema,
  userListSchema,
  userStatusSchema,
  userUpdateSchema,
} from './system.ts';

const firstMessage = (schema: z.ZodType, input: unknown) => schema.safeParse(input).error?.issues[0]?.message;

describe('userListSchema', () => {
  it.each([
    [{}, { page: 1, limit: 15, pageType: 1, search: '', includeChildDepts: true }],
    [
      { pageType: '', page: '2', limit: '5' },
      { page: 2, limit: 5, pageType: 1 },
    ],
    [
      { pageType: '1001', includeChildDepts: 'false', deptId: '3' },
      { pageType: 1001, includeChildDepts: false, deptId: 3 },
    ],
    [
      { pageType: 1002, status: '0', roleId: '4', search: ' 孙 ' },
      { pageType: 1002, status: 0, roleId: 4, search: '孙' },
    ],
  ])('reads %j', (input, expected) => {
    expect(userListSchema.parse(input)).toMatchObject(expected);
  });
  it.each([
    [{ pageType: 7 }, Msg.pageTypeInvalid],
    [{ status: 2 }, Msg.statusInvalid],
    [{ roleId: 'x' }, Msg.roleNotFound],
    [{ deptId: 0 }, Msg.deptNotFound],
  ])('refuses %j', (input, msg) => {
    expect(firstMessage(userListSchema, input)).toBe(msg);
  });
});

describe('user create and update', () => {
  const base = { username: 'ab', password: 'abc123', realname: '甲', deptId: 1 };
  it.each([
    [{ username: '' }, Msg.usernameRequired],
    [{ username: '张三' }, Msg.usernameInvalid],
    [{ password: '123456' }, Msg.passwordRule],
    [{ realname: '' }, Msg.realnameRequired],
    [{ deptId: '' }, Msg.deptRequired],
    [{ parentId: 'x' }, Msg.parentNotFound],
    [{ roleIds: '1,x' }, Msg.roleNotFound],
    [{ mobile: '2380a00000' }, '手机格式有误'],
    [{ email: 'a@b' }, '邮箱格式有误'],
  ])('create refuses %j', (over, msg) => {
    expect(firstMessage(userCreateSchema, { ...base, ...over })).toBe(msg);
  });
  it('reads blanks and lists from form bodies', () => {
    expect(userCreateSchema.parse({ ...base, parentId: '', roleIds: '1,2', sex: '' })).toMatchObject({
      parentId: null,
      roleIds: [1, 2],
      sex: 0,
    });
  });
  it('update keeps roles when roleIds is absent and clears them when blank', () => {
    const upd = { userId: 1, realname: '甲', deptId: 1 };
    expect(userUpdateSchema.parse(upd).roleIds).toBeUndefined();
    expect(userUpdateSchema.parse({ ...upd, roleIds: '' }).roleIds).toEqual([]);
  });
  it.each([
    [{ userIds: '', status: 1 }, Msg.userNotFound],
    [{ userIds: '1', status: 3 }, Msg.statusInvalid],
  ])('status refuses %j', (input, msg) => {
    expect(firstMessage(userStatusSchema, input)).toBe(msg);
  });
});

describe('departments and roles', () => {
  it.each([
    [deptSaveSchema, { name: '' }, Msg.deptNameRequired],
    [deptSaveSchema, { name: '甲', pid: -2 }, Msg.parentDeptNotFound],
    [deptSaveSchema, { name: '甲', ownerUserId: 'x' }, Msg.deptOwnerNotFound],
    [roleSaveSchema, { roleName: '', roleType: 2 }, Msg.roleNameRequired],
    [roleSaveSchema, { roleName: '甲', roleType: 9 }, Msg.roleTypeInvalid],
    [roleSaveSchema, { roleName: '甲', roleType: 2, dataType: 9 }, Msg.dataTypeInvalid],
    [roleMenuSchema, { roleId: 1 }, Msg.permissionsRequired],
    [roleMenuSchema, { permissions: [] }, Msg.roleNotFound],
  ] as const)('refuses %j', (schema, input, msg) => {
    expect(firstMessage(schema as z.ZodType, input)).toBe(msg);
  });
  it('defaults a top department and scope all', () => {
    expect(deptSaveSchema.parse({ name: '甲' })).toMatchObject({ pid: 0, ownerUserId: null, sort: 0 });
    expect(roleSaveSchema.parse({ roleName: '甲', roleType: '2' })).toMatchObject({ roleType: 2, dataType: 5 });
    // 项目配置角色 (8) is a role type since the 配置 realm has pages.
    expect(roleSaveSchema.parse({ roleName: '甲', roleType: 8 })).toMatchObject({ roleType: 8 });
  });
  it('reads permissions as a list or a comma list', () => {
    expect(roleMenuSchema.parse({ roleId: 1, permissions: 'a:b:c,d:e:f' }).permissions).toEqual(['a:b:c', 'd:e:f']);
  });
});
