import type { BadgeArea } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { notifyBadges } from '../../core/badges.ts';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import { inList } from '../../org/sql-lists.ts';
import type { ServerKind } from './kind.ts';

/** Owners and team members of records: whose CRM to-do counts (`CrmBackLog/num`) a change of them moves. */
export async function recordPeople(tx: Tx, sk: ServerKind, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ user_id: number | null }>(
    tx,
    sql`select owner_user_id as user_id from ${sql.identifier(sk.table)} where ${sql.identifier(sk.idColumn)} in ${inList(ids)}
        union select user_id from crm_team_member where label = ${sk.kind.label} and record_id in ${inList(ids)}`,
  );
  return rows.map((r) => r.user_id).filter((u): u is number => u !== null);
}

/**
 * Tell the people of records (as they are now, plus `also`: e.g. the owners before a transfer)
 * that their CRM badges moved. Runs in the writing transaction, so it is heard at commit only.
 */
export async function notifyRecordBadges(
  tx: Tx,
  sk: ServerKind,
  ids: number[],
  also: (number | null | undefined)[] = [],
  areas: BadgeArea[] = ['crm'],
) {
  await notifyBadges(tx, [...(await recordPeople(tx, sk, ids)), ...also], areas);
}
