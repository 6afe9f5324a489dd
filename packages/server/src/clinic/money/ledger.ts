import { type BalanceCause, fenOf, fenToYuan, MoneyMsg } from '@crm/shared';
import { and, eq, sql } from 'drizzle-orm';
import { badRequest, conflict } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import { lockAccount } from './account.ts';
import { arrearsEntries, balanceLedger, customerAccounts, dealRecords, performanceRows } from './tables.ts';

export type BalancePost = {
  customerId: number;
  /** Change of principal, in fen (negative when spent). */
  principal: number;
  /** Change of gift money, in fen. */
  gift: number;
  cause: BalanceCause;
  sourceId?: number | null;
  /** Idempotency key, e.g. `charge:<orderId>`: a second post with it changes nothing. */
  key: string;
  userId?: number | null;
};

export type BalanceResult = {
  ledgerId: number;
  principalBefore: number;
  principalAfter: number;
  giftBefore: number;
  giftAfter: number;
  /** True when the key had been posted before: nothing was written now. */
  repeated: boolean;
};

type LedgerRow = typeof balanceLedger.$inferSelect;

const resultOf = (row: LedgerRow, repeated: boolean): BalanceResult => ({
  ledgerId: row.id,
  principalBefore: fenOf(row.principalBefore),
  principalAfter: fenOf(row.principalAfter),
  giftBefore: fenOf(row.giftBefore),
  giftAfter: fenOf(row.giftAfter),
  repeated,
});

/** The first post of a key, or an error when the key was used for another change. */
function firstPost(row: LedgerRow, post: BalancePost): BalanceResult {
  const same =
    row.customerId === post.customerId &&
    fenOf(row.principalDelta) === post.principal &&
    fenOf(row.giftDelta) === post.gift;
  if (!same) throw conflict(MoneyMsg.ledgerKeyReused);
  return resultOf(row, true);
}

const ledgerByKey = async (tx: Tx, key: string) =>
  (await tx.select().from(balanceLedger).where(eq(balanceLedger.idempotencyKey, key)))[0];

/**
 * Changes a customer's principal and gift balance inside the caller's transaction: locks the
 * account, refuses a balance that would go below zero (本金余额不足 / 赠金余额不足), writes the
 * ledger row with before and after, then the account. Idempotent by key: a repeated key answers
 * the first row and writes nothing, also when the first post committed while this one waited for
 * the lock.
 */
export async function postBalance(tx: Tx, post: BalancePost): Promise<BalanceResult> {
  if (!Number.isSafeInteger(post.principal) || !Number.isSafeInteger(post.gift)) throw new RangeError('not whole fen');
  if (post.principal === 0 && post.gift === 0) throw new RangeError('a balance post changes nothing');
  const before = await ledgerByKey(tx, post.key);
  if (before) return firstPost(before, post);
  const account = await lockAccount(tx, post.customerId);
  // Read again under the lock: a post with this key may have committed while we waited.
  const raced = await ledgerByKey(tx, post.key);
  if (raced) return firstPost(raced, post);
  const principalAfter = account.principal + post.principal;
  const giftAfter = account.gift + post.gift;
  if (principalAfter < 0) throw badRequest(MoneyMsg.principalShort);
  if (giftAfter < 0) throw badRequest(MoneyMsg.giftShort);
  const [row] = await tx
    .insert(balanceLedger)
    .values({
      customerId: post.customerId,
      principalDelta: fenToYuan(post.principal),
      giftDelta: fenToYuan(post.gift),
      principalBefore: fenToYuan(account.principal),
      principalAfter: fenToYuan(principalAfter),
      giftBefore: fenToYuan(account.gift),
      giftAfter: fenToYuan(giftAfter),
      cause: post.cause,
      sourceId: post.sourceId ?? null,
      idempotencyKey: post.key,
      createUserId: post.userId ?? null,
    })
    .onConflictDoNothing({ target: balanceLedger.idempotencyKey })
    .returning();
  if (!row) {
    // Another customer's post took the key in between (a caller's bug): answer that one's row.
    const other = await ledgerByKey(tx, post.key);
    if (!other) throw new Error('ledger key vanished');
    return firstPost(other, post);
  }
  await tx
    .update(customerAccounts)
    .set({ principal: fenToYuan(principalAfter), gift: fenToYuan(giftAfter), updatedAt: sql`now()` })
    .where(eq(customerAccounts.customerId, post.customerId));
  return resultOf(row, false);
}

export type ArrearsPost = {
  customerId: number;
  /** ArrearsKind: 1 new (amount > 0), 2 repaid, 3 waived (amount < 0). */
  kind: 1 | 2 | 3;
  amount: number;
  orderId?: number | null;
  /** The deal the arrears belong to: its own arrears move with the customer's. */
  dealId?: number | null;
  key: string;
  userId?: number | null;
  /** Why (a waiver's reason). */
  remark?: string;
};

export type ArrearsResult = { arrearsId: number; before: number; after: number; repeated: boolean };

/**
 * Adds (new) or takes off (repaid, waived) arrears: the customer's counter and, when named, the
 * deal's, with a row that says before and after. Refuses taking off more than is owed
 * (还款金额超出欠款金额). Idempotent by key like postBalance.
 */
export async function postArrears(tx: Tx, post: ArrearsPost): Promise<ArrearsResult> {
  if (!Number.isSafeInteger(post.amount)) throw new RangeError('not whole fen');
  if (post.kind === 1 ? post.amount <= 0 : post.amount >= 0)
    throw new RangeError('arrears sign does not match its kind');
  const byKey = async () =>
    (await tx.select().from(arrearsEntries).where(eq(arrearsEntries.idempotencyKey, post.key)))[0];
  const answer = (row: typeof arrearsEntries.$inferSelect): ArrearsResult => {
    if (row.customerId !== post.customerId || fenOf(row.amount) !== post.amount)
      throw conflict(MoneyMsg.ledgerKeyReused);
    return { arrearsId: row.id, before: fenOf(row.before), after: fenOf(row.after), repeated: true };
  };
  const first = await byKey();
  if (first) return answer(first);
  const account = await lockAccount(tx, post.customerId);
  const raced = await byKey();
  if (raced) return answer(raced);
  const after = account.arrears + post.amount;
  if (after < 0) throw badRequest(MoneyMsg.repayTooMuch);
  if (post.dealId != null) {
    const [deal] = await queryRows<{ arrears: string; customer_id: number }>(
      tx,
      sql`select arrears, customer_id from crm_customer_project_deal_record where deal_id = ${post.dealId} for update`,
    );
    if (!deal || deal.customer_id !== post.customerId) throw new Error(`deal ${post.dealId} is not the customer's`);
    const dealAfter = fenOf(deal.arrears) + post.amount;
    if (dealAfter < 0) throw badRequest(MoneyMsg.repayTooMuch);
    await tx
      .update(dealRecords)
      .set({ arrears: fenToYuan(dealAfter), updatedAt: sql`now()` })
      .where(eq(dealRecords.id, post.dealId));
  }
  const [row] = await tx
    .insert(arrearsEntries)
    .values({
      customerId: post.customerId,
      kind: post.kind,
      amount: fenToYuan(post.amount),
      before: fenToYuan(account.arrears),
      after: fenToYuan(after),
      orderId: post.orderId ?? null,
      dealId: post.dealId ?? null,
      remark: post.remark ?? '',
      idempotencyKey: post.key,
      createUserId: post.userId ?? null,
    })
    .returning();
  await tx
    .update(customerAccounts)
    .set({ arrears: fenToYuan(after), updatedAt: sql`now()` })
    .where(and(eq(customerAccounts.customerId, post.customerId)));
  if (!row) throw new Error('arrears row not written');
  return { arrearsId: row.id, before: account.arrears, after, repeated: false };
}

export type PerformancePost = {
  kind: 1 | 2 | 3;
  userId: number;
  role: string;
  base: number;
  /** Percent, up to two decimals (60 or 33.33). */
  rate: number;
  amount: number;
  sourceKind: string;
  sourceId: number;
  customerId?: number | null;
  storeId?: number | null;
  deptId?: number | null;
  /** yyyy-MM-dd in the company's zone. */
  businessDay: string;
};

/**
 * Writes performance rows (cash, consumption, developer; negative for refunds and undos). Each
 * row's key is `<key>:<kind>:<userId>:<role>`, so posting the same source twice writes nothing the
 * second time. Answers how many rows were written now.
 */
export async function postPerformance(tx: Tx, key: string, rows: readonly PerformancePost[]): Promise<number> {
  if (rows.length === 0) return 0;
  const keys = new Set(rows.map((r) => `${r.kind}:${r.userId}:${r.role}`));
  // Two rows for one person in one role would share a key and the second would vanish: merge them first.
  if (keys.size !== rows.length) throw new RangeError('one person twice in one role');
  const values = rows.map((r) => {
    if (!Number.isSafeInteger(r.amount) || !Number.isSafeInteger(r.base)) throw new RangeError('not whole fen');
    return {
      kind: r.kind,
      userId: r.userId,
      role: r.role,
      base: fenToYuan(r.base),
      rate: r.rate.toFixed(2),
      amount: fenToYuan(r.amount),
      sourceKind: r.sourceKind,
      sourceId: r.sourceId,
      customerId: r.customerId ?? null,
      storeId: r.storeId ?? null,
      deptId: r.deptId ?? null,
      businessDay: r.businessDay,
      idempotencyKey: `${key}:${r.kind}:${r.userId}:${r.role}`,
    };
  });
  const written = await tx
    .insert(performanceRows)
    .values(values)
    .onConflictDoNothing({ target: performanceRows.idempotencyKey })
    .returning({ id: performanceRows.id });
  return written.length;
}
