import { addDays, type CrmFigures, companyDay, companyInstant, fenOf } from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { hasPermission } from '../../core/access.ts';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import { contractServerKind, receivablesServerKind } from '../contract/kind.ts';
import { fieldAccessFor } from '../records/field-access.ts';
import { readableTable } from '../records/readable.ts';

const APPROVED = 1; // CheckStatus.approved: as the statistics, only approved money counts.
const CONTRACT_TARGET = 1; // crm_achievement.status: contracted money
const RECEIVED_TARGET = 2; // … received money

/** The first day of the company month holding `now`, and of the next one. */
function monthOf(now: Date) {
  const first = `${companyDay(now).slice(0, 7)}-01`;
  const next = `${companyDay(companyInstant(addDays(first, 31))).slice(0, 7)}-01`;
  return { first, next, year: Number(first.slice(0, 4)), month: Number(first.slice(5, 7)) };
}

const fen = (v: string | number | null | undefined) => (v === null || v === undefined ? null : fenOf(v));

/**
 * My figures this month (/crm/workbench). Only rows I own (or wrote) are read, so the data scope
 * is mine whatever my role's; money is summed through the kinds' readable tables, so a money
 * field hidden from me sums to null instead of leaking through the total.
 */
export async function myFigures(db: Tx, user: SessionUser, now = new Date()): Promise<CrmFigures> {
  const me = user.userId;
  const m = monthOf(now);
  const from = companyInstant(m.first).toISOString();
  const to = companyInstant(m.next).toISOString();
  const may = (p: string) => hasPermission(user, p);

  const moneyOf = async (kind: typeof contractServerKind, dayColumn: string) => {
    const hidden = (await fieldAccessFor(db, user, kind.kind)).hidden;
    const [row] = await queryRows<{ total: string | null; n: number }>(
      db,
      sql`select sum(r.money)::text as total, count(*)::int as n from ${readableTable(kind, hidden)} r
        where r.owner_user_id = ${me} and r.check_status = ${APPROVED}
          and r.${sql.identifier(dayColumn)} >= ${m.first}::date and r.${sql.identifier(dayColumn)} < ${m.next}::date`,
    );
    if (hidden.has('money')) return null;
    return row?.n ? fen(row.total) : 0;
  };
  const target = async (status: number) => {
    const [row] = await queryRows<{ v: string | null }>(
      db,
      sql`select (months[${m.month}])::text as v from crm_achievement
        where obj_type = 2 and obj_id = ${me} and year = ${m.year} and status = ${status}`,
    );
    return fen(row?.v);
  };
  const count = async (q: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(db, q))[0]?.n ?? 0;

  const [newCustomers, followUps, contractMoney, contractTarget, receivablesMoney, receivablesTarget] =
    await Promise.all([
      may('crm:customer:index')
        ? count(sql`select count(*)::int as n from crm_customer
            where owner_user_id = ${me} and create_time >= ${from}::timestamptz and create_time < ${to}::timestamptz`)
        : null,
      count(sql`select count(*)::int as n from crm_follow_record
        where create_user_id = ${me} and create_time >= ${from}::timestamptz and create_time < ${to}::timestamptz`),
      may('crm:contract:index') ? moneyOf(contractServerKind, 'order_date') : null,
      may('crm:contract:index') ? target(CONTRACT_TARGET) : null,
      may('crm:receivables:index') ? moneyOf(receivablesServerKind, 'return_time') : null,
      may('crm:receivables:index') ? target(RECEIVED_TARGET) : null,
    ]);
  return {
    month: m.first.slice(0, 7),
    newCustomers,
    followUps,
    contractMoney,
    contractTarget,
    receivablesMoney,
    receivablesTarget,
  };
}
