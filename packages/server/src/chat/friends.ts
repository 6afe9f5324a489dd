import { ChatMsg, type ChatNotice, type NoticeKind, NoticeText } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { badRequest, conflict, notFound } from '../core/errors.ts';
import { queryRows } from '../core/sql.ts';
import { timeText } from '../core/times.ts';
import type { Db, Tx } from '../db/client.ts';
import { notifyChat } from './repository.ts';

type NoticeRow = {
  notice_id: number | string;
  kind: string;
  from_user_id: number;
  request_id: number | null;
  group_id: number | null;
  text: string;
  create_time: unknown;
};

const toNotice = (r: NoticeRow): ChatNotice => ({
  noticeId: Number(r.notice_id),
  kind: r.kind as NoticeKind,
  fromUserId: r.from_user_id,
  requestId: r.request_id,
  groupId: r.group_id,
  text: r.text,
  createTime: timeText(r.create_time) ?? '',
});

const nameOf = async (db: Tx, userId: number) =>
  (await queryRows<{ realname: string }>(db, sql`select realname from sys_user where user_id = ${userId}`))[0]
    ?.realname ?? '';

/** Store a notification for `userId` and announce it (at commit) to their sockets on every process. */
export async function storeNotice(
  tx: Tx,
  n: { userId: number; kind: NoticeKind; fromUserId: number; text: string; requestId?: number; groupId?: number },
): Promise<void> {
  const [row] = await queryRows<{ id: number | string }>(
    tx,
    sql`insert into chat_notice (user_id, kind, from_user_id, request_id, group_id, text)
        values (${n.userId}, ${n.kind}, ${n.fromUserId}, ${n.requestId ?? null}, ${n.groupId ?? null}, ${n.text})
        returning notice_id as id`,
  );
  await notifyChat(tx, { k: 'n', id: Number(row!.id), to: n.userId });
}

export async function loadNotice(db: Tx, id: number): Promise<ChatNotice | null> {
  const [row] = await queryRows<NoticeRow>(db, sql`select * from chat_notice where notice_id = ${id}`);
  return row ? toNotice(row) : null;
}

/** Notifications no client of the user confirmed, oldest first. */
export async function waitingNotices(db: Tx, userId: number): Promise<ChatNotice[]> {
  const rows = await queryRows<NoticeRow>(
    db,
    sql`select * from chat_notice where user_id = ${userId} and not delivered order by notice_id limit 500`,
  );
  return rows.map(toNotice);
}

export async function markNoticed(db: Tx, userId: number, upTo: number): Promise<void> {
  await db.execute(
    sql`update chat_notice set delivered = true where user_id = ${userId} and notice_id <= ${upTo} and not delivered`,
  );
}

export async function friendIdsOf(db: Tx, userId: number): Promise<number[]> {
  const rows = await queryRows<{ friend_id: number }>(
    db,
    sql`select friend_id from chat_friend where user_id = ${userId} order by friend_id`,
  );
  return rows.map((r) => r.friend_id);
}

/**
 * Ask a colleague to become friends. A request already waiting in the same direction is not
 * repeated; one waiting the other way is accepted at once (both asked).
 */
export async function requestFriend(db: Db, me: number, toUserId: number, message: string): Promise<void> {
  if (toUserId === me) throw badRequest(ChatMsg.friendSelf);
  const peer = await queryRows(db, sql`select 1 from sys_user where user_id = ${toUserId} and status = 1`);
  if (peer.length === 0) throw notFound(ChatMsg.peerNotFound);
  const already = await queryRows(db, sql`select 1 from chat_friend where user_id = ${me} and friend_id = ${toUserId}`);
  if (already.length > 0) throw conflict(ChatMsg.friendAlready);
  const [reverse] = await queryRows<{ id: number }>(
    db,
    sql`select request_id as id from chat_friend_request
        where from_user_id = ${toUserId} and to_user_id = ${me} and status = 0`,
  );
  if (reverse) return answerRequest(db, me, reverse.id, true);
  await db.transaction(async (tx) => {
    const [created] = await queryRows<{ id: number }>(
      tx,
      sql`insert into chat_friend_request (from_user_id, to_user_id, message) values (${me}, ${toUserId}, ${message})
          on conflict (from_user_id, to_user_id) where status = 0 do nothing returning request_id as id`,
    );
    if (!created) return;
    const text = message
      ? `${NoticeText.subscribe(await nameOf(tx, me))}：${message}`
      : NoticeText.subscribe(await nameOf(tx, me));
    await storeNotice(tx, { userId: toUserId, kind: 'subscribe', fromUserId: me, requestId: created.id, text });
  });
}

/** Accept or reject a request made to the user; the requester is told (a rejection ends 请求被拒绝). */
export async function answerRequest(db: Db, me: number, requestId: number, accept: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const [req] = await queryRows<{ from_user_id: number; status: number }>(
      tx,
      sql`select from_user_id, status from chat_friend_request
          where request_id = ${requestId} and to_user_id = ${me} for update`,
    );
    if (!req) throw notFound(ChatMsg.requestNotFound);
    if (req.status !== 0) throw conflict(ChatMsg.requestHandled);
    const from = req.from_user_id;
    await tx.execute(
      sql`update chat_friend_request set status = ${accept ? 1 : 2}, handle_time = now() where request_id = ${requestId}`,
    );
    if (accept)
      await tx.execute(
        sql`insert into chat_friend (user_id, friend_id) values (${me}, ${from}), (${from}, ${me})
            on conflict do nothing`,
      );
    const myName = await nameOf(tx, me);
    await storeNotice(tx, {
      userId: from,
      kind: accept ? 'subscribed' : 'unsubscribed',
      fromUserId: me,
      requestId,
      text: accept ? NoticeText.subscribed(myName) : NoticeText.unsubscribed(myName),
    });
  });
}
