import { z } from 'zod';
import { Msg } from '../api/messages.ts';
import { DataScope } from '../org/data-scope.ts';
import { passwordSchema } from './auth.ts';
import {
  emailPattern,
  idField,
  idList,
  intEnum,
  mobilePattern,
  nullableId,
  optionalId,
  optionalText,
  pageFields,
  requiredText,
} from './fields.ts';

const optionalMobile = optionalText(11).refine((v) => v === '' || mobilePattern.test(v), { error: Msg.mobileInvalid });
const optionalEmail = optionalText(100).refine((v) => v === '' || emailPattern.test(v), { error: Msg.emailInvalid });

/** Page types of the user list: 0 everyone active (pickers), 1001 my subordinates, 1002 all incl. disabled. */
export const UserPageType = { picker: 0, myChild: 1001, all: 1002 } as const;

export const userListSchema = z.object({
  ...pageFields,
  pageType: z.preprocess((v) => (v === '' || v === undefined ? 0 : v), z.coerce.number().int()),
  search: optionalText(50),
  deptId: optionalId(Msg.deptRequired),
  status: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(1).optional()),
  /** Include users of child departments of deptId. */
  includeChildDepts: z.preprocess((v) => v === 'true' || v === true || v === '1' || v === 1, z.boolean()).default(true),
});
export type UserListInput = z.infer<typeof userListSchema>;

const userFields = {
  realname: requiredText(Msg.realnameRequired, 50),
  mobile: optionalMobile,
  email: optionalEmail,
  sex: z.preprocess((v) => (v === '' || v === undefined || v === null ? 0 : v), z.coerce.number().int().min(0).max(2)),
  deptId: idField(Msg.deptRequired),
  post: optionalText(50),
  parentId: nullableId(Msg.userNotFound).default(null),
  num: optionalText(30),
  roleIds: idList(Msg.roleNotFound),
};

export const userCreateSchema = z.object({
  username: requiredText(Msg.usernameRequired, 50).refine((v) => /^[A-Za-z0-9_.@-]+$/.test(v), {
    error: '用户名只能包含字母、数字和 _ . @ -',
  }),
  password: passwordSchema,
  ...userFields,
});
export type UserCreateInput = z.infer<typeof userCreateSchema>;

export const userUpdateSchema = z.object({ userId: idField(Msg.userNotFound), ...userFields });
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;

/** Personal center: what a user may change of their own profile. */
export const profileUpdateSchema = z.object({
  realname: requiredText(Msg.realnameRequired, 50),
  mobile: optionalMobile,
  email: optionalEmail,
  sex: userFields.sex,
});

export const userStatusSchema = z.object({
  userIds: idList(Msg.userNotFound).refine((a) => a.length > 0, { error: Msg.userNotFound }),
  status: intEnum([0, 1] as const, '状态有误'),
});

export const resetPasswordSchema = z.object({
  userIds: idList(Msg.userNotFound).refine((a) => a.length > 0, { error: Msg.userNotFound }),
  password: passwordSchema,
});

export const deptSaveSchema = z.object({
  name: requiredText(Msg.deptNameRequired, 50),
  pid: z.preprocess((v) => (v === '' || v === undefined || v === null ? 0 : v), z.coerce.number().int().min(0)),
  ownerUserId: nullableId(Msg.userNotFound).default(null),
  sort: z.preprocess((v) => (v === '' || v === undefined ? 0 : v), z.coerce.number().int()),
  remark: optionalText(200),
});
export const deptUpdateSchema = deptSaveSchema.extend({ id: idField(Msg.deptNotFound) });
export const deptTreeSchema = z.object({ type: optionalText(20) });

const dataScopes = Object.values(DataScope);
export const roleSaveSchema = z.object({
  roleName: requiredText(Msg.roleNameRequired, 50),
  roleType: intEnum([0, 1, 2, 7] as const, '角色类型有误'),
  dataType: intEnum(dataScopes as [1, 2, 3, 4, 5], '数据权限有误').default(5),
  remark: optionalText(200),
});
export const roleUpdateSchema = roleSaveSchema.extend({ roleId: idField(Msg.roleNotFound) });
export const roleIdSchema = z.object({ roleId: idField(Msg.roleNotFound) });
export const roleByTypeSchema = z.object({ roleType: intEnum([0, 1, 2, 7] as const, '角色类型有误') });
export const roleMenuSchema = z.object({
  roleId: idField(Msg.roleNotFound),
  dataType: intEnum(dataScopes as [1, 2, 3, 4, 5], '数据权限有误').optional(),
  permissions: z.array(z.string()),
});
export const roleUsersSchema = z.object({
  roleIds: idList(Msg.roleNotFound).refine((a) => a.length > 0, { error: Msg.roleNotFound }),
  userIds: idList(Msg.userNotFound).refine((a) => a.length > 0, { error: Msg.userNotFound }),
});
export const unbindUserSchema = z.object({ roleId: idField(Msg.roleNotFound), userId: idField(Msg.userNotFound) });
export const menuByTypeSchema = z.object({ type: z.coerce.number().int() });
