import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import type { ListScope } from '../../core/list/builder.ts';
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
  const { hidden } = await fieldAccessFor(db, user, customerServerKind.kind.label);
  return readableTable(customerServerKind, hidden);
}

export const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
