import type { FieldDefinition, FormType, RecordListInput, RecordRow } from '@crm/shared';
import { filtersOf, RecordMsg, type SystemSceneKey, systemSceneIds, systemSceneOfId } from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { hasPermission } from '../../core/access.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import {
  defineList,
  jsonbFields,
  type ListDefinition,
  type ListField,
  type ListRequest,
  listCount,
  listPage,
} from '../../core/list/builder.ts';
import type { Tx } from '../../db/client.ts';
import { selfAndSubordinatesSql } from '../../org/tree.ts';
import { memberOf } from './access.ts';
import type { ComputedColumn } from './computed-column.ts';
import { type FieldAccess, withoutHidden } from './field-access.ts';
import type { ServerKind } from './kind.ts';
import { readAccess, readableTable } from './readable.ts';
import { toRecordRow } from './row.ts';
import { findScene, userListSetting } from './scenes.ts';

const numericTypes: FormType[] = ['number', 'floatnumber'];

/**
 * Which rows a list shows: the kind's owned records (the default, the pool never among them) or
 * the pool (rows without an owner, `crm:pool:index`). `computed` adds a kind's own read-only
 * columns (the customer's days left before the pool takes it back): shown, sortable, filterable.
 */
export type ListMode = { pool?: boolean; computed?: Record<string, ComputedColumn> };
/** A computed column: its SQL over `r` and its heading in the list head. */
export type { ComputedColumn } from './computed-column.ts';

/**
 * The list of a kind over `table r`: its fixed columns, the system columns and the custom values
 * (jsonb) as declared fields, so search, filters and sorting reach custom fields too and nothing
 * undeclared reaches SQL; the owner scope ORed with team membership, always. Fields hidden from
 * the viewer are not declared: filtering or sorting on one is refused as on an unknown field.
 */
export function kindList(
  sk: ServerKind,
  custom: FieldDefinition[],
  mode: ListMode = {},
  hidden: Set<string> = new Set(),
  reach?: (user: SessionUser) => SQL,
): ListDefinition {
  const fixed: Record<string, ListField> = Object.fromEntries(
    Object.entries(sk.columns)
      .filter(([name]) => !hidden.has(name))
      .map(([name, c]) => [name, { sql: sql`r.${sql.identifier(c.column)}`, type: c.type }]),
  );
  const nameColumn = sk.columns[sk.kind.nameField];
  if (!nameColumn) throw new Error(`${sk.kind.key}: the name field has no column`);
  return defineList({
    // The rows as the viewer may read them: hidden fields read as null, even in a computed column.
    from: sql`${readableTable(sk, hidden)} r`,
    id: sql`r.${sql.identifier(sk.idColumn)}`,
    fields: {
      ...jsonbFields(
        sql`r.fields`,
        custom
          .filter((f) => f.fieldName && !hidden.has(f.fieldName))
          .map((f) => ({ key: f.fieldName!, type: numericTypes.includes(f.formType) ? 'number' : 'text' })),
      ),
      ...fixed,
      ownerUserId: { sql: sql`r.owner_user_id`, type: 'number' },
      ownerUserName: { sql: sql`(select realname from sys_user where user_id = r.owner_user_id)`, type: 'text' },
      createUserName: { sql: sql`(select realname from sys_user where user_id = r.create_user_id)`, type: 'text' },
      createTime: { sql: sql`r.create_time`, type: 'date' },
      updateTime: { sql: sql`r.update_time`, type: 'date' },
      nextTime: { sql: sql`r.next_time`, type: 'date' },
      // A computed column derived from a hidden field is hidden with it (readAccess).
      ...Object.fromEntries(Object.entries(mode.computed ?? {}).filter(([key]) => !hidden.has(key))),
    },
    // The name as typed, or its pinyin / initials (search_key, filled by saveRecord), and the kind's
    // other searched fields the viewer may see.
    search: [
      sql`r.${sql.identifier(nameColumn.column)}`,
      sql`r.search_key`,
      ...(sk.kind.searchFields ?? []).filter((f) => fixed[f]).map((f) => fixed[f]!.sql),
    ],
    defaultSort: [{ field: 'updateTime', order: 'desc' }],
    scope: mode.pool
      ? { unscoped: 'the pool: rows without an owner, all of them open to crm:pool:index (the route checks it)' }
      : sk.catalogue
        ? { unscoped: sk.catalogue }
        : {
            owner: sql`r.owner_user_id`,
            permission: `${sk.kind.permission}:index`,
            // A scene's reach (sk.sceneReach) adds rows readable by another rule, as members' are.
            alsoVisible: reach
              ? (user) => sql`(${memberOf(sk, user)} or ${reach(user)})`
              : (user) => memberOf(sk, user),
          },
  });
}

/** The conditions of a system scene (all: none beyond the scope). */
function sceneWhere(sk: ServerKind, user: SessionUser, key: string): SQL | undefined {
  switch (key) {
    case 'mine':
      return sql`r.owner_user_id = ${user.userId}`;
    case 'subordinates':
      return sql`r.owner_user_id in (${selfAndSubordinatesSql(user.userId)}) and r.owner_user_id <> ${user.userId}`;
    case 'member':
      return memberOf(sk, user);
    case 'all':
      return undefined;
    default: {
      // A kind's own scenes (leads converted, product shelf) come with its server mapping.
      const own = sk.scenes?.[key as SystemSceneKey];
      if (!own) throw notFound(RecordMsg.sceneNotFound);
      return own(user);
    }
  }
}

/**
 * What a kind's list request selects, without paging: the scene asked for (or the user's default,
 * or all), the advanced filters, search and sort, the data scope always, never the pool. In pool
 * mode only the pool, and of the system scenes only "all" applies (nobody owns it). The page
 * (`recordPage`) and the Excel export read the same rows through it.
 */
export async function recordQuery(
  db: Tx,
  sk: ServerKind,
  custom: FieldDefinition[],
  user: SessionUser,
  input: Omit<RecordListInput, 'page' | 'limit'>,
  extraWhere: SQL[] = [],
  mode: ListMode = {},
): Promise<{ def: ListDefinition; req: Omit<ListRequest, 'page' | 'limit'>; access: FieldAccess }> {
  // Fields hidden from the viewer's roles are neither shown nor filtered nor sorted on. Without a
  // scene in the request, the viewer's default one (read beside the field access).
  const [access, setting] = await Promise.all([
    readAccess(db, user, sk, mode.computed),
    input.sceneId === undefined && !mode.pool ? userListSetting(db, sk, user) : undefined,
  ]);
  let sceneId = input.sceneId;
  if (sceneId === undefined && !mode.pool) sceneId = setting?.defaultScene ? Number(setting.defaultScene) : undefined;
  const reachOf = sceneId === undefined ? undefined : systemSceneOfId(sceneId);
  const def = kindList(sk, custom, mode, access.hidden, reachOf && !mode.pool ? sk.sceneReach?.[reachOf] : undefined);
  const where: (SQL | undefined)[] = [
    mode.pool ? sql`r.owner_user_id is null` : sql`r.owner_user_id is not null`,
    ...extraWhere,
  ];
  const filters = filtersOf(input.data);
  const system = sceneId === undefined ? undefined : systemSceneOfId(sceneId);
  if (sk.listWhere && !(system && sk.scenes?.[system])) where.push(sk.listWhere);
  if (sceneId !== undefined) {
    if (system) {
      if (!sk.kind.systemScenes.some((s) => s.key === system)) throw notFound(RecordMsg.sceneNotFound);
      if (mode.pool && system !== 'all') throw notFound(RecordMsg.sceneNotFound);
      where.push(sceneWhere(sk, user, system));
    } else {
      const scene = await findScene(db, sk, user, sceneId);
      if (!scene) throw notFound(RecordMsg.sceneNotFound);
      filters.push(...scene.filters);
    }
  }
  if (filters.length > 50) throw badRequest(RecordMsg.filterInvalid);
  return {
    def,
    req: { user, search: input.search, sortField: input.sortField || undefined, order: input.order, filters, where },
    access,
  };
}

/**
 * The columns and joins that turn a list's ids into wire rows (`page.id` is the row's id), with
 * the mode's computed columns, and without the fields hidden from the viewer.
 */
export const recordView = (sk: ServerKind, access: FieldAccess, computed: Record<string, ComputedColumn> = {}) => {
  const extra = Object.entries(computed).filter(([key]) => !access.hidden.has(key));
  const columns = extra.map(([key, f]) => sql`, ${f.sql} as ${sql.identifier(`_c_${key}`)}`);
  return {
    columns: sql`r.*, ou.realname as _owner_name, cu.realname as _creator_name${sql.join(columns)}`,
    joins: sql`join ${readableTable(sk, access.hidden)} r on r.${sql.identifier(sk.idColumn)} = page.id
      left join sys_user ou on ou.user_id = r.owner_user_id
      left join sys_user cu on cu.user_id = r.create_user_id`,
    map: (row: Record<string, unknown>): RecordRow => {
      const out = toRecordRow(sk, row);
      for (const [key] of extra) out[key] = row[`_c_${key}`] ?? null;
      return withoutHidden(out, access);
    },
  };
};

/** A page of a kind's list for `queryPageList` (or the pool's, in pool mode). */
export async function recordPage(
  db: Tx,
  sk: ServerKind,
  custom: FieldDefinition[],
  user: SessionUser,
  input: RecordListInput,
  extraWhere: SQL[] = [],
  mode: ListMode = {},
) {
  const { def, req, access } = await recordQuery(db, sk, custom, user, input, extraWhere, mode);
  return listPage(db, def, { ...req, page: input.page, limit: input.limit }, recordView(sk, access, mode.computed));
}

/**
 * How many rows a system scene of a kind lists for the viewer: the workbench's to-do counts
 * (CrmBackLog/num) are the totals of the lists their tiles open, one predicate and one data scope
 * (0 without the kind's list permission).
 */
export async function sceneCount(db: Tx, sk: ServerKind, user: SessionUser, scene: SystemSceneKey): Promise<number> {
  if (!hasPermission(user, `${sk.kind.permission}:index`)) return 0;
  const { def, req } = await recordQuery(db, sk, [], user, {
    sceneId: systemSceneIds[scene],
    search: '',
    sortField: '',
  });
  return listCount(db, def, { ...req, page: 1, limit: 1 });
}
