import { type addFollowUpSchema, CrmRestMsg, type followUpListSchema } from '@crm/shared';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser } from '../../auth/session.ts';
import { requirePermission } from '../../core/access.ts';
import { notFound } from '../../core/errors.ts';
import type { Tx } from '../../db/client.ts';
import { createOnce } from '../../db/create-once.ts';
import { removeStored, syncOwnedFiles } from '../../files/attach.ts';
import type { FileOwnerRegistry } from '../../files/owners.ts';
import type { FileStorage } from '../../files/storage.ts';
import { people } from '../../org/index.ts';
import { checkFollowUpCategory } from '../settings/record-options.ts';
import { loadRecord } from './access.ts';
import { logAction } from './actions.ts';
import { notifyRecordBadges } from './badges.ts';
import type { ServerKind } from './kind.ts';
import type { KindRegistry } from './registry.ts';
import { followUps } from './tables.ts';

/** The owner kind of a follow-up's attachments (its id is the follow-up's). */
export const FOLLOW_UP_FILES = 'crm_follow';

/**
 * Add a follow-up to a record anyone who may read it may follow up. Its next contact time
 * becomes the record's (what the lists' 下次联系时间 and the to-do counts read); its uploads join it.
 * The client's batch id makes a double click one follow-up: the same batch again answers the first.
 */
export async function addFollowUp(
  db: Tx,
  sk: ServerKind,
  user: SessionUser,
  input: z.infer<typeof addFollowUpSchema>,
): Promise<number> {
  // Without a batch id (an old client) every call is a new follow-up, as before.
  const create = (tx: Tx) => addOnce(tx, sk, user, input);
  if (!input.batchId) return db.transaction(async (tx) => (await create(tx))!);
  return createOnce(db, followUps, user.userId, input.batchId, create);
}

/** The follow-up and its effects on the record, or undefined when a twin of its batch was stored first. */
async function addOnce(
  tx: Tx,
  sk: ServerKind,
  user: SessionUser,
  input: z.infer<typeof addFollowUpSchema>,
): Promise<number | undefined> {
  await loadRecord(tx, sk, user, input.id, 'read', { lock: true });
  await checkFollowUpCategory(tx, input.category);
  const nextTime = input.nextTime ?? null;
  const [row] = await tx
    .insert(followUps)
    .values({
      label: sk.kind.label,
      recordId: input.id,
      category: input.category,
      content: input.content,
      nextTime,
      batchId: input.batchId,
      contactsIds: input.contactsIds ?? [],
      businessIds: input.businessIds ?? [],
      createUserId: user.userId,
    })
    .onConflictDoNothing()
    .returning({ id: followUps.id });
  if (!row) return undefined;
  const id = row.id;
  if (input.batchId)
    await syncOwnedFiles(tx, { kind: FOLLOW_UP_FILES, id }, { uploaderId: user.userId, batchIds: [input.batchId] });
  await tx.execute(
    sql`update ${sql.identifier(sk.table)} set next_time = ${nextTime}, update_time = now()
        where ${sql.identifier(sk.idColumn)} = ${input.id}`,
  );
  await logAction(tx, sk, [{ recordId: input.id, userId: user.userId, action: 'followUp', detail: input.category }]);
  await notifyRecordBadges(tx, sk, [input.id]);
  return id;
}

/** A record's follow-ups, newest first, paged. */
export async function listFollowUps(
  db: Tx,
  sk: ServerKind,
  user: SessionUser,
  input: z.infer<typeof followUpListSchema>,
) {
  await loadRecord(db, sk, user, input.id, 'read');
  const where = and(eq(followUps.label, sk.kind.label), eq(followUps.recordId, input.id));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(followUps)
      .where(where)
      .orderBy(desc(followUps.createdAt), desc(followUps.id))
      .limit(input.limit)
      .offset((input.page - 1) * input.limit),
    db.select({ n: count() }).from(followUps).where(where),
  ]);
  const who = await people(
    db,
    rows.map((r) => r.createUserId),
  );
  return {
    list: rows.map((r) => ({
      followId: r.id,
      recordId: r.id,
      category: r.category,
      content: r.content,
      nextTime: r.nextTime,
      batchId: r.batchId,
      contactsIds: r.contactsIds,
      businessIds: r.businessIds,
      createUser: who.get(r.createUserId) ?? null,
      createTime: r.createdAt,
    })),
    totalRow: Number(total?.n ?? 0),
    page: input.page,
    limit: input.limit,
  };
}

/**
 * Delete a follow-up (the original's `CrmRecord/deleteFollowRecord`) with its files: its author
 * while they may still read the record, anyone else with the kind's delete right and write access
 * to the record. The record's next contact time stays what it is (it may have been edited since).
 */
export async function deleteFollowUp(
  db: Tx,
  storage: FileStorage,
  kinds: KindRegistry,
  user: SessionUser,
  followId: number,
): Promise<void> {
  const keys = await db.transaction(async (tx) => {
    const [f] = await tx.select().from(followUps).where(eq(followUps.id, followId)).for('update');
    const sk = f && kinds.of(f.label);
    if (!f || !sk) throw notFound(CrmRestMsg.followUpNotFound);
    const mine = f.createUserId === user.userId;
    requirePermission(user, `${sk.kind.permission}:${mine ? 'read' : 'delete'}`);
    await loadRecord(tx, sk, user, f.recordId, mine ? 'read' : 'write', { lock: true });
    await tx.delete(followUps).where(eq(followUps.id, followId));
    const gone = await syncOwnedFiles(
      tx,
      { kind: FOLLOW_UP_FILES, id: followId },
      { uploaderId: user.userId, batchIds: [] },
    );
    await notifyRecordBadges(tx, sk, [f.recordId]);
    return gone;
  });
  await removeStored(storage, keys);
}

/** This feature's declarations into the app's registry (registry.ts), made when the app registers it. */
export function registerFollowUpFileOwner(registry: { fileOwners: FileOwnerRegistry; kinds: KindRegistry }): void {
  // A follow-up's files are seen by whoever may read the record it follows.
  registry.fileOwners.register(FOLLOW_UP_FILES, {
    async canSee(db, user, followId) {
      const [f] = await db
        .select({ label: followUps.label, recordId: followUps.recordId })
        .from(followUps)
        .where(eq(followUps.id, followId));
      const sk = f && registry.kinds.of(f.label);
      if (!f || !sk) return false;
      return loadRecord(db, sk, user, f.recordId, 'read').then(
        () => true,
        () => false,
      );
    },
  });
}
