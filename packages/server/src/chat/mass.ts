import type { ChatUser, MassMessageInput, MassUserListInput } from '@crm/shared';
import { ChatMsg } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { badRequest } from '../core/errors.ts';
import { queryRows } from '../core/sql.ts';
import type { Db, Tx } from '../db/client.ts';
import { idRows } from '../org/sql-lists.ts';
import { assignedToSql } from '../org/tree.ts';
import { onlineAmong } from './presence.ts';
import { toChatUser, type UserRow } from './queries.ts';
import { contactConversation, type MessageRow, notifyMessage } from './repository.ts';

/**
 * The colleagues a mass message reaches: the chosen active users and every active user of the
 * chosen departments and the departments below them, once each, the sender excluded.
 */
export async function massRecipients(db: Tx, me: number, input: MassUserListInput): Promise<ChatUser[]> {
  const rows = await queryRows<UserRow>(
    db,
    sql`select u.user_id, u.realname, u.img, u.post, u.dept_id, coalesce(d.name, '') as dept_name
        from sys_user u left join sys_dept d on d.dept_id = u.dept_id
        where u.status = 1 and u.user_id <> ${me}
          and ${assignedToSql('u', { userIds: idRows(input.userIds), deptIds: idRows(input.deptIds) })}
        order by u.dept_id nulls last, u.realname, u.user_id`,
  );
  const online = await onlineAmong(
    db,
    rows.map((r) => r.user_id),
  );
  return rows.map((r) => toChatUser(r, online));
}

/**
 * Send one text to every recipient as a one-to-one message, all in one transaction (all or
 * none). Each copy's clientMsgId is `<clientMsgId>-<userId>`, so sending again (a double click,
 * a retry after a timeout) stores nothing twice. Answers how many colleagues it reached.
 */
export async function sendMass(db: Db, me: number, input: MassMessageInput): Promise<{ count: number }> {
  const recipients = await massRecipients(db, me, input);
  if (recipients.length === 0) throw badRequest(ChatMsg.massRecipientsRequired);
  await db.transaction(async (tx) => {
    for (const r of recipients) {
      const conversationId = await contactConversation(tx, me, r.userId);
      const [inserted] = await queryRows<Omit<MessageRow, 'chat_type' | 'user_low' | 'user_high'>>(
        tx,
        sql`insert into chat_message (conversation_id, sender_id, client_msg_id, type, content)
            values (${conversationId}, ${me}, ${`${input.clientMsgId}-${r.userId}`}, 'txt', ${input.content})
            on conflict (sender_id, client_msg_id) do nothing
            returning message_id, conversation_id, client_msg_id, sender_id, type, content, status, create_time`,
      );
      // The event carries the row, so no process reads it back.
      if (inserted)
        await notifyMessage(tx, {
          ...inserted,
          chat_type: 'contact',
          user_low: Math.min(me, r.userId),
          user_high: Math.max(me, r.userId),
          file_id: null,
          file_name: null,
          file_size: null,
          file_mime: null,
          storage_key: null,
        });
    }
  });
  return { count: recipients.length };
}
