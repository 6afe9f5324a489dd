import type { UserListQuery } from '@crm/shared';
import { call } from '@/shell/call';

export const PICKER_PAGE_SIZE = 10;

export const fetchDeptTree = () => call('/system/dept/queryDeptTree', { type: 'tree' });

export type { UserListQuery };

export const fetchUserList = (q: UserListQuery) => call('/system/user/queryUserList', q);
