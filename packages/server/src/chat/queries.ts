import type { ChatUser, Conversation, ImMessageSearchInput } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { containsPattern } from '../core/list/like.ts';
import { queryRows } from '../core/sql.ts';
import { timeText } from '../core/times.ts';
import type { Tx } from '../db/client.ts';
import { friendIdsOf } from './friends.ts';
import { onlineAmong } from './presence.ts';
import { conversationRows, findContactConversation, type MessageRow, readMarks, toMessage } from './repository.ts';

export type UserRow = {
  user_id: number;
  realname: string;
  img: string;
  post: string;
  dept_id: number | null;
  dept_name: string;
};

export const toChatUser = (r: UserRow, online: Set<number>): ChatUser => ({
  userId: r.user_id,
  realname: r.realname,
  img: r.img,
  post: r.post,
  deptId: r.dept_id,
  deptName: r.dept_name,
  online: online.has(r.user_id),
});

/** The department address book: every department, every active colleague but the caller, and the caller's friends. */
export async function addressBook(db: Tx, me: number, search: string) {
  const depts = await queryRows<{ dept_id: number; pid: number; name: string }>(
    db,
    sql`select dept_id, pid, name from sys_dept order by sort, dept_id`,
  );
  const users = await queryRows<UserRow>(
    db,
    sql`select u.user_id, u.realname, u.img, u.post, u.dept_id, coalesce(d.name, '') as dept_name
        from sys_user u left join sys_dept d on d.dept_id = u.dept_id
        where u.status = 1 and u.user_id <> ${me}
          ${search ? sql`and (u.realname ilike ${containsPattern(search)} or u.username ilike ${containsPattern(search)})` : sql``}
        order by u.dept_id nulls last, u.realname, u.user_id`,
  );
  const online = await onlineAmong(db);
  return {
    depts: depts.map((d) => ({ deptId: d.dept_id, pid: d.pid, name: d.name })),
    users: users.map((u) => toChatUser(u, online)),
    friendIds: await friendIdsOf(db, me),
  };
}

/** A colleague's chat card; null when there is no such user. */
export async function userDetail(db: Tx, me: number, userId: number) {
  const [row] = await queryRows<UserRow & { mobile: string; email: string; status: number }>(
    db,
    sql`select u.user_id, u.realname, u.img, u.post, u.dept_id, coalesce(d.name, '') as dept_name,
          u.mobile, u.email, u.status
        from sys_user u left join sys_dept d on d.dept_id = u.dept_id where u.user_id = ${userId}`,
  );
  if (!row) return null;
  const online = await onlineAmong(db, [userId]);
  return {
    ...toChatUser(row, online),
    mobile: row.mobile,
    email: row.email,
    status: row.status,
    conversationId: userId === me ? null : await findContactConversation(db, me, userId),
  };
}

/** The caller's conversations with the last message, unread count and both read marks. */
export async function conversations(db: Tx, me: number): Promise<Conversation[]> {
  const rows = await conversationRows(db, me);
  const online = await onlineAmong(
    db,
    rows.flatMap((r) => (r.peer_id === null ? [] : [r.peer_id])),
  );
  return rows.map((r) => {
    // The others' least mark stands for all of them (toMessage reads the least anyway).
    const marks = new Map([
      [me, Number(r.my_read)],
      [-1, Number(r.others_read)],
    ]);
    const group = r.conv_type === 'group';
    return {
      conversationId: r.conv_id,
      chatType: group ? 'group' : 'contact',
      peer:
        r.peer_id === null
          ? null
          : toChatUser(
              {
                user_id: r.peer_id,
                realname: r.peer_name ?? '',
                img: r.peer_img ?? '',
                post: r.peer_post ?? '',
                dept_id: r.peer_dept_id,
                dept_name: r.peer_dept_name ?? '',
              },
              online,
            ),
      group: group
        ? {
            groupId: r.conv_id,
            name: r.group_name,
            notice: r.group_notice,
            avatar: r.group_avatar,
            ownerId: r.group_owner ?? 0,
            memberCount: Number(r.member_count),
            dissolved: r.group_dissolved,
          }
        : null,
      unreadCount: Number(r.unread),
      lastReadId: Number(r.my_read),
      peerReadId: Number(r.others_read),
      lastMessage: r.message_id === null ? null : toMessage(r, me, marks),
      updateTime: timeText(r.update_time) ?? '',
    };
  });
}

/**
 * Text messages holding `search` in the caller's conversations (with one colleague when `userId`
 * is given), newest first; recalled messages are not found.
 */
export async function messageSearch(db: Tx, me: number, input: ImMessageSearchInput) {
  const { page, limit, search, userId } = input;
  const peer =
    userId === undefined
      ? sql``
      : sql`and c.user_low = ${Math.min(me, userId)} and c.user_high = ${Math.max(me, userId)}`;
  const rows = await queryRows<MessageRow & { total: number | string }>(
    db,
    sql`select m.message_id, m.conversation_id, c.chat_type, m.client_msg_id, m.sender_id,
          c.user_low, c.user_high, m.type, m.content, m.status, m.create_time,
          null as file_id, null as file_name, null as file_size, null as file_mime, null as storage_key,
          count(*) over () as total
        from chat_member mb
        join chat_conversation c on c.conversation_id = mb.conversation_id
        join chat_message m on m.conversation_id = mb.conversation_id
        where mb.user_id = ${me} ${peer} and m.type = 'txt' and m.status <> 'recall'
          and m.content ilike ${containsPattern(search)}
        order by m.message_id desc
        limit ${limit} offset ${(page - 1) * limit}`,
  );
  const marks = new Map<number, Map<number, number>>();
  const list = [];
  for (const r of rows) {
    let m = marks.get(r.conversation_id);
    if (!m) {
      m = await readMarks(db, r.conversation_id);
      marks.set(r.conversation_id, m);
    }
    list.push(toMessage(r, me, m));
  }
  let totalRow = rows[0] ? Number(rows[0].total) : 0;
  // Past the last page the window count has no row to ride on.
  if (rows.length === 0 && page > 1) {
    const [c] = await queryRows<{ n: number | string }>(
      db,
      sql`select count(*) as n from chat_member mb
          join chat_conversation c on c.conversation_id = mb.conversation_id
          join chat_message m on m.conversation_id = mb.conversation_id
          where mb.user_id = ${me} ${peer} and m.type = 'txt' and m.status <> 'recall'
            and m.content ilike ${containsPattern(search)}`,
    );
    totalRow = Number(c?.n ?? 0);
  }
  return { list, totalRow, page, limit };
}
