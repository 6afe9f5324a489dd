import type {
  DeptNode,
  PageResult,
  PermissionNode,
  SysConfig,
  SystemRole,
  SystemUser,
  UserPageType,
} from '@crm/shared';
import { request } from '@/shell/request';

/** The manager pages' calls (docs/api/system.md, docs/api/files.md). */

export type RoleTypeItem = { roleType: number; name: string; nameEn?: string };

export type UserListQuery = {
  page: number;
  limit: number;
  pageType: UserPageType;
  search?: string;
  deptId?: number;
  includeChildDepts?: boolean;
  status?: number;
  roleId?: number;
};

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
  sysConfig: () => request<SysConfig>('/sysConfig/query'),
  setSysConfig: (form: FormData) => request<SysConfig>('/sysConfig/set', form, { multipart: true }),

  // users
  users: (q: UserListQuery) => request<PageResult<SystemUser>>('/system/user/queryUserList', q),
  addUser: (body: UserSaveBody & { username: string; password: string }) =>
    request<{ userId: number }>('/system/user/addUser', body),
  setUser: (body: UserSaveBody & { userId: number }) => request<null>('/system/user/setUser', body),
  setUserStatus: (userIds: number[], status: 0 | 1) => request<null>('/system/user/setUserStatus', { userIds, status }),
  resetPassword: (userIds: number[], password: string) =>
    request<null>('/system/user/resetPasswordByUserId', { userIds, password }),

  // departments
  deptTree: () => request<DeptNode[]>('/system/dept/queryDeptTree', { type: 'tree' }),
  addDept: (body: DeptSaveBody) => request<{ id: number }>('/system/dept/addDept', body),
  setDept: (body: DeptSaveBody & { id: number }) => request<null>('/system/dept/setDept', body),
  deleteDept: (id: number) => request<null>('/system/dept/deleteDept', { id }),

  // roles and menus
  roleTypes: () => request<RoleTypeItem[]>('/system/role/getRoleTypeList'),
  rolesByType: (roleType: number) => request<SystemRole[]>('/system/role/getRoleByType', { roleType }),
  addRole: (body: RoleSaveBody) => request<{ roleId: number }>('/system/role/add', body),
  updateRole: (body: RoleSaveBody & { roleId: number }) => request<null>('/system/role/update', body),
  deleteRole: (roleId: number) => request<null>('/system/role/delete', { roleId }),
  copyRole: (roleId: number) => request<{ roleId: number }>('/system/role/copy', { roleId }),
  updateRoleMenu: (body: { roleId: number; dataType?: number; permissions: string[] }) =>
    request<null>('/system/role/updateRoleMenu', body, { json: true }),
  relateUsers: (roleIds: number[], userIds: number[]) =>
    request<null>('/system/role/relatedUser', { roleIds, userIds }),
  unbindUser: (roleId: number, userId: number) => request<null>('/system/role/unbindingUser', { roleId, userId }),
  menuByType: (type: number) => request<PermissionNode[]>('/system/menu/getMenuListByType', { type }),
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
