import type {
  ActionRecord,
  FollowUp,
  FollowUpPage,
  KindInput,
  ListColumn,
  RecordDetail,
  RecordPage,
  RecordRow,
  SavedId,
  Scene,
  TeamMember,
} from '@crm/shared';
import { call } from '@/shell/call';
import { request } from '@/shell/request';

/**
 * The calls every record kind answers under its prefix (docs/api/records.md), typed by the
 * shared response schemas. One object per prefix: the pages never spell a path themselves.
 */
export type { ActionRecord, FollowUp, ListColumn, RecordDetail, RecordPage, RecordRow, Scene, TeamMember };

/** One advanced-filter entry (DECISIONS "CRM"): `{field: {name, condition, value, formType, start, end}}`. */
export type FilterEntry = NonNullable<KindInput<'saveScene'>['data']>[string];
export type FilterData = Record<string, FilterEntry>;

/** The body of `queryPageList`; the Excel export of the current filter sends the same. */
export type ListBody = {
  page: number;
  limit: number;
  search: string;
  sceneId?: number;
  sortField: string;
  order?: 'asc' | 'desc';
  data: FilterData;
};

export type SaveBody = {
  entity: Record<string, unknown> & { batchId: string };
  field: { fieldName: string; value: unknown }[];
  /** Product lines of a kind with `features.products` (crm-records §3). */
  product?: { productId: number; price: number; salesPrice: number; num: number; discount: number; subtotal: number }[];
  /** A reviewed kind's submission to a chosen flow: its approver (crm/form/ReviewBlock.tsx). */
  checkUserId?: number;
};

const json = { json: true } as const;

/**
 * A kind's calls under its prefix. `calls` names the kind's own save and owner-change calls when
 * they are not `addOrUpdate` and `transfer` (products `saveAndUpdate`; leads `changeOwnerUser`).
 */
export function recordApi(prefix: string, calls: { save?: string; transfer?: string } = {}) {
  const saveCall = calls.save ?? 'addOrUpdate';
  const transferCall = calls.transfer ?? 'transfer';
  const p = (call: string) => `/${prefix}/${call}`;
  return {
    list: (body: ListBody) => request<RecordPage>(p('queryPageList'), body satisfies KindInput<'queryPageList'>, json),
    detail: (id: number) => request<RecordDetail>(p('queryById'), { id }, { silent: true }),
    remove: (ids: number[]) => request<null>(p('deleteByIds'), { ids }, json),
    actions: (id: number) => request<ActionRecord[]>(p('queryActionRecord'), { id }),
    transfer: (body: KindInput<'transfer'>) => request<null>(p(transferCall), body, json),
    addFollowUp: (body: KindInput<'addRecord'>) => request<SavedId>(p('addRecord'), body, json),
    followUps: (id: number, page: number, limit: number) => request<FollowUpPage>(p('getRecord'), { id, page, limit }),
    members: (id: number) => request<TeamMember[]>(p('getMembers'), { id }),
    addMembers: (body: KindInput<'addMembers'>) => request<null>(p('addMembers'), body, json),
    updateMembers: (body: KindInput<'updateMembers'>) => request<null>(p('updateMembers'), body, json),
    deleteMembers: (body: KindInput<'deleteMembers'>) => request<null>(p('deleteMembers'), body, json),
    scenes: () => request<Scene[]>(p('queryScene')),
    saveScene: (body: KindInput<'saveScene'>) => request<SavedId>(p('saveScene'), body, json),
    deleteScene: (sceneId: number) => request<null>(p('deleteScene'), { sceneId }),
    setDefaultScene: (sceneId: number) => request<null>(p('setDefaultScene'), { sceneId }),
    listHead: () => request<ListColumn[]>(p('queryListHead')),
    setListHead: (columns: KindInput<'setListHead'>['columns']) => request<null>(p('setListHead'), { columns }, json),
    /** The kind's own save call: the generic `{entity, field}` body (crm-records §3). */
    save: (body: SaveBody) => request<unknown>(p(saveCall), body, json),
  };
}
export type RecordApi = ReturnType<typeof recordApi>;

/**
 * The kind's field definitions (`field/queryField`, `label` = the module code, `id` on update):
 * fixed ones (fieldType 1) and the administrator's custom ones.
 */
export const queryFields = (label: number, id?: number) =>
  call('/field/queryField', id ? { label, id } : { label }, { silent: true });

/** Query keys: everything of a kind lives under `['crm', prefix]`. */
export const recordKeys = {
  kind: (prefix: string) => ['crm', prefix] as const,
  list: (prefix: string, body: ListBody) => ['crm', prefix, 'list', body] as const,
  head: (prefix: string) => ['crm', prefix, 'head'] as const,
  scenes: (prefix: string) => ['crm', prefix, 'scenes'] as const,
  fields: (prefix: string) => ['crm', prefix, 'fields'] as const,
  detail: (prefix: string, id: number) => ['crm', prefix, 'detail', id] as const,
  followUps: (prefix: string, id: number, page: number) => ['crm', prefix, 'followUps', id, page] as const,
  members: (prefix: string, id: number) => ['crm', prefix, 'members', id] as const,
  actions: (prefix: string, id: number) => ['crm', prefix, 'actions', id] as const,
};
