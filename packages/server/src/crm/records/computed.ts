import { sql } from 'drizzle-orm';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import type { ComputedColumn } from './computed-column.ts';
import type { ServerKind } from './kind.ts';
import { readableTable } from './readable.ts';

/** One record's computed columns (their SQL over `r`), in one statement; nothing when the kind has none. */
export async function computedValues(
  db: Tx,
  sk: ServerKind,
  id: number,
  computed: Record<string, ComputedColumn> | undefined,
  /** The viewer's hidden fields and computed columns (readable.ts `readAccess`): left out, and null in the row. */
  hidden: ReadonlySet<string> = new Set(),
): Promise<Record<string, unknown>> {
  const entries = Object.entries(computed ?? {}).filter(([key]) => !hidden.has(key));
  if (entries.length === 0) return {};
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${sql.join(
      entries.map(([key, c]) => sql`${c.sql} as ${sql.identifier(key)}`),
      sql`, `,
    )} from ${readableTable(sk, hidden)} r where r.${sql.identifier(sk.idColumn)} = ${id}`,
  );
  return Object.fromEntries(
    entries.map(([key, c]) => [
      key,
      row?.[key] === null || row?.[key] === undefined ? null : c.type === 'number' ? Number(row[key]) : row[key],
    ]),
  );
}
