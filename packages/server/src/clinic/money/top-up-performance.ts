import { allocate, cashPerformance, checkSalesSplit, DeskMsg, PerformanceKind, type SalesShare } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { badRequest } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import { orderFormSettings } from '../settings/read.ts';
import { postPerformance } from './ledger.ts';
import { requirePeopleAndDepts } from './pricing.ts';

/**
 * When a top-up is 现金业绩 (CLINIC.md "Money rules": when paid or when spent, one setting, never
 * both; the order form's `topUpPerformance`).
 *
 * - 'paid': the top-up's principal counts when the desk takes it, for the top-up's salespeople;
 *   principal spent on a sale, credited back by a conversion or refunded to the balance moves
 *   money inside the clinic and counts for nobody. Money leaving in cash takes performance back:
 *   the part of a refund the deal had paid in principal from the customer's last counted top-up's
 *   salespeople (they were credited with it), or the line's when the balance never came from one.
 * - 'spent': a top-up earns nothing; principal counts for the line's salespeople when spent and a
 *   refund takes the whole amount back from them.
 */
export type TopUpCounts = 'paid' | 'spent';

export const topUpCountsWhen = async (tx: Tx): Promise<TopUpCounts> =>
  (await orderFormSettings(tx)).topUpPerformance === 'spent' ? 'spent' : 'paid';

/** The top-up's split: the one chosen, else the customer's owner at 100 %; checked like a line's. */
export async function topUpSplit(
  tx: Tx,
  chosen: readonly SalesShare[] | undefined,
  ownerUserId: number | null,
): Promise<SalesShare[]> {
  const split = chosen ?? (ownerUserId ? [{ userId: ownerUserId, rate: 100 }] : []);
  if (split.length === 0) throw badRequest(DeskMsg.topUpSalesRequired);
  const checked = checkSalesSplit(split);
  if (!checked.ok) throw badRequest(checked.msg);
  await requirePeopleAndDepts(
    tx,
    split.map((s) => s.userId),
    [],
  );
  return checked.value;
}

type Where = { customerId: number; storeId: number | null; deptId: number | null; day: string };

/** 'paid': the top-up's principal (never its gift) as 现金业绩, key `topup:<orderId>`. */
export async function postTopUpPerformance(
  tx: Tx,
  orderId: number,
  amount: number,
  split: readonly SalesShare[],
  at: Where,
) {
  await postPerformance(tx, `topup:${orderId}`, rows(amount, split, 'top_up', orderId, at, topUpRole));
}

/** The role of 现金业绩 rows earned by selling a top-up (the line's salespeople are 'sales'). */
export const topUpRole = 'topUp';

const rows = (
  amount: number,
  split: readonly SalesShare[],
  sourceKind: string,
  sourceId: number,
  at: Where,
  role = 'sales',
) =>
  cashPerformance(amount, split).map((r) => ({
    ...r,
    role,
    kind: PerformanceKind.cash,
    sourceKind,
    sourceId,
    customerId: at.customerId,
    storeId: at.storeId,
    deptId: at.deptId,
    businessDay: at.day,
  }));

/** The split of the customer's last top-up counted as performance, or null. */
async function lastTopUpSplit(tx: Tx, customerId: number): Promise<SalesShare[] | null> {
  const found = await queryRows<{ userId: number; rate: string }>(
    tx,
    sql`select user_id "userId", rate from clinic_performance
      where customer_id = ${customerId} and kind = ${PerformanceKind.cash} and source_kind = 'top_up'
        and role = ${topUpRole} and source_id = (select max(source_id) from clinic_performance
          where customer_id = ${customerId} and kind = ${PerformanceKind.cash} and source_kind = 'top_up')
      order by performance_id`,
  );
  return found.length ? found.map((r) => ({ userId: Number(r.userId), rate: Math.trunc(Number(r.rate)) })) : null;
}

/**
 * The negative 现金业绩 of a refund paid out, keyed `refund:<id>`: 'spent' → the whole amount from
 * the line's salespeople; 'paid' → nothing back to the balance, else the amount split in the deal's
 * own proportion of cash to principal paid: the cash part from the line's salespeople, the
 * principal part from the last top-up's (the line's without one).
 */
export async function refundPerformance(
  tx: Tx,
  input: {
    refundId: number;
    amount: number;
    toBalance: boolean;
    paid: { cash: number; principal: number };
    lineSplit: readonly SalesShare[];
    at: Where;
  },
) {
  const { refundId, amount, at } = input;
  if (amount <= 0) return;
  if ((await topUpCountsWhen(tx)) === 'spent') {
    if (input.lineSplit.length)
      await postPerformance(tx, `refund:${refundId}`, rows(-amount, input.lineSplit, 'refund', refundId, at));
    return;
  }
  if (input.toBalance) return;
  const [cashPart, principalPart] =
    input.paid.cash + input.paid.principal > 0
      ? (allocate(amount, [input.paid.cash, input.paid.principal]) as [number, number])
      : [amount, 0];
  const fromTopUp = principalPart > 0 ? await lastTopUpSplit(tx, at.customerId) : null;
  // Without a counted top-up behind the principal, the line's salespeople give the whole amount back.
  const fromLine = fromTopUp ? cashPart : amount;
  const out = fromLine > 0 && input.lineSplit.length ? rows(-fromLine, input.lineSplit, 'refund', refundId, at) : [];
  // Its own role: one person may be in both splits, and each row says what it takes back.
  if (fromTopUp) out.push(...rows(-principalPart, fromTopUp, 'refund', refundId, at, topUpRole));
  await postPerformance(tx, `refund:${refundId}`, out);
}
