import { and, eq, inArray, isNull, lt, notInArray, or } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { files } from '../db/schema.ts';
import type { FileOwner } from './owners.ts';
import type { FileStorage } from './storage.ts';

export type SyncFilesOptions = {
  /** Whose staged uploads may join the record: the person saving it. */
  uploaderId: number;
  /** Every batch the saved record names (its own, a file field's, an expense row's …). */
  batchIds: string[];
  /** Files the editor removed: they leave the record now, with the save. */
  removedIds?: number[];
};

/**
 * Make a record's files what its saved form says, inside the save's transaction: the saver's
 * staged uploads in the record's batches become the record's; files the editor removed, and
 * files of batches the record no longer names, are deleted. Until this runs, an edit changes
 * nothing others can see; a cancelled edit leaves its uploads staged (invisible, swept later).
 * Answers the storage keys to remove once the transaction has committed.
 */
export async function syncOwnedFiles(tx: Tx, owner: FileOwner, opts: SyncFilesOptions): Promise<string[]> {
  const batchIds = [...new Set(opts.batchIds.filter(Boolean))];
  const ownedBy = and(eq(files.ownerKind, owner.kind), eq(files.ownerId, owner.id));
  const mineStaged = and(isNull(files.ownerKind), eq(files.createUserId, opts.uploaderId));
  const removed = opts.removedIds?.length ? opts.removedIds : null;

  const gone = [];
  if (removed) {
    gone.push(
      ...(await tx
        .delete(files)
        .where(and(inArray(files.id, removed), or(ownedBy, mineStaged)))
        .returning({ key: files.storageKey })),
    );
  }
  gone.push(
    ...(await tx
      .delete(files)
      .where(and(ownedBy, batchIds.length ? notInArray(files.batchId, batchIds) : undefined))
      .returning({ key: files.storageKey })),
  );
  if (batchIds.length) {
    await tx
      .update(files)
      .set({ ownerKind: owner.kind, ownerId: owner.id })
      .where(and(mineStaged, inArray(files.batchId, batchIds)));
  }
  return gone.map((g) => g.key);
}

/** Remove the bytes of deleted files; a failure leaves an orphan on disk, never a broken record. */
export async function removeStored(storage: FileStorage, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => storage.remove(key).catch(() => {})));
}

/** Staged uploads older than this were abandoned (a closed tab, a cancelled form). */
export const STAGED_TTL_MS = 24 * 3600_000;

/**
 * Delete abandoned staged uploads, a bounded number per call so it can run beside every upload
 * without a scheduler (any server process may do it; two at once delete disjoint rows or none).
 */
export async function sweepStaged(db: Tx, storage: FileStorage, now = new Date(), limit = 50): Promise<number> {
  const cutoff = new Date(now.getTime() - STAGED_TTL_MS);
  const old = db
    .select({ id: files.id })
    .from(files)
    .where(and(isNull(files.ownerKind), lt(files.createdAt, cutoff)))
    .limit(limit);
  const gone = await db
    .delete(files)
    .where(and(isNull(files.ownerKind), inArray(files.id, old)))
    .returning({ key: files.storageKey });
  await removeStored(
    storage,
    gone.map((g) => g.key),
  );
  return gone.length;
}

/** Attach files straight to an owner that has no edit form (the settings' logo). */
export async function attachFile(tx: Tx, owner: FileOwner, fileId: number): Promise<void> {
  await tx.update(files).set({ ownerKind: owner.kind, ownerId: owner.id }).where(eq(files.id, fileId));
}
