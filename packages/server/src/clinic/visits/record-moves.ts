import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';

/**
 * Writes one step of a visit's status history (clinic_visit_event), read by /entryDetails.
 * Every move of a visit calls this in the transaction that makes the move, after its row lock:
 * the arrival (`visit.status` null), triage, leave, and each station's moves. `to` may equal the
 * current status (a reassignment at triage): who acted is part of the story.
 */
export async function recordVisitMove(
  tx: Tx,
  visit: { id: number; status: number | null },
  to: number,
  userId: number,
): Promise<void> {
  await tx.execute(sql`insert into clinic_visit_event (visit_id, from_status, to_status, user_id)
    values (${visit.id}, ${visit.status}, ${to}, ${userId})`);
}

/**
 * A station's plain move: the visit's status (and since when) and its history row, in one place so
 * no move can change the status without the story. Moves that also set other columns (triage's
 * assignment, leave's time) update them themselves and call `recordVisitMove`.
 */
export async function setVisitStatus(
  tx: Tx,
  visit: { id: number; status: number },
  to: number,
  userId: number,
): Promise<void> {
  if (to === visit.status) return;
  await tx.execute(sql`update clinic_visit set status = ${to}, status_time = now(), update_time = now()
    where visit_id = ${visit.id}`);
  await recordVisitMove(tx, visit, to, userId);
}

/**
 * The story of visits written without their moves (the demo's history, inserted in bulk): the
 * arrival and, when the visit has moved on, its current status, as migration 0059 gave the visits
 * that arrived before the history existed. Visits that already have a story are left alone.
 */
export async function recordBulkVisitStories(tx: Tx | Db): Promise<void> {
  await tx.execute(sql`insert into clinic_visit_event (visit_id, from_status, to_status, user_id, create_time)
    select v.visit_id, null, 1, v.create_user_id, v.arrived_time from clinic_visit v
    where not exists (select 1 from clinic_visit_event e where e.visit_id = v.visit_id)
    union all
    select v.visit_id, 1, v.status, coalesce(v.triage_user_id, v.create_user_id), v.status_time from clinic_visit v
    where v.status <> 1 and not exists (select 1 from clinic_visit_event e where e.visit_id = v.visit_id)`);
}
