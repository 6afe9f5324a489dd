import { request } from '@/shell/request';
import type { DeptNode, Page, UserPageType, UserRow } from './types';

export const PICKER_PAGE_SIZE = 10;

export const fetchDeptTree = () => request<DeptNode[]>('/system/dept/queryDeptTree', { type: 'tree' });

export type UserListQuery = {
  page?: number;
  limit?: number;
  pageType?: UserPageType;
  search?: string;
  deptId?: number;
  includeChildDepts?: boolean;
  status?: number;
  roleId?: number;
};

export const fetchUserList = (q: UserListQuery) => request<Page<UserRow>>('/system/user/queryUserList', q);
