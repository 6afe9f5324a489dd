import type { Input, PageResult, RoleTypeItem, SystemUser, UserListQuery } from '@crm/shared';
import { call } from '@/shell/call';

/** The manager pages' calls (docs/api/system.md, docs/api/files.md). */

export type { RoleTypeItem, UserListQuery };

/** The user form's values: the calls' bodies are typed by their input contracts (`Input<P>`). */
export type UserSaveBody = {
  realname: string;
  mobile: string;
  email: string;
  sex: number;
  deptId: number;
  post: string;
  parentId: number | null;
  num: string;
  /** Absent on update: the user's roles stay as they are. */
  roleIds?: number[];
};

export type DeptSaveBody = { name: string; pid: number; ownerUserId: number | null; sort: number; remark: string };
export type RoleSaveBody = { roleName: string; roleType: number; dataType: number; remark: string };

export const api = {
  // company settings
  sysConfig: () => call('/sysConfig/query'),
  setSysConfig: (form: FormData) => call('/sysConfig/set', form, { multipart: true }),

  // users
  // These pages need manage:users:read, and to such a user the list answers whole rows (the
  // contract's optional fields are those a picker does not get).
  users: (q: UserListQuery) => call('/system/user/queryUserList', q) as Promise<PageResult<SystemUser>>,
  addUser: (body: Input<'/system/user/addUser'>) => call('/system/user/addUser', body),
  setUser: (body: Input<'/system/user/setUser'>) => call('/system/user/setUser', body),
  setUserStatus: (userIds: number[], status: 0 | 1) => call('/system/user/setUserStatus', { userIds, status }),
  resetPassword: (userIds: number[], password: string) =>
    call('/system/user/resetPasswordByUserId', { userIds, password }),

  // departments
  deptTree: () => call('/system/dept/queryDeptTree', { type: 'tree' }),
  addDept: (body: Input<'/system/dept/addDept'>) => call('/system/dept/addDept', body),
  setDept: (body: Input<'/system/dept/setDept'>) => call('/system/dept/setDept', body),
  deleteDept: (id: number) => call('/system/dept/deleteDept', { id }),

  // roles and menus
  roleTypes: () => call('/system/role/getRoleTypeList'),
  rolesByType: (roleType: number) => call('/system/role/getRoleByType', { roleType }),
  addRole: (body: Input<'/system/role/add'>) => call('/system/role/add', body),
  updateRole: (body: Input<'/system/role/update'>) => call('/system/role/update', body),
  deleteRole: (roleId: number) => call('/system/role/delete', { roleId }),
  copyRole: (roleId: number) => call('/system/role/copy', { roleId }),
  updateRoleMenu: (body: Input<'/system/role/updateRoleMenu'>) =>
    call('/system/role/updateRoleMenu', body, { json: true }),
  relateUsers: (roleIds: number[], userIds: number[]) => call('/system/role/relatedUser', { roleIds, userIds }),
  unbindUser: (roleId: number, userId: number) => call('/system/role/unbindingUser', { roleId, userId }),
  menuByType: (type: number) => call('/system/menu/getMenuListByType', { type }),
};

/** Query keys; every change invalidates `['system']`, which also refreshes the member pickers. */
export const managerKeys = {
  sysConfig: ['sysConfig'] as const,
  users: (q: UserListQuery) => ['system', 'users', 'manager', q] as const,
  deptTree: ['system', 'deptTree'] as const,
  roleTypes: ['system', 'roleTypes'] as const,
  rolesByType: (roleType: number) => ['system', 'roles', roleType] as const,
  allRoles: ['system', 'roles', 'all'] as const,
  menu: (roleType: number) => ['system', 'menu', roleType] as const,
};
