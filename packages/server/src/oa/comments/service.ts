import { CommentMsg, type CommentSaveInput, CommentType } from '@crm/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { requirePermission } from '../../core/access.ts';
import { badRequest, forbidden, notFound } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import type { Db } from '../../db/client.ts';
import { JOURNAL, visibleLog } from '../journal/access.ts';
import { commentLog } from '../journal/actions.ts';
import { oaLogComments } from '../journal/tables.ts';
import { visibleTask } from '../task/access.ts';
import { commentTask } from '../task/actions.ts';
import { oaTaskComments } from '../task/tables.ts';

/**
 * The original client's shared comment calls (issue 20) over our two comment lists: a task's
 * (`type` 1, `OaTask/comment`) and a work log's (`type` 2, `OaLog/comment`). Each call checks
 * the feature's permission and that the viewer sees the task or log, as the feature's own calls do.
 */
export const TASK_USE = 'oa:task:use';

type Kind = {
  permission: string;
  /** Throws unless `user` sees the task or log. */
  visible: (db: Db, id: number, user: SessionUser) => Promise<unknown>;
  add: (db: Db, user: SessionUser, id: number, content: string) => Promise<{ commentId: number }>;
  table: SQL;
  owner: SQL;
};
const kinds: Record<1 | 2, Kind> = {
  [CommentType.task]: {
    permission: TASK_USE,
    visible: (db, id, user) => visibleTask(db, id, user),
    add: commentTask,
    table: sql`oa_task_comment`,
    owner: sql`task_id`,
  },
  [CommentType.log]: {
    permission: JOURNAL,
    visible: (db, id, user) => visibleLog(db, id, user),
    add: commentLog,
    table: sql`oa_log_comment`,
    owner: sql`log_id`,
  },
};

type Row = {
  comment_id: number;
  owner_id: number;
  user_id: number;
  content: string;
  create_time: string;
  realname: string | null;
  img: string | null;
};

async function rows(db: Db, kind: Kind, where: SQL): Promise<Row[]> {
  return queryRows<Row>(
    db,
    sql`select c.comment_id, c.${kind.owner} as owner_id, c.user_id, c.content, c.create_time, u.realname, u.img
        from ${kind.table} c left join sys_user u on u.user_id = c.user_id
        where ${where} order by c.create_time asc, c.comment_id asc`,
  );
}

const toItem = (type: 1 | 2, r: Row) => ({
  commentId: Number(r.comment_id),
  typeId: Number(r.owner_id),
  type,
  content: r.content,
  userId: Number(r.user_id),
  createTime: r.create_time,
  mainId: 0,
  pid: 0,
  user: { userId: Number(r.user_id), realname: r.realname ?? '', img: r.img ?? '' },
});

/** `comment/setComment`: a comment on a task or log the viewer sees; answers the saved comment. */
export async function setComment(db: Db, user: SessionUser, input: CommentSaveInput) {
  const kind = kinds[input.type];
  requirePermission(user, kind.permission);
  const { commentId } = await kind.add(db, user, input.typeId, input.content);
  const [row] = await rows(db, kind, sql`c.comment_id = ${commentId}`);
  return toItem(input.type, row!);
}

/** `comment/queryCommentList`: the comments of a task or log the viewer sees, oldest first. */
export async function listComments(db: Db, user: SessionUser, type: 1 | 2, typeId: number) {
  const kind = kinds[type];
  requirePermission(user, kind.permission);
  await kind.visible(db, typeId, user);
  const list = await rows(db, kind, sql`c.${kind.owner} = ${typeId}`);
  return list.map((r) => ({ ...toItem(type, r), childCommentList: [], replyUser: null }));
}

/**
 * `comment/deleteComment`, `OaLog/delComment`: the author removes their comment of a task or log
 * they still see. Without `type` the id is looked up among the caller's comments of both kinds.
 */
export async function deleteComment(db: Db, user: SessionUser, commentId: number, type?: 1 | 2) {
  const types = (type ? [type] : [CommentType.task, CommentType.log]).filter(
    (t) => type !== undefined || user.isSuper || user.permissions.has(kinds[t].permission),
  ) as (1 | 2)[];
  if (type) requirePermission(user, kinds[type].permission);
  const found: { type: 1 | 2; row: Row }[] = [];
  for (const t of types) {
    const [row] = await rows(db, kinds[t], sql`c.comment_id = ${commentId}`);
    if (row && (type !== undefined || Number(row.user_id) === user.userId)) found.push({ type: t, row });
  }
  if (found.length === 0) throw notFound(CommentMsg.notFound);
  if (found.length > 1) throw badRequest(CommentMsg.ambiguous);
  const [{ type: t, row }] = found as [{ type: 1 | 2; row: Row }];
  await kinds[t].visible(db, Number(row.owner_id), user);
  if (Number(row.user_id) !== user.userId) throw forbidden(CommentMsg.authorOnly);
  const table = t === CommentType.task ? oaTaskComments : oaLogComments;
  await db.delete(table).where(eq(table.id, commentId));
  return null;
}
