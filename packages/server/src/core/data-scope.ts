import { DataScope } from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../auth/session.ts';
import { deptAndDescendantsSql, selfAndSubordinatesSql } from '../org/tree.ts';

/** The widest data scope among the user's roles that grant `permission` (super admin: all). */
export function dataScopeFor(user: SessionUser, permission: string): DataScope {
  if (user.isSuper) return DataScope.all;
  let best = 0;
  for (const r of user.roles) if (r.isSuper || r.permissions.includes(permission)) best = Math.max(best, r.dataType);
  return (best || DataScope.self) as DataScope;
}

/**
 * A subquery of the user ids `user` may see under `scope`, or null for no restriction.
 * Use it as `${column} = any(array(${subquery}))`: the database walks the tree, not the application.
 */
export function visibleUserIdsSql(user: SessionUser, scope: DataScope): SQL | null {
  const me = user.userId;
  switch (scope) {
    case DataScope.all:
      return null;
    case DataScope.self:
      return sql`select ${me}::int`;
    case DataScope.subordinates:
      return selfAndSubordinatesSql(me);
    case DataScope.dept:
      return sql`select user_id from sys_user where dept_id = ${user.deptId ?? -1} union select ${me}::int`;
    case DataScope.deptAndChildren:
      return sql`select user_id from sys_user where dept_id in (${deptAndDescendantsSql(user.deptId)})
        union select ${me}::int`;
  }
}

/** A where-condition limiting `ownerColumn` to what `user` may see for `permission`, or undefined for all. */
export function scopeCondition(user: SessionUser, permission: string, ownerColumn: SQL | unknown): SQL | undefined {
  const scope = dataScopeFor(user, permission);
  // Own records only: a plain value the planner knows when it plans, so it estimates the owner's
  // row count from the column's statistics (a salesperson's few hundred customers among a million
  // are read through the owner index and sorted, not found by walking the update-time index).
  if (scope === DataScope.self) return sql`${ownerColumn} = ${user.userId}::int`;
  const sub = visibleUserIdsSql(user, scope);
  // An array computed once (an init plan), not `in (subquery)`: ORed with a team's ids
  // (crm/records/access.ts memberOf) the planner can then combine two index scans instead of
  // filtering every row of the table against a hashed subplan (bench/RESULTS.md, contract list).
  return sub ? sql`${ownerColumn} = any(array(${sub}))` : undefined;
}
