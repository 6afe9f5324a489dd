import { AgencyMsg, type AgencySaveListInput, AgencyStatus, agencyPermitted, agencyTypes } from '@crm/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { notifyBadges } from '../../core/badges.ts';
import { badRequest, forbidden, notFound } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import type { Db, Tx } from '../../db/client.ts';
import { requireActiveUsers } from '../../oa/examine/people-check.ts';
import { customerServerKind } from '../customer/kind.ts';
import { loadRecords } from '../records/access.ts';
import { followUps } from '../records/tables.ts';
import { customerAgencies } from './tables.ts';

export const HANDLE = 'crm:agency:handle';
export const ASSIGN = 'crm:agency:assign';

/** The task for a change by `viewer`, locked; someone neither its advisor nor its assigner is refused. */
async function lockedTask(tx: Tx, agencyId: number, viewer: SessionUser) {
  const [task] = await tx.select().from(customerAgencies).where(eq(customerAgencies.id, agencyId)).for('update');
  if (!task) throw notFound(AgencyMsg.notFound);
  const isAssignee = task.userId === viewer.userId;
  const isAssigner = task.createUserId === viewer.userId;
  if (!isAssignee && !isAssigner) throw forbidden();
  return { task, isAssignee, permitted: agencyPermitted({ status: task.status, isAssignee, isAssigner }) };
}

const answer = (t: { status: number; marked: boolean }) => ({ status: t.status, marked: t.marked });

async function createdBefore(tx: Tx, userId: number, batchId: string) {
  if (!batchId) return [];
  const rows = await tx
    .select({ id: customerAgencies.id })
    .from(customerAgencies)
    .where(and(eq(customerAgencies.createUserId, userId), eq(customerAgencies.batchId, batchId)))
    .orderBy(customerAgencies.id);
  return rows.map((r) => r.id);
}

/** Whether a user holds the handling permission (or is a super administrator). */
async function mayHandle(tx: Tx, userId: number) {
  const [row] = await queryRows<{ ok: boolean }>(
    tx,
    sql`select exists (
          select 1 from sys_user_role ur join sys_role r on r.role_id = ur.role_id
          where ur.user_id = ${userId}
            and (r.is_super or exists (select 1 from sys_role_permission p
                                       where p.role_id = r.role_id and p.permission = ${HANDLE}))) as ok`,
  );
  return Boolean(row?.ok);
}

/**
 * `saveList`: hand customers I may read to one advisor, a task each, in one transaction. A
 * customer outside my scope refuses the whole list (无权访问), an unknown one answers 客户不存在.
 */
export async function saveAgencyList(db: Db, user: SessionUser, input: AgencySaveListInput) {
  const before = await createdBefore(db, user.userId, input.batchId);
  if (before.length) return { agencyIds: before };
  const customerIds = [...new Set(input.customerIds)];
  return db.transaction(async (tx) => {
    await loadRecords(tx, customerServerKind, user, customerIds, 'read');
    await requireActiveUsers(tx, [input.userId]);
    if (!(await mayHandle(tx, input.userId))) throw badRequest('执行人没有回访任务权限');
    const rows = await tx
      .insert(customerAgencies)
      .values(
        customerIds.map((customerId) => ({
          customerId,
          typeCode: input.typeCode,
          content: input.content,
          userId: input.userId,
          createUserId: user.userId,
          deadline: input.deadline,
          batchId: input.batchId,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: customerAgencies.id });
    // Lost the race to the same form's first submit: answer its tasks.
    if (rows.length < customerIds.length) return { agencyIds: await createdBefore(tx, user.userId, input.batchId) };
    // The advisor's 待接受 badge moves (heard at commit).
    await notifyBadges(tx, [input.userId], ['oa']);
    return { agencyIds: rows.map((r) => r.id) };
  });
}

/** The advisor accepts a waiting task; accepting it again answers it unchanged (a double click). */
export function acceptAgency(db: Db, user: SessionUser, agencyId: number) {
  return db.transaction(async (tx) => {
    const { task, isAssignee, permitted } = await lockedTask(tx, agencyId, user);
    if (!isAssignee) throw forbidden(AgencyMsg.assigneeOnly);
    if (task.status === AgencyStatus.accepted) return answer(task);
    if (!permitted.accept) throw badRequest(AgencyMsg.notWaiting);
    const [row] = await tx
      .update(customerAgencies)
      .set({ status: AgencyStatus.accepted, acceptTime: new Date(), updatedAt: new Date() })
      .where(eq(customerAgencies.id, agencyId))
      .returning();
    await notifyBadges(tx, [user.userId], ['oa']);
    return answer(row!);
  });
}

/** `acceptAllToBeAcceptedAgent`: accept every task waiting for me; answers how many. */
export function acceptAllAgencies(db: Db, user: SessionUser) {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(customerAgencies)
      .set({ status: AgencyStatus.accepted, acceptTime: new Date(), updatedAt: new Date() })
      .where(and(eq(customerAgencies.userId, user.userId), eq(customerAgencies.status, AgencyStatus.toAccept)))
      .returning({ id: customerAgencies.id });
    if (rows.length) await notifyBadges(tx, [user.userId], ['oa']);
    return { count: rows.length };
  });
}

/** The assigner revokes a live task; revoking it again answers it unchanged. */
export function revokeAgency(db: Db, user: SessionUser, agencyId: number) {
  return db.transaction(async (tx) => {
    const { task, permitted } = await lockedTask(tx, agencyId, user);
    if (task.createUserId !== user.userId) throw forbidden(AgencyMsg.assignerOnly);
    if (task.status === AgencyStatus.revoked) return answer(task);
    if (!permitted.revoke) throw badRequest(AgencyMsg.notLive);
    const [row] = await tx
      .update(customerAgencies)
      .set({ status: AgencyStatus.revoked, revokeTime: new Date(), updatedAt: new Date() })
      .where(eq(customerAgencies.id, agencyId))
      .returning();
    if (task.status === AgencyStatus.toAccept) await notifyBadges(tx, [task.userId], ['oa']);
    return answer(row!);
  });
}

/** The advisor marks or unmarks a live task (absent `marked`: toggles). */
export function markAgency(db: Db, user: SessionUser, agencyId: number, marked?: boolean) {
  return db.transaction(async (tx) => {
    const { task, isAssignee, permitted } = await lockedTask(tx, agencyId, user);
    if (!isAssignee) throw forbidden(AgencyMsg.assigneeOnly);
    if (!permitted.mark) throw badRequest(AgencyMsg.notLive);
    const [row] = await tx
      .update(customerAgencies)
      .set({ marked: marked ?? !task.marked, updatedAt: new Date() })
      .where(eq(customerAgencies.id, agencyId))
      .returning();
    return answer(row!);
  });
}

/**
 * `completeTheTaskDetail`: the advisor completes an accepted task with its result, which also
 * becomes a follow-up record on the customer (category: the task type), so the customer's
 * history shows the visit. Completing it again answers it unchanged.
 */
export function completeAgency(db: Db, user: SessionUser, agencyId: number, result: string) {
  return db.transaction(async (tx) => {
    const { task, isAssignee, permitted } = await lockedTask(tx, agencyId, user);
    if (!isAssignee) throw forbidden(AgencyMsg.assigneeOnly);
    if (task.status === AgencyStatus.done) return answer(task);
    if (task.status === AgencyStatus.toAccept) throw badRequest(AgencyMsg.notAccepted);
    if (!permitted.complete) throw badRequest(AgencyMsg.notLive);
    const [row] = await tx
      .update(customerAgencies)
      .set({ status: AgencyStatus.done, result, completeTime: new Date(), updatedAt: new Date() })
      .where(eq(customerAgencies.id, agencyId))
      .returning();
    await tx.insert(followUps).values({
      label: customerServerKind.kind.label,
      recordId: task.customerId,
      category: agencyTypes.find((t) => t.code === task.typeCode)?.name ?? '回访',
      content: result,
      createUserId: user.userId,
    });
    return answer(row!);
  });
}
