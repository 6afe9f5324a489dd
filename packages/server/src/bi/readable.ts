import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../auth/session.ts';
import { fieldAccessFor } from '../crm/records/field-access.ts';
import type { ServerKind } from '../crm/records/kind.ts';
import { hiddenColumnsOf, readableTable } from '../crm/records/readable.ts';
import type { Tx } from '../db/client.ts';

/**
 * Field permissions on statistics (docs/api/fields.md): the kinds' tables as the viewer may read
 * them, as a `with` clause whose names are the tables' own, so every source's `crm_customer r`,
 * `crm_contract r`, `join crm_customer c` … reads the viewer's readable rows (readableTable: a
 * hidden column is null, a hidden custom value absent) without a source naming it. A figure, its
 * export and its drill-down then never carry a hidden field nor anything derived from it (a
 * hidden contract amount sums to 0, a hidden ID card puts its customer in the 未知 age band).
 *
 * A non-recursive CTE does not see itself, so the table named inside its own definition is the
 * real one. `not materialized` keeps each an inline subquery the planner pulls up (the indexes
 * still serve) even when the statement names the table many times. None when nothing is hidden
 * from the viewer: the statement is then exactly as before. `hidden`: per table, the columns read
 * differently (bi/query.ts reads no summary of them).
 */
export async function readableTables(
  db: Tx,
  user: SessionUser,
  kinds: readonly ServerKind[],
): Promise<{ tables: SQL[]; hidden: Map<string, Set<string>> }> {
  const tables: SQL[] = [];
  const hidden = new Map<string, Set<string>>();
  for (const sk of kinds) {
    const access = await fieldAccessFor(db, user, sk.kind);
    if (!access.hidden.size) continue;
    tables.push(sql`${sql.identifier(sk.table)} as not materialized ${readableTable(sk, access.hidden)}`);
    // Which columns read differently (the summaries of them are not read: query.ts `figureSource`).
    hidden.set(sk.table, hiddenColumnsOf(sk, access.hidden));
  }
  return { tables, hidden };
}

/** A statement with its `with` parts in front (the readable tables first, so later parts read them); as is when none. */
export const withParts = (parts: SQL[], statement: SQL): SQL =>
  parts.length ? sql`with ${sql.join(parts, sql`, `)} ${statement}` : statement;
