import { parseTime } from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { defineList, type ListDefinition, type ListScope } from '../../core/list/builder.ts';
import { customerServerKind } from '../../crm/customer/kind.ts';
import { memberOf } from '../../crm/records/access.ts';
import { fieldAccessFor } from '../../crm/records/field-access.ts';
import { readableTable } from '../../crm/records/readable.ts';
import type { Tx } from '../../db/client.ts';

/**
 * The desk sees the orders and accounts of the customers the cashier may read, exactly as
 * `loadRecord(customer, 'read')` decides for the charge itself: the owner in the viewer's
 * customer scope, or a place on the customer's team. Pool customers (no owner) are not listed:
 * their orders could not be charged either.
 */
export const customerScope: ListScope = {
  owner: sql`c.owner_user_id`,
  permission: `${customerServerKind.kind.permission}:index`,
  alsoVisible: (user) => memberOf(customerServerKind, user, 'c'),
};
export const ownedCustomer = sql`c.owner_user_id is not null`;

/** The customer table as this viewer reads it: a hidden phone is neither shown nor found by a search. */
export async function readableCustomers(db: Tx, user: SessionUser): Promise<SQL> {
  const { hidden } = await fieldAccessFor(db, user, customerServerKind.kind);
  return readableTable(customerServerKind, hidden);
}

export const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** `column` within the company's days `from` … `to` (either may be missing): from the first day's first second to the next day's after the last. */
export function withinDays(column: SQL, from?: string, to?: string): SQL[] {
  const start = (day: string) => parseTime(`${day} 00:00:00`)!.toISOString();
  const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const conds: SQL[] = [];
  if (from) conds.push(sql`${column} >= ${start(from)}::timestamptz`);
  if (to) conds.push(sql`${column} < ${start(nextDay(to))}::timestamptz`);
  return conds;
}

/**
 * A list of a clinic record seen as its customer is (the customer list's scope, pool customers
 * not at all; the customer's fields as field permissions allow): `from` is the record's table with
 * its alias, joined to the readable customers as `c` on `customerColumn`. Answers the list and the
 * readable customers, for the page's row view to join again.
 */
export async function customerRecordList(
  db: Tx,
  user: SessionUser,
  def: Omit<ListDefinition, 'from' | 'scope'> & { from: SQL; customerColumn: SQL },
): Promise<{ def: ListDefinition; customers: SQL }> {
  const customers = await readableCustomers(db, user);
  const { from, customerColumn, ...rest } = def;
  return {
    def: defineList({
      ...rest,
      from: sql`${from} join ${customers} c on c.customer_id = ${customerColumn}`,
      scope: customerScope,
    }),
    customers,
  };
}
