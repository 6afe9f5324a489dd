import { sql } from 'drizzle-orm';
import { queryRows } from '../core/sql.ts';
import type { Tx } from '../db/client.ts';
import { inList } from '../org/sql-lists.ts';

/** A process refreshes its presence rows this often… */
export const PRESENCE_BEAT_MS = 30_000;
/** …and rows older than this belong to a process that stopped without cleaning up. */
const PRESENCE_TIMEOUT = sql`interval '90 seconds'`;

/** Mark the user online on this process. */
export async function presenceUp(db: Tx, userId: number, nodeId: string): Promise<void> {
  await db.execute(
    sql`insert into chat_presence (user_id, node_id) values (${userId}, ${nodeId})
        on conflict (user_id, node_id) do update set seen_at = now()`,
  );
}

/** The user's last socket on this process closed: answers whether they are still online elsewhere. */
export async function presenceDown(db: Tx, userId: number, nodeId: string): Promise<boolean> {
  await db.execute(sql`delete from chat_presence where user_id = ${userId} and node_id = ${nodeId}`);
  const rows = await queryRows(
    db,
    sql`select 1 from chat_presence where user_id = ${userId} and seen_at > now() - ${PRESENCE_TIMEOUT} limit 1`,
  );
  return rows.length > 0;
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
