import { PoolMsg } from '@crm/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { hasPermission } from '../../core/access.ts';
import { notifyBadges } from '../../core/badges.ts';
import { scopeCondition } from '../../core/data-scope.ts';
import { badRequest, forbidden } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import type { FileStorage } from '../../files/storage.ts';
import { people } from '../../org/index.ts';
import { inList } from '../../org/sql-lists.ts';
import { customerServerKind as sk } from '../customer/kind.ts';
import { loadPoolRecords, loadRecords } from '../records/access.ts';
import { logAction } from '../records/actions.ts';
import { notifyRecordBadges } from '../records/badges.ts';
import { deleteRecords, type RecordDeleteRules } from '../records/remove.ts';
import { recordMembers } from '../records/tables.ts';
import { enforceLimits, lockUserCounts } from './limits.ts';

/**
 * The pool's actions on customers (DECISIONS "CRM", Customer pool). Each runs in one transaction
 * on rows locked `for update`, so two receivers of one customer are served one after the other
 * and the second finds it owned.
 */

const idsOf = (rows: { row: Record<string, unknown> }[]) => rows.map((r) => Number(r.row.customer_id));
const unique = (ids: number[]) => [...new Set(ids)];
const dropTeam = (tx: Tx, ids: number[]) =>
  tx.delete(recordMembers).where(and(eq(recordMembers.label, sk.kind.label), inArray(recordMembers.recordId, ids)));

/**
 * Put customers the viewer may change into the pool. Locked ones are refused. The owner is
 * cleared and the team emptied: a pool customer belongs to nobody, and whoever takes it next
 * starts with a team of their own (old members would otherwise keep seeing it).
 */
export async function putIntoPool(db: Tx, user: SessionUser, input: { ids: number[] }) {
  const ids = unique(input.ids);
  return db.transaction(async (tx) => {
    const records = await loadRecords(tx, sk, user, ids, 'write', { lock: true });
    if (records.some((r) => r.row.is_lock === true)) throw badRequest(PoolMsg.lockedToPool);
    // The owners and teams lose these customers from their to-do counts (told at commit).
    await notifyRecordBadges(tx, sk, ids);
    await tx.execute(sql`update crm_customer set owner_user_id = null, pool_taken_time = null, update_time = now()
      where customer_id in ${inList(ids)}`);
    await dropTeam(tx, ids);
    const names = await people(
      tx,
      records.map((r) => r.row.owner_user_id as number),
    );
    await logAction(
      tx,
      sk,
      records.map(({ row }) => ({
        recordId: Number(row.customer_id),
        userId: user.userId,
        action: 'putInPool' as const,
        detail: `${names.get(Number(row.owner_user_id))?.realname ?? ''} → 公海`,
        changes: [{ field: 'ownerUserId', name: '负责人', before: Number(row.owner_user_id), after: null }],
      })),
    );
    return { count: ids.length };
  });
}

/** Give pool customers to `ownerId` (receive: the viewer; distribute: the chosen user). */
async function takeFromPool(
  tx: Tx,
  user: SessionUser,
  ids: number[],
  ownerId: number,
  action: 'receive' | 'distribute',
) {
  const records = await loadPoolRecords(tx, sk, ids, PoolMsg.notInPool);
  await lockUserCounts(tx, [ownerId]);
  await tx.execute(sql`update crm_customer set owner_user_id = ${ownerId}, pool_taken_time = now(), update_time = now()
    where customer_id in ${inList(ids)}`);
  await enforceLimits(tx, 1, [ownerId]);
  await notifyBadges(tx, [ownerId], ['crm']);
  const name = (await people(tx, [ownerId])).get(ownerId)?.realname ?? '';
  await logAction(
    tx,
    sk,
    idsOf(records).map((recordId) => ({
      recordId,
      userId: user.userId,
      action,
      detail: `公海 → ${name}`,
      changes: [{ field: 'ownerUserId', name: '负责人', before: null, after: ownerId }],
    })),
  );
  return { count: ids.length };
}

/** Take pool customers: the viewer becomes their owner, within the owned-customers limit. */
export function receiveFromPool(db: Tx, user: SessionUser, input: { ids: number[] }) {
  return db.transaction((tx) => takeFromPool(tx, user, unique(input.ids), user.userId, 'receive'));
}

/**
 * Assign pool customers to an active user within the distributor's data scope (a manager hands
 * them to the people they oversee), within that user's owned-customers limit.
 */
export function distributeFromPool(db: Tx, user: SessionUser, input: { ids: number[]; userId: number }) {
  return db.transaction(async (tx) => {
    const [target] = await queryRows<{ status: number }>(
      tx,
      sql`select status from sys_user where user_id = ${input.userId}`,
    );
    if (!target || Number(target.status) !== 1) throw badRequest(PoolMsg.userInactive);
    const perm = hasPermission(user, 'crm:pool:distribute') ? 'crm:pool:distribute' : 'crm:customer:distribute';
    const scoped = scopeCondition(user, perm, sql`u.user_id`);
    if (scoped) {
      const [ok] = await queryRows(tx, sql`select 1 from sys_user u where u.user_id = ${input.userId} and ${scoped}`);
      if (!ok) throw forbidden(PoolMsg.userOutOfScope);
    }
    return takeFromPool(tx, user, unique(input.ids), input.userId, 'distribute');
  });
}

/**
 * Lock (`isLock` 1) or unlock customers the viewer may change. Closed-deal customers are not
 * locked (`已成交客户无需锁定`); each owner stays within their locked-customers limit.
 */
export function lockCustomers(db: Tx, user: SessionUser, input: { ids: number[]; isLock: 0 | 1 }) {
  const ids = unique(input.ids);
  const lock = input.isLock === 1;
  return db.transaction(async (tx) => {
    const records = await loadRecords(tx, sk, user, ids, 'write', { lock: true });
    if (lock && records.some((r) => Number(r.row.deal_status) === 1)) throw badRequest(PoolMsg.dealNoLock);
    const changing = records.filter((r) => (r.row.is_lock === true) !== lock);
    if (changing.length === 0) return { count: 0 };
    const owners = changing.map((r) => Number(r.row.owner_user_id));
    if (lock) await lockUserCounts(tx, owners);
    const changed = idsOf(changing);
    await tx.execute(
      sql`update crm_customer set is_lock = ${lock}, update_time = now() where customer_id in ${inList(changed)}`,
    );
    if (lock) await enforceLimits(tx, 2, owners);
    await logAction(
      tx,
      sk,
      changed.map((recordId) => ({
        recordId,
        userId: user.userId,
        action: lock ? ('lock' as const) : ('unlock' as const),
        detail: lock ? '锁定' : '解锁',
        changes: [{ field: 'isLock', name: '锁定状态', before: !lock, after: lock }],
      })),
    );
    return { count: changed.length };
  });
}

/** Delete pool customers (crm:pool:delete) with all that is keyed to them. */
export async function deleteFromPool(
  db: Tx,
  storage: FileStorage,
  rules: RecordDeleteRules,
  user: SessionUser,
  input: { ids: number[] },
) {
  const ids = unique(input.ids);
  await deleteRecords(db, storage, rules, sk, user, ids, undefined, (tx) =>
    loadPoolRecords(tx, sk, ids, PoolMsg.notInPool),
  );
  return { count: ids.length };
}
