import {
  CHAT_HISTORY_PAGE,
  CHAT_RECALL_WINDOW_MS,
  type ChatMessage,
  type ChatMessageType,
  ChatMsg,
  type ChatSendFrame,
  fileFitsMessage,
  fileViewUrl,
  type groupEvents,
} from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import { badRequest, forbidden, notFound } from '../core/errors.ts';
import { queryRows, queryRowsPrepared } from '../core/sql.ts';
import { timeText } from '../core/times.ts';
import type { Db, Tx } from '../db/client.ts';
import { inList } from '../org/sql-lists.ts';

/** The bus channel of messaging: every process pushes what it hears to its own sockets. */
export const CHAT_CHANNEL = 'crm_chat';

/**
 * What goes over the bus (payloads are capped at 8000 bytes): ids, and a new message itself when
 * it fits, so that no process reads it back.
 */
export type ChatEvent =
  /**
   * A new message; `origin` is the socket that sent it (it had its ack); `r` the stored row when
   * the payload has room for it (else each process with sockets of its members reads it).
   */
  | { k: 'm'; id: number; origin?: string | null; r?: MessageRow }
  /** A member read a conversation up to `m`; `to` are the members to tell. */
  | { k: 'r'; c: number; u: number; m: number; p: number; to: number[] }
  | { k: 'x'; id: number }
  | { k: 't'; from: number; to: number }
  /** A group changed (created, renamed, members, dissolved): `to` are the users to tell. */
  | { k: 'g'; id: number; e: (typeof groupEvents)[number]; to: number[] }
  /** A stored notification (chat_notice) for the user `to`. */
  | { k: 'n'; id: number; to: number }
  /** Users who came online (`on`) and went offline (`off`) since the last such event of a process. */
  | { k: 'p'; on: number[]; off: number[] };

export const notifyChat = (tx: Tx, event: ChatEvent) =>
  tx.execute(sql`select pg_notify(${CHAT_CHANNEL}, ${JSON.stringify(event)})`);

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
const NOTIFY_MAX_BYTES = 7999;

/** Announce a new message with its row when that fits in a payload, else by id. */
export function notifyMessage(tx: Tx, row: MessageRow, origin?: string) {
  const full = JSON.stringify({ k: 'm', id: Number(row.message_id), origin, r: row } satisfies ChatEvent);
  if (Buffer.byteLength(full) <= NOTIFY_MAX_BYTES) return tx.execute(sql`select pg_notify(${CHAT_CHANNEL}, ${full})`);
  return notifyChat(tx, { k: 'm', id: Number(row.message_id), origin });
}

/** A stored message with its conversation's pair and its file, before a viewer is applied. */
export type MessageRow = {
  message_id: number | string;
  conversation_id: number;
  chat_type: string;
  client_msg_id: string;
  sender_id: number;
  user_low: number;
  user_high: number;
  type: string;
  content: string;
  status: string;
  create_time: unknown;
  file_id: number | null;
  file_name: string | null;
  file_size: number | string | null;
  file_mime: string | null;
  storage_key: string | null;
};

const messageColumns = sql`m.message_id, m.conversation_id, c.chat_type, m.client_msg_id, m.sender_id,
  c.user_low, c.user_high, m.type, m.content, m.status, m.create_time,
  f.file_id, f.name as file_name, f.size as file_size, f.mime as file_mime, f.storage_key`;
const messageJoins = sql`join chat_conversation c on c.conversation_id = m.conversation_id
  left join sys_file f on f.file_id = m.file_id`;

/** Read marks of a conversation's members, by user id. */
export type ReadMarks = Map<number, number>;

/**
 * A message as `viewer` sees it: their status (own: sent, or read once the peer's mark passed
 * it; received: unread or read), and for a recall the text of their side and no file.
 */
export function toMessage(row: MessageRow, viewer: number, marks: ReadMarks): ChatMessage {
  const id = Number(row.message_id);
  const mine = row.sender_id === viewer;
  const group = row.chat_type === 'group';
  const recalled = row.status === 'recall';
  let status: ChatMessage['status'];
  if (recalled) status = 'recall';
  else if (mine) status = othersRead(marks, viewer) >= id ? 'read' : 'sent';
  else status = (marks.get(viewer) ?? 0) >= id ? 'read' : 'unread';
  return {
    messageId: id,
    conversationId: row.conversation_id,
    chatType: group ? 'group' : 'contact',
    clientMsgId: row.client_msg_id,
    fromUserId: row.sender_id,
    toUserId: group ? null : row.sender_id === row.user_low ? row.user_high : row.user_low,
    groupId: group ? row.conversation_id : null,
    type: row.type as ChatMessageType,
    content: recalled ? (mine ? ChatMsg.recalledOwn : ChatMsg.recalledPeer) : row.content,
    file:
      recalled || row.file_id === null
        ? null
        : {
            fileId: row.file_id,
            name: row.file_name ?? '',
            size: Number(row.file_size ?? 0),
            mime: row.file_mime ?? '',
            url: fileViewUrl(row.storage_key ?? ''),
          },
    status,
    createTime: timeText(row.create_time) ?? '',
    ...(group && mine && !recalled ? { readCount: readersOf(marks, viewer, id) } : {}),
  };
}

/** How many members but `viewer` have read message `id` (group read receipts). */
export function readersOf(marks: ReadMarks, viewer: number, id: number): number {
  let n = 0;
  for (const [user, mark] of marks) if (user !== viewer && mark >= id) n += 1;
  return n;
}

/** How far every member but `viewer` has read: a message of theirs is read once all have. */
export function othersRead(marks: ReadMarks, viewer: number): number {
  let least = Number.POSITIVE_INFINITY;
  for (const [user, mark] of marks) if (user !== viewer) least = Math.min(least, mark);
  return Number.isFinite(least) ? least : 0;
}

async function messageRows(db: Tx, where: SQL, tail: SQL = sql``): Promise<MessageRow[]> {
  return queryRows<MessageRow>(
    db,
    sql`select ${messageColumns} from chat_message m ${messageJoins} where ${where} ${tail}`,
  );
}

export async function loadMessage(db: Tx, id: number): Promise<MessageRow | null> {
  const [row] = await messageRows(db, sql`m.message_id = ${id}`);
  return row ?? null;
}

export async function readMarks(db: Tx, conversationId: number): Promise<ReadMarks> {
  const rows = await queryRows<{ user_id: number; last_read_id: number | string }>(
    db,
    sql`select user_id, last_read_id from chat_member where conversation_id = ${conversationId}`,
  );
  return new Map(rows.map((r) => [r.user_id, Number(r.last_read_id)]));
}

export async function isMember(db: Tx, conversationId: number, userId: number): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`select 1 from chat_member where conversation_id = ${conversationId} and user_id = ${userId}`,
  );
  return rows.length > 0;
}

/**
 * A conversation the user may read: not found when there is none (会话不存在), refused when it is
 * someone else's (无权访问).
 */
export async function requireMember(db: Tx, conversationId: number, userId: number): Promise<void> {
  const rows = await queryRows<{ member: boolean }>(
    db,
    sql`select exists (select 1 from chat_member where conversation_id = c.conversation_id and user_id = ${userId}) as member
        from chat_conversation c where c.conversation_id = ${conversationId}`,
  );
  if (rows.length === 0) throw notFound(ChatMsg.conversationNotFound);
  if (!rows[0]!.member) throw forbidden();
}

/**
 * A group the user may post into: refused when there is none (群聊不存在), when it was
 * dissolved (该群已解散) or when the user is not a member (你不是该群成员). Answers the user's role.
 */
export async function requireOpenGroup(db: Tx, groupId: number, userId: number): Promise<number> {
  const [g] = await queryRows<{ dissolved: boolean; role: number | null }>(
    db,
    sql`select c.dissolved_at is not null as dissolved,
          (select role from chat_member where conversation_id = c.conversation_id and user_id = ${userId}) as role
        from chat_conversation c where c.conversation_id = ${groupId} and c.chat_type = 'group'`,
  );
  if (!g) throw notFound(ChatMsg.groupNotFound);
  if (g.role === null) throw forbidden(ChatMsg.groupNotMember);
  if (g.dissolved) throw badRequest(ChatMsg.groupDissolved);
  return Number(g.role);
}

/** The one-to-one conversation of two users, when they have one. */
export async function findContactConversation(db: Tx, a: number, b: number): Promise<number | null> {
  const [low, high] = a < b ? [a, b] : [b, a];
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select conversation_id as id from chat_conversation
        where chat_type = 'contact' and user_low = ${low} and user_high = ${high}`,
  );
  return rows[0]?.id ?? null;
}

/** The one-to-one conversation of two users, created with both members on the first message. */
export async function contactConversation(tx: Tx, a: number, b: number): Promise<number> {
  const [low, high] = a < b ? [a, b] : [b, a];
  const created = await queryRows<{ id: number }>(
    tx,
    sql`insert into chat_conversation (chat_type, user_low, user_high) values ('contact', ${low}, ${high})
        on conflict (user_low, user_high) where chat_type = 'contact' do nothing
        returning conversation_id as id`,
  );
  if (created[0]) {
    await tx.execute(
      sql`insert into chat_member (conversation_id, user_id) values (${created[0].id}, ${low}), (${created[0].id}, ${high})`,
    );
    return created[0].id;
  }
  return (await findContactConversation(tx, low, high))!;
}

async function storedByClientId(db: Tx, senderId: number, clientMsgId: string): Promise<MessageRow | null> {
  const [row] = await messageRows(db, sql`m.sender_id = ${senderId} and m.client_msg_id = ${clientMsgId}`);
  return row ?? null;
}

/**
 * Store a message, then (in the same transaction, so at commit) announce it to every process.
 * A clientMsgId the sender already used answers the stored message (`duplicate`): a resend after
 * a reconnect never stores a second copy. Media messages take the sender's own staged upload,
 * of the message's kind, and attach it to the conversation (only its members may view it).
 */
export async function storeMessage(
  db: Db,
  senderId: number,
  frame: ChatSendFrame,
  origin?: string,
): Promise<{ row: MessageRow; duplicate: boolean }> {
  if (frame.msgType === 'txt' && frame.toUserId !== senderId) {
    const row = await storeTextAtOnce(db, senderId, frame, origin);
    if (row) return { row, duplicate: false };
  }
  const earlier = await storedByClientId(db, senderId, frame.clientMsgId);
  if (earlier) return { row: earlier, duplicate: true };
  const { toUserId, groupId } = frame;
  if (groupId !== undefined) await requireOpenGroup(db, groupId, senderId);
  else {
    if (toUserId === senderId) throw badRequest(ChatMsg.peerSelf);
    const peer = await queryRows(db, sql`select 1 from sys_user where user_id = ${toUserId!} and status = 1`);
    if (peer.length === 0) throw notFound(ChatMsg.peerNotFound);
  }
  const fileId = frame.msgType === 'txt' ? null : (frame.fileId ?? null);
  if (fileId !== null) {
    const [file] = await queryRows<{ mime: string }>(
      db,
      sql`select mime from sys_file where file_id = ${fileId} and create_user_id = ${senderId} and owner_kind is null`,
    );
    if (!file) throw notFound(ChatMsg.fileNotFound);
    if (!fileFitsMessage(frame.msgType, file.mime)) throw badRequest(ChatMsg.fileTypeMismatch);
  }
  const stored = await db.transaction(async (tx) => {
    const conversationId = groupId ?? (await contactConversation(tx, senderId, toUserId!));
    const [inserted] = await queryRows<{ id: number | string }>(
      tx,
      sql`insert into chat_message (conversation_id, sender_id, client_msg_id, type, content, file_id)
          values (${conversationId}, ${senderId}, ${frame.clientMsgId}, ${frame.msgType},
                  ${frame.msgType === 'txt' ? frame.content : ''}, ${fileId})
          on conflict (sender_id, client_msg_id) do nothing
          returning message_id as id`,
    );
    // The same clientMsgId sent twice at once: the other one stored it.
    if (!inserted) return null;
    const messageId = Number(inserted.id);
    if (fileId !== null) {
      const attached = await queryRows(
        tx,
        sql`update sys_file set owner_kind = 'chat', owner_id = ${conversationId}
            where file_id = ${fileId} and create_user_id = ${senderId} and owner_kind is null returning file_id`,
      );
      if (attached.length === 0) throw notFound(ChatMsg.fileNotFound);
    }
    const row = (await loadMessage(tx, messageId))!;
    await notifyMessage(tx, row, origin);
    return row;
  });
  if (stored === null) return { row: (await storedByClientId(db, senderId, frame.clientMsgId))!, duplicate: true };
  return { row: stored, duplicate: false };
}

/**
 * The common case in one statement (one round trip, its own transaction): a text to an active
 * colleague (their one-to-one conversation created with both members on the first message) or
 * into an open group of the sender's, stored and announced with its row (the payload carries
 * the row when it fits, as `notifyMessage`). Answers null when any of that does not hold, the
 * clientMsgId was used before, or a first message of the same pair raced this one: the full
 * path then checks each rule and answers its refusal (or the stored message).
 */
async function storeTextAtOnce(db: Db, senderId: number, frame: ChatSendFrame, origin?: string) {
  const { toUserId, groupId } = frame;
  const unused = sql`not exists (select 1 from chat_message
    where sender_id = ${senderId} and client_msg_id = ${frame.clientMsgId})`;
  let conversation: SQL;
  if (groupId !== undefined)
    conversation = sql`conv as (
      select c.conversation_id, c.chat_type, c.user_low, c.user_high from chat_conversation c
      where c.conversation_id = ${groupId} and c.chat_type = 'group' and c.dissolved_at is null
        and exists (select 1 from chat_member where conversation_id = ${groupId} and user_id = ${senderId}))`;
  else {
    const [low, high] = senderId < toUserId! ? [senderId, toUserId!] : [toUserId!, senderId];
    const peerActive = sql`exists (select 1 from sys_user where user_id = ${toUserId!} and status = 1)`;
    conversation = sql`found as (
        select c.conversation_id from chat_conversation c
        where c.chat_type = 'contact' and c.user_low = ${low} and c.user_high = ${high}
      ), created as (
        insert into chat_conversation (chat_type, user_low, user_high)
        select 'contact', ${low}::integer, ${high}::integer where not exists (select 1 from found) and ${peerActive} and ${unused}
        on conflict (user_low, user_high) where chat_type = 'contact' do nothing
        returning conversation_id
      ), members as (
        insert into chat_member (conversation_id, user_id)
        select created.conversation_id, m.user_id from created cross join (values (${low}::integer), (${high}::integer)) m(user_id)
      ), conv as (
        select conversation_id, 'contact'::varchar as chat_type, ${low}::integer as user_low, ${high}::integer as user_high
        from (select conversation_id from found where ${peerActive} union all select conversation_id from created) x)`;
  }
  const [row] = await queryRowsPrepared<MessageRow>(
    db,
    groupId !== undefined ? 'chat_store_text_group' : 'chat_store_text_contact',
    sql`with ${conversation}, ins as (
          insert into chat_message (conversation_id, sender_id, client_msg_id, type, content)
          select conversation_id, ${senderId}, ${frame.clientMsgId}, 'txt', ${frame.content} from conv
          on conflict (sender_id, client_msg_id) do nothing
          returning message_id, conversation_id, client_msg_id, sender_id, type, content, status, create_time
        ), r as (
          select ins.message_id, ins.conversation_id, conv.chat_type, ins.client_msg_id, ins.sender_id,
            conv.user_low, conv.user_high, ins.type, ins.content, ins.status, ins.create_time,
            null::integer as file_id, null::text as file_name, null::bigint as file_size,
            null::text as file_mime, null::text as storage_key
          from ins cross join conv
        )
        select r.*, pg_notify(${CHAT_CHANNEL},
          case when octet_length(e.full) <= ${NOTIFY_MAX_BYTES} then e.full else e.short end) as notified
        from r cross join lateral (
          select json_build_object('k', 'm', 'id', r.message_id, 'origin', ${origin ?? null}::text, 'r', row_to_json(r))::text as full,
            json_build_object('k', 'm', 'id', r.message_id, 'origin', ${origin ?? null}::text)::text as short) e`,
  );
  if (!row) return null;
  delete (row as { notified?: unknown }).notified;
  return row;
}

/**
 * Move a member's read mark forward to `messageId` (never past the conversation's last
 * message, never back) and tell the conversation's members. Answers the new mark, or null when
 * it did not move; refused for a conversation the user is not in.
 */
export async function markRead(db: Db, userId: number, conversationId: number, messageId: number) {
  return db.transaction(async (tx) => {
    await requireMember(tx, conversationId, userId);
    const upTo = sql`least(${messageId}, (select coalesce(max(message_id), 0) from chat_message
      where conversation_id = ${conversationId}))`;
    // The joined row is the one before the update: its mark tells which messages gained a reader.
    const [moved] = await queryRows<{ id: number | string; prev: number | string }>(
      tx,
      sql`update chat_member m set last_read_id = ${upTo} from chat_member o
          where o.conversation_id = m.conversation_id and o.user_id = m.user_id
            and m.conversation_id = ${conversationId} and m.user_id = ${userId} and m.last_read_id < ${upTo}
          returning m.last_read_id as id, o.last_read_id as prev`,
    );
    if (!moved) return null;
    const to = [...(await readMarks(tx, conversationId)).keys()];
    await notifyChat(tx, { k: 'r', c: conversationId, u: userId, m: Number(moved.id), p: Number(moved.prev), to });
    return Number(moved.id);
  });
}

/** The user's clients have received the conversation up to `messageId`: a reconnect starts after it. */
export async function markDelivered(db: Db, userId: number, conversationId: number, messageId: number) {
  // Never past the last message: a mark ahead of it would hide the next ones from a reconnect.
  const upTo = sql`least(${messageId}, (select coalesce(max(message_id), 0) from chat_message
    where conversation_id = ${conversationId}))`;
  // One statement when the mark moves (every received message: clients confirm each one); only
  // when nothing moved is membership asked, to refuse someone else's conversation.
  const moved = await queryRows(
    db,
    sql`update chat_member set last_delivered_id = ${upTo}
        where conversation_id = ${conversationId} and user_id = ${userId} and last_delivered_id < ${upTo}
        returning 1`,
  );
  if (moved.length === 0) await requireMember(db, conversationId, userId);
}

/** The user's unread messages over all their conversations (others' messages after their read mark). */
export async function unreadTotal(db: Tx, userId: number): Promise<number> {
  return (await unreadTotals(db, [userId])).get(userId) ?? 0;
}

/** `unreadTotal` of several users in one query (the hub's batched badge pushes). */
export async function unreadTotals(db: Tx, userIds: number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>(userIds.map((u) => [u, 0]));
  if (userIds.length === 0) return counts;
  const rows = await queryRows<{ user_id: number; n: number | string }>(
    db,
    // Per membership an index range of (conversation_id, message_id) after the read mark: a
    // plain join lets the planner scan every message once a batch holds a few users.
    sql`select me.user_id, sum(u.n) as n from chat_member me
        cross join lateral (
          select count(*) as n from chat_message x
          where x.conversation_id = me.conversation_id and x.message_id > me.last_read_id
            and x.sender_id <> me.user_id) u
        where me.user_id in ${inList(userIds)}
        group by me.user_id`,
  );
  for (const r of rows) counts.set(r.user_id, Number(r.n));
  return counts;
}

/** Most messages a reconnecting socket is sent; the rest come from the HTTP sync. */
export const BACKLOG_MAX = 500;

/** Messages to the user that no client of theirs confirmed receiving, oldest first. */
export async function undelivered(db: Tx, userId: number): Promise<MessageRow[]> {
  return queryRows<MessageRow>(
    db,
    sql`select ${messageColumns}
        from chat_member mb
        cross join lateral (
          select * from chat_message x
          where x.conversation_id = mb.conversation_id and x.message_id > mb.last_delivered_id
            and x.sender_id <> mb.user_id
          order by x.message_id limit ${BACKLOG_MAX}) m
        ${messageJoins}
        where mb.user_id = ${userId}
        order by m.message_id limit ${BACKLOG_MAX}`,
  );
}

/**
 * Recall a message: only its sender, within 2 minutes of sending. The text and the file go (the
 * file's bytes once the transaction committed: answered in `removedKeys`); every member is told.
 */
export async function recallMessage(db: Db, userId: number, messageId: number, now = Date.now()) {
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{
      sender_id: number;
      conversation_id: number;
      status: string;
      create_time: unknown;
      file_id: number | null;
    }>(
      tx,
      sql`select sender_id, conversation_id, status, create_time, file_id from chat_message
          where message_id = ${messageId} for update`,
    );
    if (!row || !(await isMember(tx, row.conversation_id, userId))) throw notFound(ChatMsg.messageNotFound);
    if (row.sender_id !== userId) throw forbidden(ChatMsg.recallNotOwn);
    if (row.status === 'recall') return { removedKeys: [] as string[] };
    if (now - new Date(row.create_time as string).getTime() > CHAT_RECALL_WINDOW_MS)
      throw badRequest(ChatMsg.recallExpired);
    await tx.execute(
      sql`update chat_message set status = 'recall', content = '', file_id = null, recall_time = now()
          where message_id = ${messageId}`,
    );
    const removed =
      row.file_id === null
        ? []
        : await queryRows<{ key: string }>(
            tx,
            sql`delete from sys_file where file_id = ${row.file_id} returning storage_key as key`,
          );
    await notifyChat(tx, { k: 'x', id: messageId });
    return { removedKeys: removed.map((r) => r.key) };
  });
}

/** A page of a conversation's history, newest first, before `beforeId`. */
export async function historyPage(db: Tx, viewer: number, conversationId: number, beforeId?: number) {
  const rows = await messageRows(
    db,
    sql`m.conversation_id = ${conversationId} ${beforeId === undefined ? sql`` : sql`and m.message_id < ${beforeId}`}`,
    sql`order by m.message_id desc limit ${CHAT_HISTORY_PAGE + 1}`,
  );
  const marks = await readMarks(db, conversationId);
  return {
    list: rows.slice(0, CHAT_HISTORY_PAGE).map((r) => toMessage(r, viewer, marks)),
    hasMore: rows.length > CHAT_HISTORY_PAGE,
  };
}

export type ConversationRow = MessageRow & {
  conv_id: number;
  conv_type: string;
  my_read: number | string;
  others_read: number | string;
  group_name: string;
  group_notice: string;
  group_avatar: string;
  group_owner: number | null;
  group_dissolved: boolean;
  member_count: number | string;
  peer_id: number | null;
  peer_name: string | null;
  peer_img: string | null;
  peer_post: string | null;
  peer_dept_id: number | null;
  peer_dept_name: string | null;
  unread: number | string;
  update_time: unknown;
};

/**
 * The user's conversations (one-to-one and groups), latest activity first, with the last
 * message, the unread count and how far the others have read.
 */
export async function conversationRows(db: Tx, userId: number): Promise<ConversationRow[]> {
  return queryRows<ConversationRow>(
    db,
    sql`select cv.conversation_id as conv_id, cv.chat_type as conv_type, me.last_read_id as my_read,
          (select coalesce(min(o.last_read_id), 0) from chat_member o
             where o.conversation_id = cv.conversation_id and o.user_id <> me.user_id) as others_read,
          cv.name as group_name, cv.notice as group_notice, cv.avatar as group_avatar, cv.owner_id as group_owner,
          cv.dissolved_at is not null as group_dissolved,
          (select count(*) from chat_member g where g.conversation_id = cv.conversation_id) as member_count,
          pm.user_id as peer_id, u.realname as peer_name, u.img as peer_img,
          u.post as peer_post, u.dept_id as peer_dept_id, coalesce(d.name, '') as peer_dept_name,
          (select count(*) from chat_message x where x.conversation_id = cv.conversation_id
             and x.message_id > me.last_read_id and x.sender_id <> me.user_id) as unread,
          coalesce(lm.create_time, cv.create_time) as update_time, lm.*
        from chat_member me
        join chat_conversation cv on cv.conversation_id = me.conversation_id
        left join chat_member pm on cv.chat_type = 'contact' and pm.conversation_id = cv.conversation_id
          and pm.user_id <> me.user_id
        left join sys_user u on u.user_id = pm.user_id
        left join sys_dept d on d.dept_id = u.dept_id
        left join lateral (
          select ${messageColumns} from chat_message m ${messageJoins}
          where m.conversation_id = cv.conversation_id order by m.message_id desc limit 1) lm on true
        where me.user_id = ${userId}
        order by update_time desc, cv.conversation_id desc
        limit 1000`,
  );
}
