import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.ts';

/** A table whose rows a client batch makes idempotent: a unique (creator, batch) index. */
type BatchTable = PgTable & { id: PgColumn; createUserId: PgColumn; batchId: PgColumn };

/**
 * The row `userId` already created with this client batch (a double click, a retried submit),
 * or undefined. Saves call it before inserting and again when the insert's `on conflict do
 * nothing` lost a race to the same batch.
 */
export async function createdByBatch(tx: Tx, table: BatchTable, userId: number, batchId: string) {
  if (!batchId) return undefined;
  const [row] = await tx
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(eq(table.createUserId, userId), eq(table.batchId, batchId)));
  return row ? Number(row.id) : undefined;
}
