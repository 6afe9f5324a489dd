import { DECL_AUDIT, DECL_MANAGE, DeclMsg } from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { hasPermission } from '../../core/access.ts';
import { scopeCondition } from '../../core/data-scope.ts';
import { forbidden, notFound } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import { instantOf } from '../../core/times.ts';
import type { Tx } from '../../db/client.ts';
import { FieldLabel, loadFields, type StoredField } from '../../fields/store.ts';

export type TaskHead = { id: number; title: string; deadline: Date; createUserId: number };

/** A live task, or 申报任务不存在. */
export async function liveTask(tx: Tx, id: number, lock = false): Promise<TaskHead> {
  const [r] = await queryRows<Record<string, unknown>>(
    tx,
    sql`select task_id, title, deadline, create_user_id from decl_task
        where task_id = ${id} and not is_deleted ${lock ? sql`for update` : sql``}`,
  );
  if (!r) throw notFound(DeclMsg.taskNotFound);
  return { id, title: String(r.title), deadline: instantOf(r.deadline)!, createUserId: Number(r.create_user_id) };
}

/** The task's form: its field set in the field store. */
export const taskFields = (tx: Tx, taskId: number): Promise<StoredField[]> =>
  loadFields(tx, FieldLabel.declarationForm, taskId);

/** Auditors of a task: whoever holds the audit leaf, and the task's creator. */
export const mayAudit = (user: SessionUser, task: Pick<TaskHead, 'createUserId'>): boolean =>
  hasPermission(user, DECL_AUDIT) || (task.createUserId === user.userId && hasPermission(user, DECL_MANAGE));

/** Refuses anyone who is not an auditor of the task. */
export function requireAuditor(user: SessionUser, task: TaskHead): void {
  if (!mayAudit(user, task)) throw forbidden(DeclMsg.notAuditor);
}

/**
 * The leaf whose data scope limits whose submissions an auditor sees: the audit leaf, else (the
 * creator without it) the manage leaf that let them issue the task.
 */
export const scopeLeaf = (user: SessionUser): string => (hasPermission(user, DECL_AUDIT) ? DECL_AUDIT : DECL_MANAGE);

/** The assignees' user column limited to the auditor's data scope (true for all). */
export const inScope = (user: SessionUser, userColumn: SQL): SQL =>
  scopeCondition(user, scopeLeaf(user), userColumn) ?? sql`true`;

/** A task is issued to `user`. */
export async function isAssignee(tx: Tx, taskId: number, userId: number): Promise<boolean> {
  const [r] = await queryRows(tx, sql`select 1 from decl_assignee where task_id = ${taskId} and user_id = ${userId}`);
  return r !== undefined;
}
