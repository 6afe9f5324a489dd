import type { PageResult } from '@crm/shared';
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { useState } from 'react';

/** What every paged workbench list sends besides its own filters. */
export type Paged = { page: number; limit: number; search: string };

/**
 * A workbench list's paging (logs, planning documents, tasks, notices): the page and the searched
 * text, the query built from them (the last page stays on screen while the next loads), and the
 * table's or list's pagination. Any other filter's change calls `toFirstPage`, as a search does.
 */
export function usePagedList<T>(
  limit: number,
  query: (paged: Paged) => { queryKey: QueryKey; queryFn: () => Promise<PageResult<T>> },
) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const list = useQuery({ ...query({ page, limit, search }), placeholderData: keepPreviousData });
  const toFirstPage = () => setPage(1);
  return {
    list,
    rows: list.data?.list ?? [],
    toFirstPage,
    /** The search box's: trimmed, from the first page. */
    onSearch: (text: string) => {
      setSearch(text.trim());
      setPage(1);
    },
    pagination: {
      current: page,
      pageSize: limit,
      total: list.data?.totalRow ?? 0,
      onChange: setPage,
      showSizeChanger: false,
    },
  };
}
