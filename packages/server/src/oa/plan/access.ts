import { PlanDocMsg } from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { dataScopeFor, visibleUserIdsSql } from '../../core/data-scope.ts';
import { forbidden, notFound } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';

export const PLAN = 'oa:plan:use';

/**
 * Who reads a planning document (docs/decisions.md, "Planning documents"): its author, the
 * people it is shared with, and those whose role granting oa:plan:use has the author in its
 * data scope (a superior with a subordinates or department scope). Only the author edits or
 * deletes it.
 */
export function authorInScopeSql(user: SessionUser, author: SQL): SQL {
  const sub = visibleUserIdsSql(user, dataScopeFor(user, PLAN));
  return sub ? sql`(${author} in (${sub}))` : sql`true`;
}

export const sharedWithSql = (user: SessionUser): SQL =>
  sql`exists (select 1 from oa_plan_user pu where pu.plan_id = p.plan_id and pu.user_id = ${user.userId})`;

/** What `user` may read, over alias `p`. */
export const visiblePlanSql = (user: SessionUser): SQL =>
  sql`(p.create_user_id = ${user.userId} or ${sharedWithSql(user)} or ${authorInScopeSql(user, sql`p.create_user_id`)})`;

export type PlanAccess = { id: number; createUserId: number; batchId: string; mine: boolean };

/** A live document `user` may read; a deleted or unknown one is 策划方案不存在, one out of reach 无权访问. */
export async function visiblePlan(tx: Tx, id: number, user: SessionUser, lock = false): Promise<PlanAccess> {
  const [row] = await queryRows<Record<string, unknown>>(
    tx,
    sql`select p.plan_id, p.create_user_id, p.batch_id, ${visiblePlanSql(user)} as visible
        from oa_plan p where p.plan_id = ${id} and not p.is_deleted ${lock ? sql`for update of p` : sql``}`,
  );
  if (!row) throw notFound(PlanDocMsg.notFound);
  if (row.visible !== true) throw forbidden();
  const createUserId = Number(row.create_user_id);
  return { id, createUserId, batchId: String(row.batch_id), mine: createUserId === user.userId };
}
