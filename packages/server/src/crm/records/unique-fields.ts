import { CrmFieldMsg, ResultCode } from '@crm/shared';
import { and, eq, not, type SQL, sql } from 'drizzle-orm';
import { badRequest } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import { isUniqueViolation } from '../../core/unique.ts';
import type { Tx } from '../../db/client.ts';
import type { StoredField } from '../../fields/store.ts';
import { fieldDefinitions } from '../../fields/tables.ts';
import type { AppRegistry } from '../../registry.ts';
import type { ServerKind } from './kind.ts';

/**
 * A field an administrator marks unique in the field designer is enforced by the database: a
 * partial unique index on its value, made when they mark the field and dropped when they unmark
 * or remove it, in the same transaction as the field set. A custom field's value is in the kind's
 * jsonb column (`(fields->>'field_3') <> ''`: an empty value is no value, as the save's check
 * says); a fixed field's is its column. A fixed field the kind itself declares unique (合同编号)
 * has its index from the migrations and is left alone here. Why an index rather than a side table
 * of values: docs/decisions.md "Uniqueness in the database".
 */

/** Field keys (custom `field_<n>`, fixed camelCase): safe to write into DDL, which takes no parameters. */
const KEY = /^[A-Za-z][A-Za-z0-9_]{0,49}$/;
const CUSTOM_KEY = /^field_\d+$/;

export const uniqueIndexName = (sk: ServerKind, fieldName: string) => `${sk.table}_${fieldName}_uq`;

type Indexed = { expr: SQL; present: SQL };

/**
 * The indexed value of a field of the kind and when it counts as filled, or undefined for a field
 * the designer does not index. A fixed column is indexed as it is (a cast to text is not immutable
 * for dates and arrays); a text column's empty string is no value, as for custom fields.
 */
async function indexed(tx: Tx, sk: ServerKind, f: StoredField): Promise<Indexed | undefined> {
  if (!KEY.test(f.fieldName)) return undefined;
  if (f.fieldType === 0) {
    if (!CUSTOM_KEY.test(f.fieldName)) return undefined;
    const expr = sql.raw(`(fields->>'${f.fieldName}')`);
    return { expr, present: sql`${expr} <> ''` };
  }
  const declared = sk.kind.fixedFields.find((x) => x.fieldName === f.fieldName);
  const column = sk.columns[f.fieldName]?.column;
  if (!declared || declared.isUnique === 1 || !column) return undefined;
  const [col] = await queryRows<{ type: string }>(
    tx,
    sql`select data_type as type from information_schema.columns
        where table_schema = current_schema() and table_name = ${sk.table} and column_name = ${column}`,
  );
  if (!col) return undefined;
  const expr = sql`(${sql.identifier(column)})`;
  const text = col.type === 'text' || col.type === 'character varying';
  return { expr, present: text ? sql`${expr} <> ''` : sql`${expr} is not null` };
}

/** The kind's fixed fields an administrator marked unique (the descriptor's own are known already). */
export async function markedFixedFields(tx: Tx, sk: ServerKind): Promise<Set<string>> {
  const rows = await tx
    .select({ name: fieldDefinitions.fieldName })
    .from(fieldDefinitions)
    .where(
      and(
        eq(fieldDefinitions.label, sk.kind.label),
        eq(fieldDefinitions.scopeId, 0),
        eq(fieldDefinitions.fieldType, 1),
        eq(fieldDefinitions.isUnique, 1),
        not(fieldDefinitions.isDeleted),
      ),
    );
  return new Set(rows.map((r) => r.name));
}

/**
 * Make the designer's unique indexes of the kind's table match its fields marked unique (`fields`
 * is the set as just saved). A field whose stored values already repeat cannot be marked: the
 * administrator is told which value, and the whole save is refused.
 */
export async function syncUniqueFieldIndexes(tx: Tx, sk: ServerKind, fields: StoredField[]) {
  const wanted = new Map<string, { field: StoredField; on: Indexed }>();
  for (const f of fields) {
    const on = f.isUnique === 1 ? await indexed(tx, sk, f) : undefined;
    if (on) wanted.set(uniqueIndexName(sk, f.fieldName), { field: f, on });
  }
  // Ours: a custom field's (removed ones included) or a fixed field's the descriptor leaves open.
  const open = sk.kind.fixedFields.filter((f) => f.isUnique !== 1).map((f) => uniqueIndexName(sk, f.fieldName));
  const customIndex = new RegExp(`^${sk.table}_field_\\d+_uq$`);
  const present = (
    await queryRows<{ name: string }>(
      tx,
      sql`select indexname as name from pg_indexes where schemaname = current_schema() and tablename = ${sk.table}`,
    )
  )
    .map((r) => r.name)
    .filter((n) => customIndex.test(n) || open.includes(n));
  for (const name of present) if (!wanted.has(name)) await tx.execute(sql`drop index ${sql.identifier(name)}`);
  for (const [name, { field, on }] of wanted) {
    if (present.includes(name)) continue;
    const [dup] = await queryRows<{ v: unknown }>(
      tx,
      sql`select ${on.expr} as v from ${sql.identifier(sk.table)} where ${on.present}
          group by 1 having count(*) > 1 order by 1 limit 1`,
    );
    const refuse = (value: string) =>
      badRequest(CrmFieldMsg.uniqueHasDuplicates.replace('{name}', field.name).replace('{value}', value));
    if (dup) throw refuse(dup.v instanceof Date ? dup.v.toISOString().slice(0, 10) : String(dup.v));
    try {
      await tx.execute(
        sql`create unique index ${sql.identifier(name)} on ${sql.identifier(sk.table)} (${on.expr}) where ${on.present}`,
      );
    } catch (err) {
      // A save committed a repeat between the check and the build: PostgreSQL's detail names it.
      if (!isUniqueViolation(err)) throw err;
      const detail = String((err as { cause?: { detail?: string } }).cause?.detail ?? '');
      throw refuse(/\)=\((.*)\) is duplicated/.exec(detail)?.[1] ?? '');
    }
  }
}

/**
 * A designer's index refusing a save answers as the save's check does, `<字段名>已存在`: a fixed
 * field by the kind's own name for it, a custom one by its name in the store.
 */
export function registerUniqueFieldNames(registry: AppRegistry): void {
  registry.uniqueNames.register(async (db, constraint) => {
    for (const sk of registry.kinds.all()) {
      const key = constraint.startsWith(`${sk.table}_`) ? constraint.slice(sk.table.length + 1, -'_uq'.length) : '';
      if (!KEY.test(key) || uniqueIndexName(sk, key) !== constraint) continue;
      const fixed = sk.kind.fixedFields.find((f) => f.fieldName === key);
      if (fixed) return { code: ResultCode.conflict, msg: `${fixed.name}已存在` };
      const [f] = await db
        .select({ name: fieldDefinitions.name })
        .from(fieldDefinitions)
        .where(
          and(
            eq(fieldDefinitions.label, sk.kind.label),
            eq(fieldDefinitions.scopeId, 0),
            eq(fieldDefinitions.fieldName, key),
          ),
        );
      if (f) return { code: ResultCode.conflict, msg: `${f.name}已存在` };
    }
    return undefined;
  });
}
