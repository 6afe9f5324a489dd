import { z } from 'zod';
import { apiTime, noData, pageOf } from '../../contracts/common.ts';
import { idField, idList, optionalId, pageFields, searchField } from '../../schemas/fields.ts';
import { sortFields } from '../../schemas/list.ts';
import {
  checkRanges,
  fieldAnswer,
  fieldsShape,
  itemsSchema,
  type SettingsField,
  type SettingsItems,
} from './fields.ts';

/**
 * A settings kind: one declaration (this type) from which the server derives its routes and the
 * web its page. A list kind has rows (a table, a form modal, delete, enable, sort); a singleton
 * (`singleton: true`) is one object per company edited in a form.
 */
export type SettingsKind<N extends string = string> = {
  /** The routes' segment: `/clinicSettings/<name>/…`. */
  name: N;
  /** The /project page and permission node (`project:<node>:read` / `:update`). */
  node: string;
  title: string;
  titleEn: string;
  /** What the page is for, shown above it. */
  intro: string;
  introEn: string;
  singleton?: true;
  fields: SettingsField[];
  items?: SettingsItems[];
  /**
   * Values no two rows may share, each with the refusal (名称已存在); the database holds a unique
   * index on the same columns (core/unique.ts names it), so a double click saves one row.
   */
  unique?: { keys: string[]; msg: string; index: string }[];
  /** Field keys a search looks in (text columns). */
  search?: string[];
  /** Values the server computes on save and answers (a set meal's total); shown, never typed. */
  computed?: { key: string; label: string; labelEn: string; widget: 'money' }[];
  /** A rule across fields and items (the pools of a department sum to 100): the refusal, or null. */
  check?: (input: Record<string, unknown>) => string | null;
};

export const SettingsMsg = {
  notFound: (title: string) => `该${title}不存在或已删除`,
  noStatus: '该设置没有启用状态',
  idRequired: '请选择要操作的记录',
  sortInvalid: '排序的记录有误',
  optionSourceInvalid: '选项类型有误',
} as const;

/** Whether the kind has the conventional `enabled` switch and `sort` number (status and sort routes). */
export const hasEnabled = (k: SettingsKind) => k.fields.some((f) => f.key === 'enabled' && f.widget === 'switch');
export const hasSort = (k: SettingsKind) => k.fields.some((f) => f.key === 'sort' && f.widget === 'number');

const saveSchemas = new WeakMap<SettingsKind, ReturnType<typeof makeSaveSchema>>();
/**
 * The body of a save: the record's id (absent: a new one), its fields and its sub-tables. Made
 * once per kind (issue 27): the route and `inputContracts` hold the same object.
 */
export function saveSchemaOf(kind: SettingsKind) {
  let made = saveSchemas.get(kind);
  if (!made) {
    made = makeSaveSchema(kind);
    saveSchemas.set(kind, made);
  }
  return made;
}
function makeSaveSchema(kind: SettingsKind) {
  const extra: Record<string, z.ZodType> = {};
  if (!kind.singleton) extra.id = optionalId(SettingsMsg.idRequired);
  for (const items of kind.items ?? []) extra[items.key] = itemsSchema(items);
  return z.object({ ...fieldsShape(kind.fields), ...extra }).superRefine((v, ctx) => {
    checkRanges(kind.fields, v, ctx);
    const msg = kind.check?.(v as Record<string, unknown>);
    if (msg) ctx.addIssue({ code: 'custom', message: msg });
  });
}

/** The answer of one row: its id, fields, computed values, sub-tables and times. */
export function rowSchemaOf(kind: SettingsKind) {
  const shape: Record<string, z.ZodType> = Object.assign({}, ...kind.fields.map(fieldAnswer));
  for (const c of kind.computed ?? []) shape[c.key] = z.number().int();
  for (const items of kind.items ?? [])
    shape[items.key] = z.array(z.object(Object.assign({}, ...items.fields.map(fieldAnswer))));
  return z.object({ id: z.number().int(), ...shape, createTime: apiTime, updateTime: apiTime });
}

export const settingsIdSchema = z.object({ id: idField(SettingsMsg.idRequired) });
export const settingsStatusSchema = z.object({
  id: idField(SettingsMsg.idRequired),
  enabled: z.preprocess(
    (v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v),
    z.boolean({ error: '启用状态有误' }),
  ),
});
/** The rows in their new order (the first sorts first). */
export const settingsSortSchema = z.object({ ids: idList(SettingsMsg.sortInvalid) });
export const settingsListSchema = z.object({
  ...pageFields,
  ...sortFields,
  search: searchField,
  /** Only enabled (true) or disabled (false) rows; absent: all. */
  enabled: z.preprocess(
    (v) =>
      v === '' || v === null || v === undefined
        ? undefined
        : v === 'true' || v === '1' || v === 1
          ? true
          : v === 'false' || v === '0' || v === 0
            ? false
            : v,
    z.boolean({ error: '启用状态有误' }).optional(),
  ),
});
export const settingsSavedResponse = z.object({ id: z.number().int() });

/** The calls a kind may have (a singleton: query and save; a list kind: the rest). */
export type SettingsCall = 'queryList' | 'queryById' | 'save' | 'delete' | 'setStatus' | 'setSort' | 'query';

/** The paths of a kind's calls. */
export function settingsPaths(kind: SettingsKind) {
  const at = (call: string) => `/clinicSettings/${kind.name}/${call}`;
  return {
    list: at('queryList'),
    read: at('queryById'),
    save: at('save'),
    remove: at('delete'),
    status: at('setStatus'),
    sort: at('setSort'),
    /** Singletons: the one object (defaults until first saved). */
    query: at('query'),
  };
}

const contracts = new WeakMap<SettingsKind, Record<string, z.ZodType>>();

/**
 * Each call of a kind with its response contract (contracts/index.ts spreads these; the routes
 * answer with the same objects, which the route-table test compares).
 */
export function settingsContractsOf(kind: SettingsKind): Record<string, z.ZodType> {
  let made = contracts.get(kind);
  if (!made) {
    made = makeContracts(kind);
    contracts.set(kind, made);
  }
  return made;
}

function makeContracts(kind: SettingsKind): Record<string, z.ZodType> {
  const p = settingsPaths(kind);
  const row = rowSchemaOf(kind);
  if (kind.singleton) return { [p.query]: row, [p.save]: settingsSavedResponse };
  return {
    [p.list]: pageOf(row),
    [p.read]: row,
    [p.save]: settingsSavedResponse,
    [p.remove]: noData,
    ...(hasEnabled(kind) ? { [p.status]: noData } : {}),
    ...(hasSort(kind) ? { [p.sort]: noData } : {}),
  };
}

/** Each call of a kind that reads input with its input contract (issue 27; the routes parse with these). */
export function settingsInputsOf(kind: SettingsKind): Record<string, z.ZodType> {
  const p = settingsPaths(kind);
  if (kind.singleton) return { [p.save]: saveSchemaOf(kind) };
  return {
    [p.list]: settingsListSchema,
    [p.read]: settingsIdSchema,
    [p.save]: saveSchemaOf(kind),
    [p.remove]: settingsIdSchema,
    ...(hasEnabled(kind) ? { [p.status]: settingsStatusSchema } : {}),
    ...(hasSort(kind) ? { [p.sort]: settingsSortSchema } : {}),
  };
}

/** Check a declaration once where it is made: keys unique, unique/search keys declared. */
export function defineSettingsKind<N extends string>(kind: SettingsKind<N>): SettingsKind<N> {
  const keys = kind.fields.flatMap((f) => (f.widget === 'dateRange' ? [f.key, f.endKey] : [f.key]));
  const all = [...keys, ...(kind.items ?? []).map((i) => i.key), ...(kind.computed ?? []).map((c) => c.key)];
  if (new Set(all).size !== all.length) throw new Error(`${kind.name}: a key is declared twice`);
  for (const u of kind.unique ?? [])
    for (const k of u.keys) if (!keys.includes(k)) throw new Error(`${kind.name}: unique on undeclared ${k}`);
  for (const s of kind.search ?? [])
    if (!kind.fields.some((f) => f.key === s && f.widget === 'text'))
      throw new Error(`${kind.name}: search on ${s}, which is no text field`);
  if (kind.singleton && (kind.unique?.length || hasSort(kind)))
    throw new Error(`${kind.name}: a singleton has no rows to sort or keep unique`);
  return kind;
}
