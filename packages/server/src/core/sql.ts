import type { SQL } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';

/** Rows of a raw SQL query; both drivers (PGlite and node-postgres) answer `{rows}`. */
export async function queryRows<T>(db: Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
