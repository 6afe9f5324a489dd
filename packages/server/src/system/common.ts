import { type SQL, sql } from 'drizzle-orm';
import { queryRows } from '../core/sql.ts';
import type { Tx } from '../db/client.ts';
import { inList } from '../org/sql-lists.ts';

export { isUniqueViolation } from '../core/unique.ts';

/**
 * Serialise edits of one organisation structure for the rest of the transaction, so two
 * concurrent moves cannot together build a cycle, nor two creates share a name.
 */
export async function lockOrg(tx: Tx, what: 'user-tree' | 'dept-tree' | 'role-names'): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`crm:org:${what}`}))`);
}

/** The ids of `ids` found among the `id` column of the subquery `from`. */
async function existing(tx: Tx, from: SQL, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await queryRows<{ id: number }>(tx, sql`select id from (${from}) t where id in ${inList(ids)}`);
  return new Set(rows.map((r) => Number(r.id)));
}

export const existingUserIds = (tx: Tx, ids: number[]) => existing(tx, sql`select user_id as id from sys_user`, ids);
export const existingRoleIds = (tx: Tx, ids: number[]) => existing(tx, sql`select role_id as id from sys_role`, ids);
export const existingDeptIds = (tx: Tx, ids: number[]) => existing(tx, sql`select dept_id as id from sys_dept`, ids);

/** The ids of `ids` that are super admin roles. */
export const superRoleIds = (tx: Tx, ids: number[]) =>
  existing(tx, sql`select role_id as id from sys_role where is_super`, ids);

/** The ids of `userIds` that hold a super admin role. */
export const superUserIds = (tx: Tx, userIds: number[]) =>
  existing(
    tx,
    sql`select ur.user_id as id from sys_user_role ur join sys_role r on r.role_id = ur.role_id where r.is_super`,
    userIds,
  );

/** Answers whether every id of `ids` is in `found`. */
export const allFound = (ids: number[], found: Set<number>) => ids.every((id) => found.has(id));

/** Is there an active super admin besides `userIds`? The last one may not lose the role. */
export async function otherSuperAdminExists(tx: Tx, userIds: number[]): Promise<boolean> {
  const rows = await queryRows(
    tx,
    sql`select 1 from sys_user_role ur
        join sys_role r on r.role_id = ur.role_id and r.is_super
        join sys_user u on u.user_id = ur.user_id and u.status = 1
        where ur.user_id not in ${inList(userIds)} limit 1`,
  );
  return rows.length > 0;
}
