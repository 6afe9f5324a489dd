import { fenOf } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';

/** A customer's counters in fen, as locked for a change. */
export type Account = {
  customerId: number;
  principal: number;
  gift: number;
  arrears: number;
  totalPaid: number;
  totalConsumed: number;
};

type Row = { principal: string; gift: string; arrears: string; total_paid: string; total_consumed: string };

/**
 * Locks the customer's account row for the rest of the transaction, creating it on first use.
 * Every change of a customer's money goes through this lock, so two desks charging one customer
 * take turns and each sees the other's result.
 */
export async function lockAccount(tx: Tx, customerId: number): Promise<Account> {
  const select = sql`select principal, gift, arrears, total_paid, total_consumed
    from clinic_customer_account where customer_id = ${customerId} for update`;
  let [row] = await queryRows<Row>(tx, select);
  if (!row) {
    await tx.execute(
      sql`insert into clinic_customer_account (customer_id) values (${customerId}) on conflict do nothing`,
    );
    [row] = await queryRows<Row>(tx, select);
  }
  if (!row) throw new Error(`no account for customer ${customerId}`);
  return {
    customerId,
    principal: fenOf(row.principal),
    gift: fenOf(row.gift),
    arrears: fenOf(row.arrears),
    totalPaid: fenOf(row.total_paid),
    totalConsumed: fenOf(row.total_consumed),
  };
}

/** A customer's counters without a lock (zeros before the first money change). */
export async function readAccount(db: Tx, customerId: number): Promise<Account> {
  const [row] = await queryRows<Row>(
    db,
    sql`select principal, gift, arrears, total_paid, total_consumed from clinic_customer_account where customer_id = ${customerId}`,
  );
  if (!row) return { customerId, principal: 0, gift: 0, arrears: 0, totalPaid: 0, totalConsumed: 0 };
  return {
    customerId,
    principal: fenOf(row.principal),
    gift: fenOf(row.gift),
    arrears: fenOf(row.arrears),
    totalPaid: fenOf(row.total_paid),
    totalConsumed: fenOf(row.total_consumed),
  };
}
