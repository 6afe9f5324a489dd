import { CustomerCallMsg, customerUserIdentityNames } from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import { inList } from '../../org/sql-lists.ts';
import { loadRecords } from '../records/access.ts';
import { logAction } from '../records/actions.ts';
import type { FieldChange } from '../records/tables.ts';
import { customerServerKind } from './kind.ts';

type Row = Record<string, unknown>;

/**
 * The customer app-user calls (docs/decisions.md, "Customer app-user calls"): each acts on the
 * customer(s) linked to the account `userId` (`crm_customer.user_id`), which the caller must be
 * able to write, in one transaction, logged as an update of each customer.
 */
async function withLinkedCustomers(
  db: Tx,
  user: SessionUser,
  userId: number,
  change: (tx: Tx, rows: Row[]) => Promise<FieldChange[]>,
) {
  await db.transaction(async (tx) => {
    const [person] = await queryRows(tx, sql`select 1 from sys_user where user_id = ${userId}`);
    if (!person) throw notFound(CustomerCallMsg.userNotFound);
    const linked = await queryRows<{ customer_id: number }>(
      tx,
      sql`select customer_id from crm_customer where user_id = ${userId} order by customer_id`,
    );
    if (linked.length === 0) throw notFound(CustomerCallMsg.userNotLinked);
    const ids = linked.map((r) => Number(r.customer_id));
    const loaded = await loadRecords(tx, customerServerKind, user, ids, 'write', { lock: true });
    const changes = await change(
      tx,
      loaded.map((l) => l.row),
    );
    if (changes.length === 0) return;
    await queryRows(tx, sql`update crm_customer set update_time = now() where customer_id in ${inList(ids)}`);
    await logAction(
      tx,
      customerServerKind,
      ids.map((recordId) => ({ recordId, userId: user.userId, action: 'update' as const, changes })),
    );
  });
}

/** Refuses while a signed customer names the account as a lower-level distributor. */
async function refuseWhileServing(tx: Tx, userId: number) {
  const [serving] = await queryRows(
    tx,
    sql`select 1 from crm_customer
        where has_sign and ${String(userId)} = any(string_to_array(sign_item_user_ids, ',')) limit 1`,
  );
  if (serving) throw badRequest(CustomerCallMsg.userServesSigning);
}

const hiddenName = (h: boolean) => (h ? '隐藏' : '显示');

/** `setUserHasHidden`: hide (1) or show (0) the account among the signing candidates. */
export function setUserHidden(db: Tx, user: SessionUser, userId: number, hasHidden: 0 | 1) {
  const hidden = hasHidden === 1;
  return withLinkedCustomers(db, user, userId, async (tx, rows) => {
    if (rows.every((r) => Boolean(r.user_hidden) === hidden)) return [];
    await queryRows(tx, sql`update crm_customer set user_hidden = ${hidden} where user_id = ${userId}`);
    return [{ field: 'userHidden', name: '签约候选中', before: hiddenName(!hidden), after: hiddenName(hidden) }];
  });
}

/**
 * `deleteUserById`: detach the account from its customer(s). The customer stays, as a plain
 * customer again (the panel unlocks its identity fields); the account itself stays a user.
 */
export function detachUser(db: Tx, user: SessionUser, userId: number) {
  return withLinkedCustomers(db, user, userId, async (tx, rows) => {
    await refuseWhileServing(tx, userId);
    const name = await queryRows<{ realname: string }>(
      tx,
      sql`select realname from sys_user where user_id = ${userId}`,
    );
    await queryRows(
      tx,
      sql`update crm_customer set user_id = null, user_hidden = false, user_identity = 2
          where customer_id in ${inList(rows.map((r) => Number(r.customer_id)))}`,
    );
    return [{ field: 'userId', name: '关联账号', before: name[0]?.realname ?? String(userId), after: null }];
  });
}

/**
 * `changeIdentityByUserId`: 客户 (1) or 美学顾问 (2). Only an advisor serves signings, so an
 * account serving one cannot become a plain customer.
 */
export function changeUserIdentity(db: Tx, user: SessionUser, userId: number, identity: 1 | 2) {
  return withLinkedCustomers(db, user, userId, async (tx, rows) => {
    if (rows.every((r) => Number(r.user_identity) === identity)) return [];
    if (identity === 1) await refuseWhileServing(tx, userId);
    await queryRows(tx, sql`update crm_customer set user_identity = ${identity} where user_id = ${userId}`);
    const before = customerUserIdentityNames[3 - identity];
    return [{ field: 'userIdentity', name: '用户身份', before, after: customerUserIdentityNames[identity] }];
  });
}
