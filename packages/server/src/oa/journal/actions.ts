import { JournalMsg, type LogSaveInput, ModuleCode } from '@crm/shared';
import { and, eq, isNull, notInArray } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { forbidden } from '../../core/errors.ts';
import { requiredRichText, sanitizeRichText } from '../../core/html/sanitize.ts';
import { loadRecords } from '../../crm/records/access.ts';
import type { KindRegistry } from '../../crm/records/registry.ts';
import type { Db, Tx } from '../../db/client.ts';
import { createOnce } from '../../db/create-once.ts';
import { removeStored, syncOwnedFiles } from '../../files/attach.ts';
import type { FileStorage } from '../../files/storage.ts';
import { requireActiveUsers } from '../examine/people-check.ts';
import { visibleLog } from './access.ts';
import { OA_LOG_FILES } from './file-owner.ts';
import { oaLogComments, oaLogCustomers, oaLogReaders, oaLogs } from './tables.ts';

function fieldsOf(input: LogSaveInput) {
  return {
    category: input.categoryId,
    content: requiredRichText(input.content, JournalMsg.contentRequired),
    tomorrow: sanitizeRichText(input.tomorrow),
    question: sanitizeRichText(input.question),
  };
}

/** The author links only customers they may read (as an approval does); links a log already had stay. */
async function setCustomers(
  tx: Tx,
  kinds: KindRegistry,
  user: SessionUser,
  logId: number,
  ids: number[],
  saved: number[] = [],
) {
  const wanted = [...new Set(ids)];
  const added = wanted.filter((id) => !saved.includes(id));
  const sk = kinds.of(ModuleCode.customer);
  if (sk && added.length) await loadRecords(tx, sk, user, added, 'read');
  await tx
    .delete(oaLogCustomers)
    .where(
      and(eq(oaLogCustomers.logId, logId), wanted.length ? notInArray(oaLogCustomers.customerId, wanted) : undefined),
    );
  if (added.length) await tx.insert(oaLogCustomers).values(added.map((customerId) => ({ logId, customerId })));
}

/** Recipients: new ones start unread; those kept keep their read time; the author is never one. */
async function setRecipients(tx: Tx, logId: number, authorId: number, ids: number[]) {
  const wanted = [...new Set(ids)].filter((id) => id !== authorId);
  await requireActiveUsers(tx, wanted);
  await tx
    .delete(oaLogReaders)
    .where(and(eq(oaLogReaders.logId, logId), wanted.length ? notInArray(oaLogReaders.userId, wanted) : undefined));
  if (wanted.length)
    await tx
      .insert(oaLogReaders)
      .values(wanted.map((userId) => ({ logId, userId })))
      .onConflictDoNothing();
}

async function createLog(db: Db, kinds: KindRegistry, user: SessionUser, input: LogSaveInput): Promise<number> {
  const me = user.userId;
  const fields = fieldsOf(input);
  return createOnce(db, oaLogs, me, input.batchId, async (tx) => {
    const [row] = await tx
      .insert(oaLogs)
      .values({ ...fields, createUserId: me, batchId: input.batchId })
      .onConflictDoNothing()
      .returning({ id: oaLogs.id });
    if (!row) return undefined;
    await setRecipients(tx, row.id, me, input.sendUserIds);
    await setCustomers(tx, kinds, user, row.id, input.customerIds);
    await syncOwnedFiles(tx, { kind: OA_LOG_FILES, id: row.id }, { uploaderId: me, batchIds: [input.batchId] });
    return row.id;
  });
}

async function updateLog(
  db: Db,
  storage: FileStorage,
  kinds: KindRegistry,
  user: SessionUser,
  logId: number,
  input: LogSaveInput,
) {
  const fields = fieldsOf(input);
  const removed = await db.transaction(async (tx) => {
    const access = await visibleLog(tx, logId, user, true);
    if (!access.mine) throw forbidden(JournalMsg.authorOnly);
    const batchId = access.batchId || input.batchId;
    await tx
      .update(oaLogs)
      .set({ ...fields, batchId, updatedAt: new Date() })
      .where(eq(oaLogs.id, logId));
    await setRecipients(tx, logId, user.userId, input.sendUserIds);
    const saved = await tx
      .select({ id: oaLogCustomers.customerId })
      .from(oaLogCustomers)
      .where(eq(oaLogCustomers.logId, logId));
    await setCustomers(
      tx,
      kinds,
      user,
      logId,
      input.customerIds,
      saved.map((s) => s.id),
    );
    return syncOwnedFiles(
      tx,
      { kind: OA_LOG_FILES, id: logId },
      { uploaderId: user.userId, batchIds: [batchId], removedIds: input.removedFileIds },
    );
  });
  await removeStored(storage, removed);
}

export async function saveLog(
  db: Db,
  storage: FileStorage,
  kinds: KindRegistry,
  user: SessionUser,
  input: LogSaveInput,
) {
  if (input.logId) {
    await updateLog(db, storage, kinds, user, input.logId, input);
    return { logId: input.logId };
  }
  return { logId: await createLog(db, kinds, user, input) };
}

export async function commentLog(db: Db, user: SessionUser, logId: number, content: string) {
  await visibleLog(db, logId, user);
  const [row] = await db
    .insert(oaLogComments)
    .values({ logId, userId: user.userId, content })
    .returning({ id: oaLogComments.id });
  return { commentId: row!.id };
}

export async function deleteLog(db: Db, user: SessionUser, logId: number) {
  const access = await visibleLog(db, logId, user);
  if (!access.mine) throw forbidden(JournalMsg.authorOnly);
  await db.update(oaLogs).set({ isDeleted: true, updatedAt: new Date() }).where(eq(oaLogs.id, logId));
  return null;
}

/** Mark a log read for a recipient opening it (the first opening's time stays). */
export async function markLogRead(db: Tx, logId: number, userId: number) {
  await db
    .update(oaLogReaders)
    .set({ readTime: new Date() })
    .where(and(eq(oaLogReaders.logId, logId), eq(oaLogReaders.userId, userId), isNull(oaLogReaders.readTime)));
}
