import {
  CheckMsg,
  type CheckRecordInput,
  type CheckSubmitInput,
  checkMove,
  checkMsgOf,
  taskSaveSchema,
} from '@crm/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest, forbidden } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import type { Db, Tx } from '../../db/client.ts';
import { removeStored, syncOwnedFiles } from '../../files/attach.ts';
import type { FileStorage } from '../../files/storage.ts';
import { saveTask } from '../../oa/task/actions.ts';
import { planAccess } from './access.ts';
import { CHECK_PLAN_FILES } from './file-owner.ts';
import { oaCheckPlans, oaCheckResults } from './tables.ts';

/** The plan under its row lock, as its assigned inspector, for `action`. */
async function asInspector(tx: Tx, user: SessionUser, planId: number, action: 'start' | 'record' | 'submit') {
  const access = await planAccess(tx, planId, user, true);
  if (!access.inspector) throw forbidden(CheckMsg.notInspector);
  const move = checkMove(access.status, action);
  return { access, move };
}

export async function startPlan(db: Db, user: SessionUser, planId: number) {
  await db.transaction(async (tx) => {
    const { move } = await asInspector(tx, user, planId, 'start');
    if (!move.ok) throw badRequest(move.msg);
    await tx
      .update(oaCheckPlans)
      .set({ status: move.to, startTime: new Date(), updatedAt: new Date() })
      .where(eq(oaCheckPlans.id, planId));
  });
  return null;
}

/** How many photos each of the plan's items holds (files of the plan, by the item's batch). */
async function photoCounts(tx: Tx, planId: number): Promise<Map<string, number>> {
  const rows = await queryRows<{ batch_id: string; n: number }>(
    tx,
    sql`select batch_id, count(*)::int as n from sys_file
        where owner_kind = ${CHECK_PLAN_FILES} and owner_id = ${planId} group by batch_id`,
  );
  return new Map(rows.map((r) => [String(r.batch_id), Number(r.n)]));
}

/**
 * Record one item: score (0..its max), pass or fail, a note, and its photos (the inspector's
 * uploads in the item's batch join the plan now). An item that needs a photo is refused without one.
 */
export async function recordItem(db: Db, storage: FileStorage, user: SessionUser, input: CheckRecordInput) {
  const removed = await db.transaction(async (tx) => {
    const { move } = await asInspector(tx, user, input.planId, 'record');
    if (!move.ok) throw badRequest(move.msg);
    const results = await tx.select().from(oaCheckResults).where(eq(oaCheckResults.planId, input.planId));
    const item = results.find((r) => r.id === input.resultId);
    if (!item) throw badRequest(CheckMsg.resultNotFound);
    if (input.score > item.maxScore) throw badRequest(checkMsgOf.scoreAbove(item.maxScore));
    const batchId = item.batchId || input.batchId;
    await tx
      .update(oaCheckResults)
      .set({ score: input.score, passed: input.passed, note: input.note, batchId })
      .where(eq(oaCheckResults.id, item.id));
    const gone = await syncOwnedFiles(
      tx,
      { kind: CHECK_PLAN_FILES, id: input.planId },
      {
        uploaderId: user.userId,
        batchIds: results.map((r) => (r.id === item.id ? batchId : r.batchId)),
        removedIds: input.removedFileIds,
      },
    );
    if (item.photoRequired && !((await photoCounts(tx, input.planId)).get(batchId) ?? 0))
      throw badRequest(checkMsgOf.photoRequired(item.title));
    await tx.update(oaCheckPlans).set({ updatedAt: new Date() }).where(eq(oaCheckPlans.id, input.planId));
    return gone;
  });
  await removeStored(storage, removed);
  return null;
}

/** The answer of a completed plan: its total and its rectification tasks. */
async function outcome(tx: Tx, planId: number) {
  const [plan] = await tx
    .select({ total: oaCheckPlans.totalScore })
    .from(oaCheckPlans)
    .where(eq(oaCheckPlans.id, planId));
  const tasks = await tx
    .select({ taskId: oaCheckResults.taskId })
    .from(oaCheckResults)
    .where(and(eq(oaCheckResults.planId, planId), sql`${oaCheckResults.taskId} is not null`))
    .orderBy(oaCheckResults.position);
  return { totalScore: plan?.total ?? 0, taskIds: tasks.map((t) => t.taskId!) };
}

/**
 * Submit: every item recorded (with its photo where one is required), each failed item given a
 * person responsible and a deadline, which become tasks on the task center (created by the
 * inspector, owned by that person) in the same transaction as the plan's completion. A second
 * submit (a double click) finds the plan completed under the lock and answers the same outcome.
 */
export async function submitPlan(db: Db, storage: FileStorage, user: SessionUser, input: CheckSubmitInput) {
  return db.transaction(async (tx) => {
    const { access, move } = await asInspector(tx, user, input.planId, 'submit');
    if (!move.ok) {
      if (access.status === 3) return outcome(tx, input.planId);
      throw badRequest(move.msg);
    }
    const results = await tx
      .select()
      .from(oaCheckResults)
      .where(eq(oaCheckResults.planId, input.planId))
      .orderBy(oaCheckResults.position);
    const unrecorded = results.filter((r) => r.score === null || r.passed === null).length;
    if (unrecorded) throw badRequest(checkMsgOf.unrecorded(unrecorded));
    const photos = await photoCounts(tx, input.planId);
    const noPhoto = results.find((r) => r.photoRequired && !(photos.get(r.batchId) ?? 0));
    if (noPhoto) throw badRequest(checkMsgOf.photoRequired(noPhoto.title));
    const failed = results.filter((r) => r.passed === false);
    const plan = new Map(input.rectifications.map((r) => [r.resultId, r]));
    if (input.rectifications.some((r) => !failed.some((f) => f.id === r.resultId)))
      throw badRequest(CheckMsg.rectifyInvalid);
    const missing = failed.find((f) => !plan.has(f.id));
    if (missing) throw badRequest(checkMsgOf.rectifyMissing(missing.title));
    const [target] = await queryRows<{ name: string }>(
      tx,
      sql`select coalesce(s.shop_name, d.name, '') as name from oa_check_plan p
          left join crm_store s on s.id = p.store_id left join sys_dept d on d.dept_id = p.dept_id
          where p.plan_id = ${input.planId}`,
    );
    for (const f of failed) {
      const r = plan.get(f.id)!;
      const task = taskSaveSchema.parse({
        title: `整改：${target?.name ?? ''} ${f.title}`.slice(0, 100),
        description: [
          `督导检查 #${input.planId}（${f.section}）不合格项：${f.title}`,
          `得分 ${f.score}/${f.maxScore}`,
          f.note ? `检查说明：${f.note}` : '',
        ]
          .filter(Boolean)
          .join('\n')
          .slice(0, 2000),
        ownerUserId: r.ownerUserId,
        dueTime: `${r.deadline} 23:59`,
        // One task per failed item of this plan, whatever else happens: the task center's own
        // (creator, batch) index would answer the first task again.
        batchId: `check-${input.planId}-${f.id}`,
      });
      // The task center's own service, inside this transaction (a savepoint): its checks and badges.
      const { taskId } = (await saveTask(tx as unknown as Db, storage, user, task)) as { taskId: number };
      await tx.update(oaCheckResults).set({ taskId }).where(eq(oaCheckResults.id, f.id));
    }
    const total = results.reduce((s, r) => s + (r.score ?? 0), 0);
    await tx
      .update(oaCheckPlans)
      .set({
        status: move.to,
        totalScore: total,
        summary: input.summary,
        submitTime: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(oaCheckPlans.id, input.planId));
    return outcome(tx, input.planId);
  });
}
