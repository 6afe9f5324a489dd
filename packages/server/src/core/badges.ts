import type { BadgeArea } from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';

/**
 * Live badges: a module whose change moves someone's to-do counts (an approval task created or
 * finished, a customer given to someone…) calls `notifyBadges` inside its transaction with the
 * users concerned. At commit PostgreSQL's NOTIFY reaches every server process, and the messaging
 * hub sends those users' open sockets `{type: 'badges', areas}`: the web app fetches the counts of
 * those areas again (the menu, header and workbench badges) on every open tab.
 */
export const BADGE_CHANNEL = 'crm_badges';

/** What travels over the bus: user ids and areas only. */
export type BadgeEvent = { to: number[]; a: BadgeArea[] };

/** NOTIFY payloads are capped at 8000 bytes: at most this many ids a notification. */
const IDS_PER_NOTIFY = 500;

export async function notifyBadges(tx: Tx, userIds: Iterable<number | null | undefined>, areas: BadgeArea[]) {
  const ids = [...new Set([...userIds].filter((u): u is number => typeof u === 'number' && u > 0))];
  for (let i = 0; i < ids.length; i += IDS_PER_NOTIFY) {
    const event: BadgeEvent = { to: ids.slice(i, i + IDS_PER_NOTIFY), a: areas };
    await tx.execute(sql`select pg_notify(${BADGE_CHANNEL}, ${JSON.stringify(event)})`);
  }
}
