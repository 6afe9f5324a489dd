import type { RecordKind, RecordRow, recordPageResponse, Scene } from '@crm/shared';
import type { z } from 'zod';
import { request } from '@/shell/request';

type RecordPage = z.infer<typeof recordPageResponse>;

/** Spec 2.10, 9: the link picker pages by ten. */
export const LINK_PAGE_SIZE = 10;

/**
 * The two generic calls of a kind the link picker uses (docs/api/records.md): its scenes and a
 * page of its list, both within the viewer's data scope on the server.
 */
export const linkPickerApi = (prefix: string) => ({
  scenes: () => request<Scene[]>(`/${prefix}/queryScene`),
  page: (q: { page: number; search: string; sceneId?: number }) =>
    request<RecordPage>(
      `/${prefix}/queryPageList`,
      {
        page: q.page,
        limit: LINK_PAGE_SIZE,
        search: q.search,
        ...(q.sceneId === undefined ? {} : { sceneId: q.sceneId }),
      },
      { json: true },
    ),
  one: (id: number) => request<{ record: RecordRow }>(`/${prefix}/queryById`, { id }, { silent: true }),
});

/** A chosen record: its id and the name people see. */
export type PickedRecord = { id: number; name: string };

/**
 * The name a record shows in pickers and links (crm-records 2, relation picker): receivables
 * their number, contracts contractNum or num, the others their descriptor's name field, else name.
 */
export function recordDisplayName(kind: RecordKind, row: Record<string, unknown>): string {
  for (const key of [kind.nameField, 'contractNum', 'number', 'num', 'name']) {
    const v = row[key];
    if (v !== undefined && v !== null && String(v) !== '') return String(v);
  }
  return '';
}

export const recordIdOf = (kind: RecordKind, row: Record<string, unknown>): number => Number(row[kind.idField]);

export const toPicked = (kind: RecordKind, row: Record<string, unknown>): PickedRecord => ({
  id: recordIdOf(kind, row),
  name: recordDisplayName(kind, row),
});
