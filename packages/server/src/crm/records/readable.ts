import { recordKindByKey } from '@crm/shared';
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import type { Tx } from '../../db/client.ts';
import type { ComputedColumn, DerivedFrom } from './computed-column.ts';
import { type FieldAccess, fieldAccessFor } from './field-access.ts';
import type { ServerKind } from './kind.ts';

/**
 * The read path of a kind's records as one viewer may read them (docs/api/fields.md). Every
 * query that reads a kind's rows for an answer selects from `readableTable` instead of the table:
 * a hidden fixed field's column reads as null and a hidden custom value is not in `fields`, so no
 * answer, search, filter, sort, export or derived value built on that row can carry it. Derived
 * values (computed columns) declare the fields they come from and are hidden with them.
 */

/** Columns a kind's table has beside its fixed fields' (recordColumns), for tables outside the Drizzle schema. */
const recordColumnNames = [
  'owner_user_id',
  'create_user_id',
  'fields',
  'batch_id',
  'next_time',
  'search_key',
  'create_time',
  'update_time',
];

/** Generated columns of a kind's table → the column they are derived from (issue 24, h-bisum). */
const derivedColumns: Record<string, Record<string, string>> = { crm_customer: { birth_year: 'id_card' } };

/** Every column of a kind's table, in order: from its Drizzle table (declared with the kind), else the kind's mapping (test kinds). */
function columnsOf(sk: ServerKind): string[] {
  if (sk.pgTable) return Object.values(getTableColumns(sk.pgTable)).map((c) => c.name);
  return [sk.idColumn, ...Object.values(sk.columns).map((c) => c.column), ...recordColumnNames];
}

/**
 * The kind's table as the viewer reads it, to use in place of the table name (`from … r`). Without
 * hidden fields the table itself; else a plain subquery (the planner pulls it up, so the indexes
 * on visible columns still serve) with each hidden column a typed null and the hidden custom keys
 * removed from `fields` (a computed column's name in `hidden` is no key there: removing it changes nothing).
 */
function hiddenParts(sk: ServerKind, hidden: ReadonlySet<string>) {
  const hiddenColumns = new Set<string>();
  const hiddenCustom: string[] = [];
  for (const name of hidden) {
    const fixed = sk.columns[name];
    if (fixed) hiddenColumns.add(fixed.column);
    else if (!sk.kind.fixedFields.some((f) => f.fieldName === name)) hiddenCustom.push(name);
  }
  // Stored columns derived from a field hide with it (issue 24, h-bisum: a birth year is the ID number's).
  for (const [column, from] of Object.entries(derivedColumns[sk.table] ?? {}))
    if (hiddenColumns.has(from)) hiddenColumns.add(column);
  return { hiddenColumns, hiddenCustom };
}

/**
 * The table's columns `readableTable` changes for this viewer: each hidden column, and `fields`
 * when a custom value is hidden (a summary of those columns must not be read for them: bi/query.ts).
 */
export function hiddenColumnsOf(sk: ServerKind, hidden: ReadonlySet<string>): Set<string> {
  const { hiddenColumns, hiddenCustom } = hiddenParts(sk, hidden);
  if (hiddenCustom.length) hiddenColumns.add('fields');
  return hiddenColumns;
}

export function readableTable(sk: ServerKind, hidden: ReadonlySet<string>): SQL {
  const table = sql.identifier(sk.table);
  if (hidden.size === 0) return sql`${table}`;
  const { hiddenColumns, hiddenCustom } = hiddenParts(sk, hidden);
  const cols = columnsOf(sk).map((c) => {
    const id = sql.identifier(c);
    // `case when false then col end` is null of the column's own type, so comparisons still type-check.
    if (hiddenColumns.has(c)) return sql`(case when false then t.${id} end) as ${id}`;
    if (c === 'fields' && hiddenCustom.length) {
      const keys = sql.join(
        hiddenCustom.map((k) => sql`${k}`),
        sql`, `,
      );
      return sql`(t.fields - array[${keys}]::text[]) as fields`;
    }
    return sql`t.${id}`;
  });
  return sql`(select ${sql.join(cols, sql`, `)} from ${table} t)`;
}

export type { DerivedFrom } from './computed-column.ts';

/**
 * The viewer's access to a kind's fields for reading, with the kind's computed columns that derive
 * from a hidden field added to `hidden` (so the list, the detail, the list head and the export
 * leave them out as they leave out the field). One query per kind involved.
 */
export async function readAccess(
  db: Tx,
  user: SessionUser,
  sk: ServerKind,
  computed: Record<string, ComputedColumn> = {},
): Promise<FieldAccess> {
  const access = await fieldAccessFor(db, user, sk.kind);
  const others = new Map<string, Promise<FieldAccess>>();
  const hiddenIn = async (ref: string) => {
    const dot = ref.indexOf('.');
    if (dot < 0) return access.hidden.has(ref);
    const key = ref.slice(0, dot);
    const other = recordKindByKey(key);
    if (!other) throw new Error(`derivedFrom ${ref}: no kind ${key}`);
    if (!others.has(key)) others.set(key, fieldAccessFor(db, user, other));
    return (await others.get(key)!).hidden.has(ref.slice(dot + 1));
  };
  const hidden = new Set(access.hidden);
  for (const [key, c] of Object.entries(computed))
    for (const ref of c.derivedFrom ?? [])
      if (await hiddenIn(ref)) {
        hidden.add(key);
        break;
      }
  return { hidden, readOnly: access.readOnly };
}
