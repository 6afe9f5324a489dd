import {
  type FilterCondition,
  type ListFilter,
  ListMsg,
  type PageResult,
  parseTime,
  type SortOrder,
} from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import type { Tx } from '../../db/client.ts';
import { scopeCondition } from '../data-scope.ts';
import { badRequest } from '../errors.ts';
import { queryRows } from '../sql.ts';
import { containsPattern } from './like.ts';

/**
 * One list builder for every paged list (users, approvals, categories, the CRM record kinds):
 * paging with the real total past the last page, searching with escaped patterns, filtering and
 * sorting on declared field names only, and the data scope applied unless the list says why not.
 */

export type FieldType = 'text' | 'number' | 'date' | 'boolean';

/** A field a request may sort or filter on: its SQL expression over the list's `from`. */
export type ListField = { sql: SQL; type: FieldType; sortable?: boolean; filterable?: boolean };

/**
 * Whose rows the viewer may see. `owner` is the owner column, limited to the users the viewer's
 * roles granting `permission` may see (core/data-scope.ts). A list without owned rows says why.
 */
export type ListScope =
  | {
      owner: SQL;
      permission: string;
      /** Rows shared with the viewer beyond their scope (a record's team members), ORed with it. */
      alsoVisible?: (user: SessionUser) => SQL;
    }
  | { unscoped: string };

export type ListDefinition = {
  /** The row source with its aliases, e.g. sql`sys_user u`; may be a join or a lateral probe. */
  from: SQL;
  /** The row's unique id: the last sort key (stable pages) and what the page hands to `select`. */
  id: SQL;
  fields: Record<string, ListField>;
  /** Expressions a search text is looked for in (ILIKE, escaped). */
  search?: SQL[];
  defaultSort: { field: string; order: SortOrder }[];
  scope: ListScope;
};

export type ListRequest = {
  user: SessionUser;
  page: number;
  limit: number;
  search?: string;
  sortField?: string;
  order?: SortOrder;
  filters?: ListFilter[];
  /** The caller's own conditions (a tab's bounds, a page type), ANDed with the rest. */
  where?: (SQL | undefined)[];
  /**
   * Count at most this many rows and one more (h-money22: the cashier's unpaid list): a total
   * above it answers `countAtMost + 1`, so a long list costs a bounded read, never a scan.
   */
  countAtMost?: number;
};

/** Check a definition once, where it is declared: sort fields exist and an unscoped list has a reason. */
export function defineList(def: ListDefinition): ListDefinition {
  if ('unscoped' in def.scope && def.scope.unscoped.trim() === '') throw new Error('an unscoped list must say why');
  if (def.defaultSort.length === 0) throw new Error('a list needs a default sort');
  for (const s of def.defaultSort)
    if (!def.fields[s.field]) throw new Error(`default sort on undeclared field ${s.field}`);
  return def;
}

/** Fields of custom values kept in a jsonb column, by key: numbers compare as numbers, the rest as text. */
export function jsonbFields(column: SQL, defs: { key: string; type: 'number' | 'text' }[]): Record<string, ListField> {
  return Object.fromEntries(
    defs.map((d) => [
      d.key,
      d.type === 'number'
        ? {
            type: 'number' as const,
            sql: sql`(case when jsonb_typeof(${column}->${d.key}::text) = 'number' then (${column}->>${d.key}::text)::numeric end)`,
          }
        : { type: 'text' as const, sql: sql`(${column}->>${d.key}::text)` },
    ]),
  );
}

function fieldOf(def: ListDefinition, name: string, use: 'sortable' | 'filterable', msg: string): ListField {
  const field = Object.hasOwn(def.fields, name) ? def.fields[name] : undefined;
  if (!field || field[use] === false) throw badRequest(msg);
  return field;
}

/** A request value as the field's type, or 筛选条件有误. */
function typed(field: ListField, value: unknown): SQL {
  const bad = () => badRequest(ListMsg.filterInvalid);
  switch (field.type) {
    case 'number': {
      const n =
        typeof value === 'number'
          ? value
          : typeof value === 'string' && value.trim() !== ''
            ? Number(value)
            : Number.NaN;
      if (!Number.isFinite(n)) throw bad();
      return sql`${n}::numeric`;
    }
    case 'date': {
      // A time as every call reads one (company zone or ISO); a day alone is its start in the company's zone.
      const text = typeof value === 'string' ? value.trim() : '';
      const at = text.length > 40 ? null : parseTime(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text} 00:00` : text);
      if (!at) throw bad();
      return sql`${at.toISOString()}::timestamptz`;
    }
    case 'boolean': {
      const b =
        value === true || value === 'true' || value === 1 || value === '1'
          ? true
          : value === false || value === 'false' || value === 0 || value === '0'
            ? false
            : undefined;
      if (b === undefined) throw bad();
      return sql`${b}`;
    }
    case 'text': {
      if (typeof value !== 'string' && typeof value !== 'number') throw bad();
      const s = String(value);
      // Control characters (a NUL breaks PostgreSQL text) are never a value anyone filters by.
      if (s.length > 200 || [...s].some((ch) => ch.charCodeAt(0) < 32)) throw bad();
      return sql`${s}`;
    }
  }
}

function filterSql(def: ListDefinition, f: ListFilter): SQL {
  const field = fieldOf(def, f.field, 'filterable', ListMsg.filterFieldUnknown);
  const x = field.sql;
  const c: FilterCondition = f.condition;
  switch (c) {
    case 'is':
      return sql`${x} = ${typed(field, f.value)}`;
    case 'isNot':
      return sql`${x} is distinct from ${typed(field, f.value)}`;
    case 'contains':
    case 'notContains': {
      if (field.type !== 'text') throw badRequest(ListMsg.filterInvalid);
      typed(field, f.value);
      const p = containsPattern(String(f.value));
      return c === 'contains' ? sql`${x} ilike ${p}` : sql`coalesce(${x}, '') not ilike ${p}`;
    }
    case 'isNull':
      return field.type === 'text' ? sql`coalesce(${x}, '') = ''` : sql`${x} is null`;
    case 'isNotNull':
      return field.type === 'text' ? sql`coalesce(${x}, '') <> ''` : sql`${x} is not null`;
    case 'gt':
    case 'egt':
    case 'lt':
    case 'elt': {
      if (field.type !== 'number' && field.type !== 'date') throw badRequest(ListMsg.filterInvalid);
      const op = { gt: sql`>`, egt: sql`>=`, lt: sql`<`, elt: sql`<=` }[c];
      return sql`${x} ${op} ${typed(field, f.value)}`;
    }
    case 'in': {
      const values = Array.isArray(f.value) ? f.value : typeof f.value === 'string' ? f.value.split(',') : [];
      if (values.length === 0 || values.length > 100) throw badRequest(ListMsg.filterInvalid);
      return sql`${x} in (${sql.join(
        values.map((v) => typed(field, v)),
        sql`, `,
      )})`;
    }
    default:
      throw badRequest(ListMsg.filterInvalid);
  }
}

/** The where-clause of a request: the data scope first, then the caller's bounds, search and filters. */
export function listWhere(def: ListDefinition, req: ListRequest): SQL {
  const conds: SQL[] = [];
  if ('owner' in def.scope) {
    const scoped = scopeCondition(req.user, def.scope.permission, def.scope.owner);
    const shared = def.scope.alsoVisible?.(req.user);
    if (scoped) conds.push(shared ? sql`(${scoped} or ${shared})` : scoped);
  }
  for (const w of req.where ?? []) if (w) conds.push(w);
  const text = req.search?.trim();
  if (text && def.search?.length) {
    const p = containsPattern(text);
    conds.push(
      sql`(${sql.join(
        def.search.map((s) => sql`${s} ilike ${p}`),
        sql` or `,
      )})`,
    );
  }
  for (const f of req.filters ?? []) conds.push(filterSql(def, f));
  return conds.length ? sql.join(conds, sql` and `) : sql`true`;
}

/** The sort keys of a request: a declared field the request names, else the list's default. */
export function listSort(def: ListDefinition, req: Pick<ListRequest, 'sortField' | 'order'>) {
  if (!req.sortField) return def.defaultSort.map((s) => ({ field: def.fields[s.field]!, order: s.order }));
  const field = fieldOf(def, req.sortField, 'sortable', ListMsg.sortFieldUnknown);
  return [{ field, order: req.order ?? ('desc' as SortOrder) }];
}

// Empty values last in both directions: what people expect, and exactly the order of an index
// declared with drizzle's `.desc()` (DESC NULLS LAST) or plain (ASC NULLS LAST), so a page can be
// read from the index instead of sorting every row (plain `desc` means NULLS FIRST, which no index
// of ours matches).
const dir = (o: SortOrder) => (o === 'asc' ? sql`asc nulls last` : sql`desc nulls last`);

/**
 * A page of the list. The page's ids, sort keys and total come from `from` alone (the window
 * count rides on the same statement); `view.columns` and `view.joins` then add what the rows
 * show for those ids only (`page.id` is the row's id). Past the last page the total is counted
 * on its own, so paging too far answers the real totalRow and an empty list.
 */
export async function listPage<Row, T>(
  db: Tx,
  def: ListDefinition,
  req: ListRequest,
  view: { columns: SQL; joins?: SQL; map: (row: Row) => T },
): Promise<PageResult<T>> {
  const where = listWhere(def, req);
  const keys = listSort(def, req);
  const last = keys[keys.length - 1]!.order;
  const keyCols = keys.map((k, i) => sql`${k.field.sql} as ${sql.raw(`k${i}`)}`);
  const innerOrder = sql.join(
    [...keys.map((k) => sql`${k.field.sql} ${dir(k.order)}`), sql`${def.id} ${dir(last)}`],
    sql`, `,
  );
  const outerOrder = sql.join(
    [...keys.map((k, i) => sql`page.${sql.raw(`k${i}`)} ${dir(k.order)}`), sql`page.id ${dir(last)}`],
    sql`, `,
  );
  const offset = (req.page - 1) * req.limit;
  // The page and the total are two statements: a total computed beside the page (a window count)
  // would make the database read and sort every matching row before taking the page, where on its
  // own the page walks the sort index and stops after `limit` rows.
  const rows = await queryRows<Row>(
    db,
    sql`with page as (
          select ${def.id} as id, ${sql.join(keyCols, sql`, `)}
          from ${def.from}
          where ${where}
          order by ${innerOrder}
          limit ${req.limit} offset ${offset}
        )
        select ${view.columns}
        from page ${view.joins ?? sql``}
        order by ${outerOrder}`,
  );
  // A first page shorter than the limit is the whole list: no count needed.
  const totalRow = offset === 0 && rows.length < req.limit ? rows.length : await listCount(db, def, req);
  return { list: rows.map(view.map), totalRow, page: req.page, limit: req.limit };
}

/** The number of rows of a request (its where-clause, no paging). */
export async function listCount(db: Tx, def: ListDefinition, req: ListRequest): Promise<number> {
  const where = listWhere(def, req);
  const [c] = await queryRows<{ n: number }>(
    db,
    req.countAtMost === undefined
      ? sql`select count(*)::int as n from ${def.from} where ${where}`
      : sql`select count(*)::int as n from (select 1 from ${def.from} where ${where} limit ${req.countAtMost + 1}) bounded`,
  );
  return Number(c?.n ?? 0);
}
