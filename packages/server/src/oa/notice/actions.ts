import { NoticeMsg, type NoticeSaveInput } from '@crm/shared';
import { eq } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { hasPermission } from '../../core/access.ts';
import { forbidden } from '../../core/errors.ts';
import { requiredRichText } from '../../core/html/sanitize.ts';
import type { Db, Tx } from '../../db/client.ts';
import { createOnce } from '../../db/create-once.ts';
import { removeStored, syncOwnedFiles } from '../../files/attach.ts';
import type { FileStorage } from '../../files/storage.ts';
import { requireActiveUsers, requireDepts } from '../examine/people-check.ts';
import { visibleNotice } from './access.ts';
import { OA_NOTICE_FILES } from './file-owner.ts';
import { oaNoticeDepts, oaNotices, oaNoticeUsers } from './tables.ts';

/** The stored fields of a form: sanitised content, the window, and whether it goes to everyone. */
function fieldsOf(input: NoticeSaveInput) {
  return {
    title: input.title,
    content: requiredRichText(input.content, NoticeMsg.contentRequired),
    startTime: input.startTime ?? new Date(),
    endTime: input.endTime,
    toAll: input.deptIds.length === 0 && input.userIds.length === 0,
  };
}

async function setRecipients(tx: Tx, noticeId: number, input: NoticeSaveInput) {
  const deptIds = [...new Set(input.deptIds)];
  const userIds = [...new Set(input.userIds)];
  await requireDepts(tx, deptIds);
  await requireActiveUsers(tx, userIds);
  await tx.delete(oaNoticeDepts).where(eq(oaNoticeDepts.noticeId, noticeId));
  await tx.delete(oaNoticeUsers).where(eq(oaNoticeUsers.noticeId, noticeId));
  if (deptIds.length) await tx.insert(oaNoticeDepts).values(deptIds.map((deptId) => ({ noticeId, deptId })));
  if (userIds.length) await tx.insert(oaNoticeUsers).values(userIds.map((userId) => ({ noticeId, userId })));
}

/** Publish: one transaction; the same client batch twice answers the first notice (double click). */
async function createNotice(db: Db, user: SessionUser, input: NoticeSaveInput): Promise<number> {
  if (!hasPermission(user, 'oa:notice:save')) throw forbidden();
  const me = user.userId;
  const fields = fieldsOf(input);
  return createOnce(db, oaNotices, me, input.batchId, async (tx) => {
    const [row] = await tx
      .insert(oaNotices)
      .values({ ...fields, createUserId: me, batchId: input.batchId })
      .onConflictDoNothing()
      .returning({ id: oaNotices.id });
    if (!row) return undefined;
    await setRecipients(tx, row.id, input);
    await syncOwnedFiles(tx, { kind: OA_NOTICE_FILES, id: row.id }, { uploaderId: me, batchIds: [input.batchId] });
    return row.id;
  });
}

async function updateNotice(db: Db, storage: FileStorage, user: SessionUser, id: number, input: NoticeSaveInput) {
  const fields = fieldsOf(input);
  const removed = await db.transaction(async (tx) => {
    const access = await visibleNotice(tx, id, user, true);
    if (!access.update) throw forbidden(NoticeMsg.authorOnly);
    const batchId = access.batchId || input.batchId;
    await tx
      .update(oaNotices)
      .set({ ...fields, batchId, updatedAt: new Date() })
      .where(eq(oaNotices.id, id));
    await setRecipients(tx, id, input);
    return syncOwnedFiles(
      tx,
      { kind: OA_NOTICE_FILES, id },
      { uploaderId: user.userId, batchIds: [batchId], removedIds: input.removedFileIds },
    );
  });
  await removeStored(storage, removed);
}

export async function saveNotice(db: Db, storage: FileStorage, user: SessionUser, input: NoticeSaveInput) {
  if (input.announcementId) {
    await updateNotice(db, storage, user, input.announcementId, input);
    return { announcementId: input.announcementId };
  }
  return { announcementId: await createNotice(db, user, input) };
}

export async function deleteNotice(db: Db, user: SessionUser, id: number) {
  const access = await visibleNotice(db, id, user);
  if (!access.delete) throw forbidden(NoticeMsg.authorOnly);
  await db.update(oaNotices).set({ isDeleted: true, updatedAt: new Date() }).where(eq(oaNotices.id, id));
  return null;
}
