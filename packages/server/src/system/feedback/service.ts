import {
  FEEDBACK_SHOTS_MAX,
  type FeedbackDetail,
  type FeedbackListInput,
  FeedbackMsg,
  type FeedbackRow,
  type FeedbackSubmitInput,
} from '@crm/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { hasPermission } from '../../core/access.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import { defineList, listPage } from '../../core/list/builder.ts';
import { queryRows } from '../../core/sql.ts';
import type { Db, Tx } from '../../db/client.ts';
import { createOnce } from '../../db/create-once.ts';
import { files } from '../../db/schema.ts';
import { syncOwnedFiles } from '../../files/attach.ts';
import type { FileOwnerRegistry } from '../../files/owners.ts';
import { listVisibleBatch } from '../../files/visibility.ts';
import { FEEDBACK_FILES } from './file-owner.ts';
import { sysFeedback } from './tables.ts';

/** Submit once per dialog batch; the batch's staged uploads become the feedback's screenshots. */
export async function submitFeedback(db: Db, user: SessionUser, input: FeedbackSubmitInput): Promise<number> {
  const me = user.userId;
  const shots = await db
    .select({ type: files.type, mime: files.mime })
    .from(files)
    .where(and(eq(files.batchId, input.batchId), eq(files.createUserId, me), isNull(files.ownerKind)));
  if (shots.length > FEEDBACK_SHOTS_MAX) throw badRequest(FeedbackMsg.tooManyShots);
  if (shots.some((s) => !s.mime.startsWith('image/'))) throw badRequest(FeedbackMsg.imagesOnly);
  return createOnce(db, sysFeedback, me, input.batchId, async (tx) => {
    const [row] = await tx
      .insert(sysFeedback)
      .values({
        type: input.type,
        content: input.content,
        pageUrl: input.pageUrl,
        createUserId: me,
        batchId: input.batchId,
      })
      .onConflictDoNothing()
      .returning({ id: sysFeedback.id });
    if (!row) return undefined;
    await syncOwnedFiles(tx, { kind: FEEDBACK_FILES, id: row.id }, { uploaderId: me, batchIds: [input.batchId] });
    return row.id;
  });
}

// Feedback is addressed to the company's administrators: the admin list holds every sender's rows
// (its permission is the gate); "mine" bounds it to the caller with its own condition.
const feedbackList = defineList({
  from: sql`sys_feedback f`,
  id: sql`f.feedback_id`,
  fields: {
    status: { sql: sql`f.status`, type: 'number' },
    type: { sql: sql`f.type`, type: 'text' },
    senderId: { sql: sql`f.create_user_id`, type: 'number' },
    createTime: { sql: sql`f.create_time`, type: 'date' },
  },
  search: [sql`f.content`],
  defaultSort: [{ field: 'createTime', order: 'desc' }],
  scope: { unscoped: 'feedback goes to the administrators whatever the sender; "mine" adds its own bound' },
});

const columns = sql`f.feedback_id, f.type, f.content, f.page_url, f.status, f.create_user_id, f.reply,
  f.reply_time, f.create_time, f.update_time, f.batch_id,
  coalesce(s.realname, '') as sender_name, coalesce(r.realname, '') as replier_name`;
const joins = sql`left join sys_user s on s.user_id = f.create_user_id
  left join sys_user r on r.user_id = f.reply_user_id`;

type Row = {
  feedback_id: number;
  type: string;
  content: string;
  page_url: string;
  status: number;
  create_user_id: number;
  reply: string;
  reply_time: string | Date | null;
  create_time: string | Date;
  update_time: string | Date;
  batch_id: string;
  sender_name: string;
  replier_name: string;
};

const toRow = (r: Row) =>
  ({
    feedbackId: Number(r.feedback_id),
    type: r.type,
    content: r.content,
    pageUrl: r.page_url,
    status: Number(r.status),
    senderId: Number(r.create_user_id),
    senderName: r.sender_name,
    reply: r.reply,
    replierName: r.replier_name,
    replyTime: r.reply_time,
    createTime: r.create_time,
    updateTime: r.update_time,
  }) as FeedbackRow;

/** The admin list, or with `onlyMine` the caller's own (我的反馈), which takes paging only. */
export function listFeedback(
  db: Tx,
  user: SessionUser,
  input: Partial<FeedbackListInput> & { page: number; limit: number },
  onlyMine = false,
) {
  const where = [
    onlyMine ? sql`f.create_user_id = ${user.userId}` : undefined,
    input.status ? sql`f.status = ${input.status}` : undefined,
    input.type ? sql`f.type = ${input.type}` : undefined,
    input.senderId ? sql`f.create_user_id = ${input.senderId}` : undefined,
    input.startTime ? sql`f.create_time >= ${input.startTime.toISOString()}::timestamptz` : undefined,
    input.endTime ? sql`f.create_time <= ${input.endTime.toISOString()}::timestamptz` : undefined,
  ];
  return listPage(
    db,
    feedbackList,
    { user, page: input.page, limit: input.limit, where },
    { columns, joins: sql`join sys_feedback f on f.feedback_id = page.id ${joins}`, map: toRow },
  );
}

/** One feedback with its screenshots: its sender's, or any for those who read feedback; else 反馈不存在. */
export async function feedbackDetail(
  db: Tx,
  fileOwners: FileOwnerRegistry,
  user: SessionUser,
  id: number,
): Promise<FeedbackDetail> {
  const [row] = await queryRows<Row>(
    db,
    sql`select ${columns} from sys_feedback f ${joins} where f.feedback_id = ${id}`,
  );
  if (!row || (Number(row.create_user_id) !== user.userId && !hasPermission(user, 'manage:feedback:read')))
    throw notFound(FeedbackMsg.notFound);
  return { ...toRow(row), screenshots: await listVisibleBatch(db, fileOwners, user, row.batch_id) };
}

export async function setFeedbackStatus(db: Tx, id: number, status: number): Promise<void> {
  const done = await db
    .update(sysFeedback)
    .set({ status, updatedAt: new Date() })
    .where(eq(sysFeedback.id, id))
    .returning({ id: sysFeedback.id });
  if (!done.length) throw notFound(FeedbackMsg.notFound);
}

/** A reply moves new feedback to 处理中 (a person is on it); a finished one stays 已完成. */
export async function replyFeedback(db: Tx, user: SessionUser, id: number, reply: string): Promise<void> {
  const now = new Date();
  const done = await db
    .update(sysFeedback)
    .set({
      reply,
      replyUserId: user.userId,
      replyTime: now,
      updatedAt: now,
      status: sql`greatest(${sysFeedback.status}, 2)`,
    })
    .where(eq(sysFeedback.id, id))
    .returning({ id: sysFeedback.id });
  if (!done.length) throw notFound(FeedbackMsg.notFound);
}
