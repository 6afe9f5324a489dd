import { NurseMsg, type VisitAction, VisitMsg, VisitStatus, visitMove } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { badRequest } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import { setVisitStatus } from './record-moves.ts';

/**
 * The visit's moves caused by money (issue 23, h-nurse): opening an order for a visit moves it to
 * 待收银, charging that order to 已收费, a 划扣 on a paid visit to 治疗中. Each is a side effect of
 * the money call, inside its transaction and under the visit's row lock; a visit in another state
 * never blocks the money (the order, the charge and the session matter more than the board).
 */

/** Locks the visit and checks it is this customer's (an order or a 划扣 names a visit of its own customer). */
async function lockCustomersVisit(tx: Tx, visitId: number, customerId: number): Promise<number> {
  const [v] = await queryRows<{ status: number; customer_id: number }>(
    tx,
    sql`select status, customer_id from clinic_visit where visit_id = ${visitId} for update`,
  );
  if (!v) throw badRequest(VisitMsg.visitMissing);
  if (Number(v.customer_id) !== customerId) throw badRequest(NurseMsg.visitOtherCustomer);
  return Number(v.status);
}

/** Moves the visit by `action` when its state allows it; otherwise leaves it as it is. */
async function moveIfAllowed(
  tx: Tx,
  visitId: number,
  customerId: number,
  action: VisitAction,
  userId: number,
  from?: number,
): Promise<void> {
  const status = await lockCustomersVisit(tx, visitId, customerId);
  if (from !== undefined && status !== from) return;
  const move = visitMove(status, action);
  if (!move.ok || move.to === status) return;
  await setVisitStatus(tx, { id: visitId, status }, move.to, userId);
}

/** An order saved for a visit: 待收银 from 面诊中 / 已面诊 (the order is kept whatever the visit's state). */
export async function visitOrderOpened(tx: Tx, visitId: number | null | undefined, customerId: number, userId: number) {
  if (visitId) await moveIfAllowed(tx, visitId, customerId, 'openOrder', userId);
}

/**
 * The visit's order was charged: 待收银 → 已收费. A visit in another state (a walk-in who skipped
 * the consultation room, or one already treating) does not block the charge: the money matters more.
 */
export async function visitOrderCharged(tx: Tx, visitId: number | null, customerId: number, userId: number) {
  if (visitId) await moveIfAllowed(tx, visitId, customerId, 'charge', userId);
}

/**
 * A 划扣 on a visit 已收费 starts its treatment (the nurse need not click 开始治疗 first). Only from
 * 已收费: a late 划扣 after 完成治疗 does not reopen the treatment.
 */
export async function visitTreated(tx: Tx, visitId: number | null | undefined, customerId: number, userId: number) {
  if (visitId) await moveIfAllowed(tx, visitId, customerId, 'startTreatment', userId, VisitStatus.paid);
}
