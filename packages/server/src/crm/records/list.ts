import type { FieldDefinition, FormType, RecordListInput, RecordRow } from '@crm/shared';
import { filtersOf, RecordMsg, systemSceneOfId } from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import { defineList, jsonbFields, type ListDefinition, type ListField, listPage } from '../../core/list/builder.ts';
import type { Tx } from '../../db/client.ts';
import { selfAndSubordinatesSql } from '../../org/tree.ts';
import { memberOf } from './access.ts';
import { fieldAccessFor, withoutHidden } from './field-access.ts';
import type { ServerKind } from './kind.ts';
import { toRecordRow } from './row.ts';
import { findScene, userListSetting } from './scenes.ts';

const numericTypes: FormType[] = ['number', 'floatnumber'];

/**
 * The list of a kind over `table r`: its fixed columns, the system columns and the custom values
 * (jsonb) as declared fields, so search, filters and sorting reach custom fields too and nothing
 * undeclared reaches SQL; the owner scope ORed with team membership, always. Fields hidden from
 * the viewer are not declared: filtering or sorting on one is refused as on an unknown field.
 */
export function kindList(sk: ServerKind, custom: FieldDefinition[], hidden: Set<string> = new Set()): ListDefinition {
  const fixed: Record<string, ListField> = Object.fromEntries(
    Object.entries(sk.columns)
      .filter(([name]) => !hidden.has(name))
      .map(([name, c]) => [name, { sql: sql`r.${sql.identifier(c.column)}`, type: c.type }]),
  );
  const nameColumn = sk.columns[sk.kind.nameField];
  if (!nameColumn) throw new Error(`${sk.kind.key}: the name field has no column`);
  return defineList({
    from: sql`${sql.identifier(sk.table)} r`,
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
    },
    // The name as typed, or its pinyin / initials (search_key, filled by saveRecord).
    search: [sql`r.${sql.identifier(nameColumn.column)}`, sql`r.search_key`],
    defaultSort: [{ field: 'updateTime', order: 'desc' }],
    scope: {
      owner: sql`r.owner_user_id`,
      permission: `${sk.kind.permission}:index`,
      alsoVisible: (user) => memberOf(sk, user),
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
    default:
      // A kind's own scenes (leads converted, product shelf) are its module's to add.
      throw notFound(RecordMsg.sceneNotFound);
  }
}

/**
 * A page of a kind's list for `queryPageList`: the scene asked for (or the user's default, or
 * all), the advanced filters, search, sort and paging; the pool (no owner) is never in it.
 */
export async function recordPage(
  db: Tx,
  sk: ServerKind,
  custom: FieldDefinition[],
  user: SessionUser,
  input: RecordListInput,
  extraWhere: SQL[] = [],
) {
  const access = await fieldAccessFor(db, user, sk.kind.label);
  const def = kindList(sk, custom, access.hidden);
  let sceneId = input.sceneId;
  if (sceneId === undefined) {
    const setting = await userListSetting(db, sk, user);
    sceneId = setting?.defaultScene ? Number(setting.defaultScene) : undefined;
  }
  const where: (SQL | undefined)[] = [sql`r.owner_user_id is not null`, ...extraWhere];
  const filters = filtersOf(input.data);
  if (sceneId !== undefined) {
    const system = systemSceneOfId(sceneId);
    if (system) {
      if (!sk.kind.systemScenes.some((s) => s.key === system)) throw notFound(RecordMsg.sceneNotFound);
      where.push(sceneWhere(sk, user, system));
    } else {
      const scene = await findScene(db, sk, user, sceneId);
      if (!scene) throw notFound(RecordMsg.sceneNotFound);
      filters.push(...scene.filters);
    }
  }
  if (filters.length > 50) throw badRequest(RecordMsg.filterInvalid);
  return listPage(
    db,
    def,
    {
      user,
      page: input.page,
      limit: input.limit,
      search: input.search,
      sortField: input.sortField || undefined,
      order: input.order,
      filters,
      where,
    },
    {
      columns: sql`r.*, ou.realname as _owner_name, cu.realname as _creator_name`,
      joins: sql`join ${sql.identifier(sk.table)} r on r.${sql.identifier(sk.idColumn)} = page.id
        left join sys_user ou on ou.user_id = r.owner_user_id
        left join sys_user cu on cu.user_id = r.create_user_id`,
      map: (row: Record<string, unknown>): RecordRow => withoutHidden(toRecordRow(sk, row), access),
    },
  );
}
