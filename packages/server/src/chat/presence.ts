import { sql } from 'drizzle-orm';
import { queryRows } from '../core/sql.ts';
import type { Tx } from '../db/client.ts';
import { inList } from '../org/sql-lists.ts';

/** A process refreshes its presence rows this often… */
export const PRESENCE_BEAT_MS = 30_000;
/** …and rows older than this belong to a process that stopped without cleaning up. */
const PRESENCE_TIMEOUT = sql`interval '90 seconds'`;

/**
 * Mark these users online on this process and those offline here: one batch of connects and
 * disconnects (chat/hub.ts). Answers which of `down` are still online on another process.
 */
export async function presenceSync(db: Tx, nodeId: string, up: number[], down: number[]): Promise<Set<number>> {
  if (up.length)
    await db.execute(
      sql`insert into chat_presence (user_id, node_id)
          values ${sql.join(
            up.map((u) => sql`(${u}, ${nodeId})`),
            sql`, `,
          )}
          on conflict (user_id, node_id) do update set seen_at = now()`,
    );
  if (!down.length) return new Set();
  await db.execute(sql`delete from chat_presence where node_id = ${nodeId} and user_id in ${inList(down)}`);
  return onlineAmong(db, down);
}

/**
 * Whose presence a user's sockets are told of without asking: their one-to-one conversation
 * partners and their friends (the colleagues the chat page shows a presence dot for).
 */
export async function presenceContacts(db: Tx, userId: number): Promise<number[]> {
  const rows = await queryRows<{ user_id: number }>(
    db,
    sql`select pm.user_id from chat_member me
          join chat_conversation c on c.conversation_id = me.conversation_id and c.chat_type = 'contact'
          join chat_member pm on pm.conversation_id = me.conversation_id and pm.user_id <> me.user_id
        where me.user_id = ${userId}
        union
        select friend_id from chat_friend where user_id = ${userId}`,
  );
  return rows.map((r) => r.user_id);
}

/** Keep this process's rows fresh (the users it holds sockets of). */
export async function presenceBeat(db: Tx, nodeId: string): Promise<void> {
  await db.execute(sql`update chat_presence set seen_at = now() where node_id = ${nodeId}`);
}

export async function presenceClear(db: Tx, nodeId: string): Promise<void> {
  await db.execute(sql`delete from chat_presence where node_id = ${nodeId}`);
}

/** Which of `userIds` are online on any process (all online users when `userIds` is omitted). */
export async function onlineAmong(db: Tx, userIds?: number[]): Promise<Set<number>> {
  if (userIds && userIds.length === 0) return new Set();
  const rows = await queryRows<{ user_id: number }>(
    db,
    sql`select distinct user_id from chat_presence where seen_at > now() - ${PRESENCE_TIMEOUT}
        ${userIds ? sql`and user_id in ${inList(userIds)}` : sql``}`,
  );
  return new Set(rows.map((r) => r.user_id));
}
