import { type AccountInfo, fenOf } from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../../auth/session.ts';
import { queryRows } from '../../../core/sql.ts';
import { customerServerKind } from '../../../crm/customer/kind.ts';
import { loadRecord } from '../../../crm/records/access.ts';
import type { Db } from '../../../db/client.ts';

type Row = Record<string, string | Date | null>;
// The route layer writes times (apiTime) in the company zone.
const time = (v: string | Date | null | undefined) => (v == null ? null : (v as string));

/**
 * `/clinic/account/info`: a customer's balances and counters (the 开单 header, the customer
 * detail). A customer who never paid has no account row yet: zeros, no visits.
 */
export async function accountInfo(db: Db, user: SessionUser, customerId: number): Promise<AccountInfo> {
  await loadRecord(db, customerServerKind, user, customerId, 'read');
  return readAccount(db, customerId);
}

/** The counters without a scope check: for callers that checked their own way (the consultation room's visit). */
export async function readAccount(db: Db, customerId: number): Promise<AccountInfo> {
  const [row] = await queryRows<Row>(db, sql`select * from clinic_customer_account where customer_id = ${customerId}`);
  const money = (v: string | Date | null | undefined) => (v == null ? 0 : fenOf(String(v)));
  return {
    customerId,
    principal: money(row?.principal),
    gift: money(row?.gift),
    arrears: money(row?.arrears),
    totalPaid: money(row?.total_paid),
    totalConsumed: money(row?.total_consumed),
    firstVisitTime: time(row?.first_visit_time),
    lastVisitTime: time(row?.last_visit_time),
    lastTreatmentTime: time(row?.last_treatment_time),
    cardNumber: (row?.card_number as string | null | undefined) ?? null,
  };
}
