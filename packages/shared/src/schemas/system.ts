import { z } from 'zod';
import { Msg } from '../api/messages.ts';
import { type RoleType, roleTypeList } from '../auth/permissions.ts';
import { emailPattern, mobilePattern } from '../fields/patterns.ts';
import { DataScope } from '../org/data-scope.ts';
import { withAliases } from './aliases.ts';
import { passwordSchema } from './auth.ts';
import {
  idField,
  idList,
  intEnum,
  intWithDefault,
  nullableId,
  optionalId,
  optionalInt,
  optionalText,
  pageFields,
  requiredText,
  searchField,
} from './fields.ts';
import { sortFields } from './list.ts';

const optionalMobile = optionalText({ label: '手机', max: 20 }).refine((v) => v === '' || mobilePattern.test(v), {
  error: Msg.mobileInvalid,
});
const optionalEmail = optionalText({ label: '邮箱', max: 100 }).refine((v) => v === '' || emailPattern.test(v), {
  error: Msg.emailInvalid,
});

/**
 * Page types of the user list: 1 everyone active, paged (pickers); 0 the same as the whole list in
 * a plain array (the original client's pickers); 1001 my subordinates; 1002 all incl. disabled.
 */
export const UserPageType = { whole: 0, picker: 1, myChild: 1001, all: 1002 } as const;
export type UserPageType = (typeof UserPageType)[keyof typeof UserPageType];

export const userListSchema = z.object({
  ...pageFields,
  ...sortFields,
  pageType: intEnum([0, 1, 1001, 1002] as const, Msg.pageTypeInvalid, 1),
  search: searchField,
  deptId: optionalId(Msg.deptNotFound),
  /** Include users of child departments of deptId. */
  includeChildDepts: z.preprocess((v) => v === 'true' || v === true || v === '1' || v === 1, z.boolean()).default(true),
  /** Only with pageType 1002; the other page types list active users. */
  status: optionalInt(Msg.statusInvalid, { min: 0, max: 1 }),
  /** Users holding this role: the role page's member list. */
  roleId: optionalId(Msg.roleNotFound),
});
export type UserListInput = z.infer<typeof userListSchema>;

const userFields = {
  realname: requiredText({ label: '姓名', max: 50 }, Msg.realnameRequired),
  mobile: optionalMobile,
  email: optionalEmail,
  sex: intWithDefault('性别有误', 0, { min: 0, max: 2 }),
  deptId: idField(Msg.deptRequired),
  post: optionalText({ label: '岗位', max: 50 }),
  parentId: nullableId(Msg.parentNotFound).default(null),
  num: optionalText({ label: '工号', max: 30 }),
  roleIds: idList(Msg.roleNotFound),
};

export const userCreateSchema = z.object({
  username: requiredText({ label: '用户名', max: 50 }, Msg.usernameRequired).refine(
    (v) => /^[A-Za-z0-9_.@-]+$/.test(v),
    {
      error: Msg.usernameInvalid,
    },
  ),
  password: passwordSchema,
  ...userFields,
});
export type UserCreateInput = z.infer<typeof userCreateSchema>;

/** `roleIds` absent keeps the user's roles; an empty value removes them all. */
export const userUpdateSchema = z.object({
  userId: idField(Msg.userNotFound),
  ...userFields,
  roleIds: userFields.roleIds.optional(),
});
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;

export const userIdSchema = z.object({ userId: idField(Msg.userNotFound) });

/** Personal center: what a user may change of their own profile. */
export const profileUpdateSchema = z.object({
  realname: userFields.realname,
  mobile: optionalMobile,
  email: optionalEmail,
  sex: userFields.sex,
});

const userIds = idList(Msg.userNotFound).refine((a) => a.length > 0, { error: Msg.userNotFound });

export const userStatusSchema = z.object({ userIds, status: intEnum([0, 1] as const, Msg.statusInvalid) });
export type UserStatusInput = z.infer<typeof userStatusSchema>;

export const resetPasswordSchema = z.object({ userIds, password: passwordSchema });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const deptSaveSchema = z.object({
  name: requiredText({ label: '部门名称', max: 50 }, Msg.deptNameRequired),
  /** 0: a top department. */
  pid: intWithDefault(Msg.parentDeptNotFound, 0, { min: 0 }),
  ownerUserId: nullableId(Msg.deptOwnerNotFound).default(null),
  sort: intWithDefault('排序须为整数', 0),
  remark: optionalText({ label: '备注', max: 200, multiline: true }),
});
export type DeptSaveInput = z.infer<typeof deptSaveSchema>;
/** The original client (`system/dept/updateDept`) names the department `deptId`. */
export const deptUpdateSchema = withAliases(deptSaveSchema.extend({ id: idField(Msg.deptNotFound) }), { deptId: 'id' });
export type DeptUpdateInput = z.infer<typeof deptUpdateSchema>;
export const deptIdSchema = z.object({ id: idField(Msg.deptNotFound) });
export const deptTreeSchema = z.object({ type: optionalText({ label: '类型', max: 20 }) });

const roleTypes = roleTypeList.map((t) => t.roleType) as [RoleType, ...RoleType[]];
const roleTypeField = intEnum(roleTypes, Msg.roleTypeInvalid);
const dataScopes = Object.values(DataScope) as [DataScope, ...DataScope[]];
const dataTypeField = intEnum(dataScopes, Msg.dataTypeInvalid);

export const roleSaveSchema = z.object({
  roleName: requiredText({ label: '角色名称', max: 50 }, Msg.roleNameRequired),
  roleType: roleTypeField,
  dataType: intEnum(dataScopes, Msg.dataTypeInvalid, DataScope.all),
  remark: optionalText({ label: '备注', max: 200, multiline: true }),
});
export type RoleSaveInput = z.infer<typeof roleSaveSchema>;
export const roleUpdateSchema = roleSaveSchema.extend({ roleId: idField(Msg.roleNotFound) });
export type RoleUpdateInput = z.infer<typeof roleUpdateSchema>;
export const roleIdSchema = z.object({ roleId: idField(Msg.roleNotFound) });
export const roleByTypeSchema = z.object({ roleType: roleTypeField });
export const roleMenuSchema = z.object({
  roleId: idField(Msg.roleNotFound),
  dataType: dataTypeField.optional(),
  /** Keys of the role type's permission tree; a comma list is accepted from form bodies. */
  permissions: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter((s) => s.trim() !== '') : v),
    z.array(z.string({ error: Msg.unknownPermission }), { error: Msg.permissionsRequired }),
  ),
});
export type RoleMenuInput = z.infer<typeof roleMenuSchema>;
export const roleUsersSchema = z.object({
  roleIds: idList(Msg.roleNotFound).refine((a) => a.length > 0, { error: Msg.roleNotFound }),
  userIds,
});
export type RoleUsersInput = z.infer<typeof roleUsersSchema>;
export const unbindUserSchema = z.object({ roleId: idField(Msg.roleNotFound), userId: idField(Msg.userNotFound) });
export const menuByTypeSchema = z.object({ type: roleTypeField });

/** The original client's address book searches (`system/user/queryListName`, `queryListNameByDept`). */
export const addressNameSchema = z.object({
  search: optionalText({ label: '搜索内容', max: 50 }),
  name: optionalText({ label: '搜索内容', max: 50 }),
});
