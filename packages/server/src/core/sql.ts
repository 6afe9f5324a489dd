import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Tx } from '../db/client.ts';

/** Rows of a raw SQL query; both drivers (PGlite and node-postgres) answer `{rows}`. */
export async function queryRows<T>(db: Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();

/**
 * `queryRows` for a statement run many times a second (a chat message): on node-postgres a named
 * prepared statement, which each pool connection parses and plans once instead of every time;
 * on PGlite or inside a transaction, a plain query. `name` must always come with the same SQL
 * text (only the values may differ). Timestamps come back as `Date` here (drizzle's `execute`
 * may give strings): read them with `toIso`.
 */
export async function queryRowsPrepared<T>(db: Tx, name: string, query: SQL): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return queryRows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const result = await client.query({ name, text, values: params as unknown[] });
  return result.rows as T[];
}
