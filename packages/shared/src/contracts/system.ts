import { z } from 'zod';
import type { AuthObject, PermissionNode } from '../auth/permissions.ts';
import type { UserListInput } from '../schemas/system.ts';
import { apiTime, noData, pageOf } from './common.ts';

/** Answers of the organisation calls (docs/api/system.md). */

/** A row of the user list and the answer of queryUserById. */
export const systemUserSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  realname: z.string(),
  img: z.string(),
  mobile: z.string(),
  email: z.string(),
  sex: z.number().int(),
  num: z.string(),
  post: z.string(),
  status: z.number().int(),
  deptId: z.number().int().nullable(),
  deptName: z.string(),
  parentId: z.number().int().nullable(),
  parentName: z.string(),
  roleIds: z.array(z.number().int()),
  /** Role names joined by ",". */
  roleNames: z.string(),
  createTime: apiTime,
  lastLoginTime: apiTime.nullable(),
});
export type SystemUser = z.infer<typeof systemUserSchema>;

/** The signed-in user as the shell and the personal center show them: the user-list row plus isAdmin. */
export const profileSchema = systemUserSchema.extend({ isAdmin: z.boolean() });
export type Profile = z.infer<typeof profileSchema>;

/** What the user list is asked (the web's query keys and calls); the server's defaults fill the rest. */
export type UserListQuery = Partial<UserListInput>;

const deptFields = {
  id: z.number().int(),
  pid: z.number().int(),
  name: z.string(),
  label: z.string(),
  ownerUserId: z.number().int().nullable(),
  ownerUserName: z.string(),
  sort: z.number().int(),
  remark: z.string(),
  userCount: z.number().int(),
};
/** A department of queryDeptTree; `children` is empty in the flat list. */
export type DeptNode = { [K in keyof typeof deptFields]: z.infer<(typeof deptFields)[K]> } & { children: DeptNode[] };
export const deptNodeSchema: z.ZodType<DeptNode> = z
  .object({
    ...deptFields,
    get children() {
      return z.array(deptNodeSchema);
    },
  })
  .meta({ id: 'DeptNode' });

/** A role of getRoleByType. The super admin role lists no permissions: it passes every check. */
export const systemRoleSchema = z.object({
  roleId: z.number().int(),
  roleName: z.string(),
  roleType: z.number().int(),
  dataType: z.number().int(),
  remark: z.string(),
  isSuper: z.boolean(),
  permissions: z.array(z.string()),
  userCount: z.number().int(),
});
export type SystemRole = z.infer<typeof systemRoleSchema>;

export const roleTypeItemSchema = z.object({ roleType: z.number().int(), name: z.string(), nameEn: z.string() });
export type RoleTypeItem = z.infer<typeof roleTypeItemSchema>;

export const permissionNodeSchema: z.ZodType<PermissionNode> = z
  .object({
    key: z.string(),
    title: z.string(),
    titleEn: z.string(),
    get children() {
      return z.array(permissionNodeSchema).optional();
    },
  })
  .meta({ id: 'PermissionNode' });

/** The nested permission object: `{manage: {users: {read: true}}}`. */
export const authObjectSchema: z.ZodType<AuthObject> = z
  .record(z.string(), z.union([z.literal(true), z.lazy(() => authObjectSchema)]))
  .meta({ id: 'AuthObject' });

/**
 * What every signed-in user's pickers see of a colleague: name, avatar, department, post, status.
 * Login name, mobile, e-mail, number, supervisor, roles and login times are for those who manage
 * users (manage:users:read): the list answers them the full row, everyone else this one.
 */
const pickerFields = {
  userId: true,
  realname: true,
  img: true,
  status: true,
  deptId: true,
  deptName: true,
  post: true,
} as const;
export const userPickerRowSchema = systemUserSchema.pick(pickerFields);
export type UserPickerRow = z.infer<typeof userPickerRowSchema>;
/** A row of queryUserList: the picker's fields always, the rest only for user managers. */
export const userListRowSchema = systemUserSchema.partial().required(pickerFields);
export type UserListRow = z.infer<typeof userListRowSchema>;
export const userPageResponse = pageOf(userListRowSchema);
export const userIdResponse = z.object({ userId: z.number().int() });
export const deptListResponse = z.array(deptNodeSchema);
export const deptIdResponse = z.object({ id: z.number().int() });
export const roleTypeListResponse = z.array(roleTypeItemSchema);
export const roleListResponse = z.array(systemRoleSchema);
/**
 * The original client's role page (`system/role/getAllRoleList`, issue 20): the roles grouped by
 * type, each type as `{name, pid}` (its type number) and each role also as `{id, title}`.
 */
export const allRolesResponse = z.array(
  z.object({
    name: z.string(),
    pid: z.number().int(),
    list: z.array(systemRoleSchema.extend({ id: z.number().int(), title: z.string() })),
  }),
);
export const roleIdResponse = z.object({ roleId: z.number().int() });
export const permissionTreeResponse = z.array(permissionNodeSchema);
export { noData };
