import { CheckMsg, CheckPermission, DataScope } from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { hasPermission } from '../../core/access.ts';
import { forbidden, notFound } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import { deptAndDescendantsSql, selfAndSubordinatesSql } from '../../org/tree.ts';

/**
 * Who reads an inspection plan (docs/workbench-supervision.md "Who sees what"): its creator, its
 * inspector, and whoever manages supervision or reads its summary with the plan's target in the
 * data scope of that role: a shop whose owner they may see, a department they may see.
 */
function scopeOf(user: SessionUser): DataScope | null {
  if (user.isSuper) return DataScope.all;
  let best = 0;
  for (const r of user.roles)
    if (r.isSuper || r.permissions.includes(CheckPermission.manage) || r.permissions.includes(CheckPermission.summary))
      best = Math.max(best, r.dataType);
  return best ? (best as DataScope) : null;
}

/** The target part of the rule, over alias `p` (false: only own and inspected plans). */
export function targetInScopeSql(user: SessionUser): SQL {
  const scope = scopeOf(user);
  if (scope === DataScope.all) return sql`true`;
  if (scope === null || scope === DataScope.self) return sql`false`;
  const users =
    scope === DataScope.subordinates
      ? selfAndSubordinatesSql(user.userId)
      : scope === DataScope.dept
        ? sql`select user_id from sys_user where dept_id = ${user.deptId ?? -1}`
        : sql`select user_id from sys_user where dept_id in (${deptAndDescendantsSql(user.deptId)})`;
  const depts =
    scope === DataScope.subordinates
      ? sql`select dept_id from sys_user where user_id in (${users})`
      : scope === DataScope.dept
        ? sql`select ${user.deptId ?? -1}::int`
        : deptAndDescendantsSql(user.deptId);
  return sql`((p.store_id is not null and exists (select 1 from crm_store s
      where s.id = p.store_id and s.owner_user_id in (${users})))
    or (p.dept_id is not null and p.dept_id in (${depts})))`;
}

/** What `user` may read, over alias `p`. */
export const visiblePlanSql = (user: SessionUser): SQL =>
  sql`(p.create_user_id = ${user.userId} or p.inspector_id = ${user.userId} or ${targetInScopeSql(user)})`;

export type PlanAccess = {
  id: number;
  status: number;
  inspectorId: number;
  createUserId: number;
  /** Manages supervision and reads the plan: edits and cancels it. */
  manager: boolean;
  /** The assigned inspector holding the inspect leaf. */
  inspector: boolean;
};

/** A plan `user` may read, optionally under its row lock: unknown is 检查计划不存在, out of reach 无权访问. */
export async function planAccess(tx: Tx, planId: number, user: SessionUser, lock = false): Promise<PlanAccess> {
  const [row] = await queryRows<Record<string, unknown>>(
    tx,
    sql`select p.status, p.inspector_id, p.create_user_id, ${visiblePlanSql(user)} as visible
        from oa_check_plan p where p.plan_id = ${planId} ${lock ? sql`for update of p` : sql``}`,
  );
  if (!row) throw notFound(CheckMsg.planNotFound);
  if (row.visible !== true) throw forbidden();
  const inspectorId = Number(row.inspector_id);
  return {
    id: planId,
    status: Number(row.status),
    inspectorId,
    createUserId: Number(row.create_user_id),
    manager: hasPermission(user, CheckPermission.manage),
    inspector: inspectorId === user.userId && hasPermission(user, CheckPermission.inspect),
  };
}
