import type {
  ActionRecord,
  FieldDefinition,
  FollowUp,
  FollowUpPage,
  ListColumn,
  RecordDetail,
  RecordPage,
  RecordRow,
  SavedId,
  Scene,
  TeamMember,
  TransferCarry,
} from '@crm/shared';
import { request } from '@/shell/request';

/**
 * The calls every record kind answers under its prefix (docs/api/records.md), typed by the
 * shared response schemas. One object per prefix: the pages never spell a path themselves.
 */
export type { ActionRecord, FollowUp, ListColumn, RecordDetail, RecordPage, RecordRow, Scene, TeamMember };

/** One advanced-filter entry (DECISIONS "CRM"): `{field: {name, condition, value, formType, start, end}}`. */
export type FilterEntry = {
  name?: string;
  condition: string;
  value?: unknown;
  formType?: string;
  start?: unknown;
  end?: unknown;
};
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
    list: (body: ListBody) => request<RecordPage>(p('queryPageList'), body, json),
    detail: (id: number) => request<RecordDetail>(p('queryById'), { id }, { silent: true }),
    remove: (ids: number[]) => request<null>(p('deleteByIds'), { ids }, json),
    actions: (id: number) => request<ActionRecord[]>(p('queryActionRecord'), { id }),
    transfer: (body: {
      ids: number[];
      newOwnerUserId: number;
      transferType: 1 | 2;
      power: 1 | 2;
      carry?: TransferCarry[];
    }) => request<null>(p(transferCall), body, json),
    addFollowUp: (body: { id: number; category: string; content: string; nextTime?: string; batchId?: string }) =>
      request<SavedId>(p('addRecord'), body, json),
    followUps: (id: number, page: number, limit: number) => request<FollowUpPage>(p('getRecord'), { id, page, limit }),
    members: (id: number) => request<TeamMember[]>(p('getMembers'), { id }),
    addMembers: (body: { ids: number[]; memberIds: number[]; power: 1 | 2 }) =>
      request<null>(p('addMembers'), body, json),
    updateMembers: (body: { id: number; memberIds: number[]; power: 1 | 2 }) =>
      request<null>(p('updateMembers'), body, json),
    deleteMembers: (body: { ids: number[]; memberIds: number[] }) => request<null>(p('deleteMembers'), body, json),
    scenes: () => request<Scene[]>(p('queryScene')),
    saveScene: (body: { sceneId?: number; name: string; data: FilterData; isDefault: 0 | 1 }) =>
      request<SavedId>(p('saveScene'), body, json),
    deleteScene: (sceneId: number) => request<null>(p('deleteScene'), { sceneId }),
    setDefaultScene: (sceneId: number) => request<null>(p('setDefaultScene'), { sceneId }),
    listHead: () => request<ListColumn[]>(p('queryListHead')),
    setListHead: (columns: { key: string; width?: number; hidden?: boolean }[]) =>
      request<null>(p('setListHead'), { columns }, json),
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
  request<FieldDefinition[]>('/field/queryField', id ? { label, id } : { label }, { silent: true });

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
