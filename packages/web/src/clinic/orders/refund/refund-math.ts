import { type DealMoney, type DealRecordRow, DealStatus } from '@crm/shared';

/** A deal row as the shared refund arithmetic reads it (the same `refundLimit` the server checks with). */
export const dealMoney = (d: DealRecordRow): DealMoney => ({
  bought: d.sessionsBought,
  left: d.sessionsLeft,
  held: d.sessionsHeld,
  refundedSessions: d.sessionsRefunded,
  paidCash: d.paidCash,
  paidPrincipal: d.paidPrincipal,
  refundedAmount: d.refundedAmount,
  arrearsUnpaid: d.arrears,
});

/** Sessions a new request may take: left and not held by another request. */
export const refundableSessions = (d: DealRecordRow) => d.sessionsLeft - d.sessionsHeld;

/** A live deal (未使用, 疗程中) with sessions to refund; the server decides the rest (expired deals by setting). */
export const canAskRefund = (d: DealRecordRow) =>
  (d.status === DealStatus.unused || d.status === DealStatus.inTreatment) && refundableSessions(d) > 0;
