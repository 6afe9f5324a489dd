import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { fetchDeptTree, fetchUserList, PICKER_PAGE_SIZE } from './api';
import type { UserPageType } from './types';

/** Query keys under `system`: the manager pages invalidate `['system']` after a change. */
export const systemKeys = {
  all: ['system'] as const,
  deptTree: ['system', 'deptTree'] as const,
  pickerUsers: (pageType: UserPageType, deptId: number | undefined) =>
    ['system', 'users', 'picker', pageType, deptId ?? 0] as const,
  pickerPool: (pageType: UserPageType) => ['system', 'users', 'pool', pageType] as const,
  pickerSearch: (pageType: UserPageType, search: string) => ['system', 'users', 'search', pageType, search] as const,
};

export const useDeptTree = (enabled = true) =>
  useQuery({ queryKey: systemKeys.deptTree, queryFn: fetchDeptTree, enabled, staleTime: 60_000 });

/** The users of one department (not of its children), ten at a time. No department: everyone. */
export const useDeptUsers = (pageType: UserPageType, deptId: number | undefined, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: systemKeys.pickerUsers(pageType, deptId),
    queryFn: ({ pageParam }) =>
      fetchUserList({ pageType, deptId, includeChildDepts: false, page: pageParam, limit: PICKER_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.totalRow ? last.page + 1 : undefined),
    enabled,
    staleTime: 30_000,
  });

const POOL_LIMIT = 1000;

/**
 * Searching matches pinyin too, which the server cannot: the picker loads the user list once
 * (up to 1000) and filters it here. A larger organisation falls back to the server's substring search.
 */
export function useUserSearch(pageType: UserPageType, search: string) {
  const active = search.trim() !== '';
  const pool = useQuery({
    queryKey: systemKeys.pickerPool(pageType),
    queryFn: () => fetchUserList({ pageType, page: 1, limit: POOL_LIMIT }),
    enabled: active,
    staleTime: 60_000,
  });
  const complete = pool.data ? pool.data.totalRow <= pool.data.list.length : undefined;
  const server = useQuery({
    queryKey: systemKeys.pickerSearch(pageType, search.trim()),
    queryFn: () => fetchUserList({ pageType, search: search.trim(), page: 1, limit: 50 }),
    enabled: active && complete === false,
  });
  return {
    loading: pool.isLoading || server.isLoading,
    users: complete === false ? server.data?.list : pool.data?.list,
    needsLocalFilter: complete !== false,
  };
}
