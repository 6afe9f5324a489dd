import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './client.ts';

/** A table whose rows keep their author and the client batch that created them, unique together. */
type BatchTable = PgTable & { id: PgColumn; createUserId: PgColumn; batchId: PgColumn };

/** The row a client's batch already created (a double submit), if any. */
export async function createdByBatch(tx: Tx, table: BatchTable, userId: number, batchId: string) {
  if (!batchId) return undefined;
  const [row] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.createUserId, userId), eq(table.batchId, batchId)));
  return row?.id as number | undefined;
}

/**
 * Create a record once per client batch, so that a double click saves once: the same batch again
 * answers the first record. `create` runs in one transaction; it inserts the row with
 * `onConflictDoNothing()` and answers its id, or undefined when the unique (author, batch) index
 * refused it: a concurrent submit of the same batch won the race, and its record is answered.
 */
export async function createOnce(
  db: Tx,
  table: BatchTable,
  userId: number,
  batchId: string,
  create: (tx: Tx) => Promise<number | undefined>,
): Promise<number> {
  const existing = await createdByBatch(db, table, userId, batchId);
  if (existing) return existing;
  return db.transaction(async (tx) => (await create(tx)) ?? (await createdByBatch(tx, table, userId, batchId))!);
}
