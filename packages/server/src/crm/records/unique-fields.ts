import { CrmFieldMsg, ResultCode } from '@crm/shared';
import { and, eq, sql } from 'drizzle-orm';
import { badRequest } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import { registerUniqueResolver } from '../../core/unique.ts';
import type { Tx } from '../../db/client.ts';
import type { StoredField } from '../../fields/store.ts';
import { fieldDefinitions } from '../../fields/tables.ts';
import type { ServerKind } from './kind.ts';
import { allServerKinds } from './registry.ts';

/**
 * A custom field marked unique is enforced by the database: a partial unique index on its value
 * in the kind's jsonb column (`(fields->>'field_3') <> ''`: an empty value is no value, as the
 * save's pre-check says), made when an administrator marks the field and dropped when they unmark
 * or remove it, in the same transaction as the field set. Why an index rather than a side table
 * of values: docs/decisions.md "Uniqueness in the database".
 */

/** Custom fields' keys (fields/store.ts hands out `field_<n>`): safe to write into DDL. */
const CUSTOM_KEY = /^field_\d+$/;

export const uniqueIndexName = (sk: ServerKind, fieldName: string) => `${sk.table}_${fieldName}_uq`;

/** The value expression of a custom field; `fieldName` must match CUSTOM_KEY (DDL takes no parameters). */
const fieldValue = (fieldName: string) => sql.raw(`(fields->>'${fieldName}')`);

/**
 * Make the unique indexes of the kind's table match its custom fields marked unique (`fields` is
 * the set as just saved). A field whose stored values already repeat cannot be marked: the
 * administrator is told which value, and the whole save is refused.
 */
export async function syncUniqueFieldIndexes(tx: Tx, sk: ServerKind, fields: StoredField[]) {
  const wanted = new Map(
    fields
      .filter((f) => f.fieldType === 0 && f.isUnique === 1 && CUSTOM_KEY.test(f.fieldName))
      .map((f) => [uniqueIndexName(sk, f.fieldName), f]),
  );
  const ours = new RegExp(`^${sk.table}_field_\\d+_uq$`);
  const present = (
    await queryRows<{ name: string }>(
      tx,
      sql`select indexname as name from pg_indexes where schemaname = current_schema() and tablename = ${sk.table}`,
    )
  )
    .map((r) => r.name)
    .filter((n) => ours.test(n));
  for (const name of present) if (!wanted.has(name)) await tx.execute(sql`drop index ${sql.identifier(name)}`);
  for (const [name, f] of wanted) {
    if (present.includes(name)) continue;
    const [dup] = await queryRows<{ v: string }>(
      tx,
      sql`select ${fieldValue(f.fieldName)} as v from ${sql.identifier(sk.table)}
          where ${fieldValue(f.fieldName)} <> '' group by 1 having count(*) > 1 order by 1 limit 1`,
    );
    if (dup) throw badRequest(CrmFieldMsg.uniqueHasDuplicates.replace('{name}', f.name).replace('{value}', dup.v));
    await tx.execute(
      sql`create unique index ${sql.identifier(name)} on ${sql.identifier(sk.table)} (${fieldValue(f.fieldName)})
          where ${fieldValue(f.fieldName)} <> ''`,
    );
  }
}

// A custom field's index refusing a save answers as the save's pre-check does: `<字段名>已存在`.
registerUniqueResolver(async (db, constraint) => {
  for (const sk of allServerKinds()) {
    const key = constraint.startsWith(`${sk.table}_`) ? constraint.slice(sk.table.length + 1, -'_uq'.length) : '';
    if (!CUSTOM_KEY.test(key) || uniqueIndexName(sk, key) !== constraint) continue;
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
