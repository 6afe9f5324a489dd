import {
  type Action,
  act,
  type ConditionFacts,
  ExamineError,
  type ExamineState,
  type Flow,
  submit,
  type Task,
} from '@crm/shared';
import { and, eq, sql } from 'drizzle-orm';
import { notifyBadges } from '../../core/badges.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import type { Db, Tx } from '../../db/client.ts';
import { inList } from '../../org/sql-lists.ts';
import { orgChartFor } from './org-chart.ts';
import { examineCopies, examineLogs, examineRecords, examineTasks } from './tables.ts';

/**
 * Persisting the engine: every change to an approval process happens in one transaction that
 * holds the record's row lock, so two approvers acting at once are applied one after the other
 * and neither action is lost nor a step advanced twice.
 */
/** The subjects a process may belong to (clinic_*: issue 22's discount approval and refund review). */
export type SubjectType = 'oa' | 'contract' | 'receivable' | 'clinic_discount' | 'clinic_refund';
export type Subject = { subjectType: SubjectType; subjectId: number };
export type StartInput = Subject & {
  categoryId: number | null;
  applicantId: number;
  flow: Flow;
  ccUserIds?: number[];
  /** What conditional steps read (conditions.ts), computed from this submission's form. */
  facts?: ConditionFacts;
};

const engine = <T>(run: () => T): T => {
  try {
    return run();
  } catch (err) {
    if (err instanceof ExamineError) throw badRequest(err.message);
    throw err;
  }
};

/** Submit, or resubmit after a rejection, withdrawal or return (the old history stays, superseded). */
export async function startProcess(tx: Tx, input: StartInput): Promise<{ recordId: number; state: ExamineState }> {
  const [existing] = await tx
    .select()
    .from(examineRecords)
    .where(and(eq(examineRecords.subjectType, input.subjectType), eq(examineRecords.subjectId, input.subjectId)))
    .for('update');
  const flowIds = input.flow.examineType === 2 ? input.flow.approverIds : input.flow.steps.flatMap((s) => s.userIds);
  const org = await orgChartFor(tx, existing?.state ?? null, [input.applicantId, ...flowIds]);
  const state = engine(() => submit(input.applicantId, input.flow, org, existing?.state, input.facts));
  let recordId: number;
  if (existing) {
    recordId = existing.id;
    await tx
      .update(examineRecords)
      .set({
        state,
        status: state.status,
        version: existing.version + 1,
        categoryId: input.categoryId,
        updatedAt: new Date(),
      })
      .where(eq(examineRecords.id, existing.id));
  } else {
    const [row] = await tx
      .insert(examineRecords)
      .values({
        subjectType: input.subjectType,
        subjectId: input.subjectId,
        categoryId: input.categoryId,
        applicantId: input.applicantId,
        state,
        status: state.status,
      })
      .returning({ id: examineRecords.id });
    recordId = row!.id;
  }
  await syncRows(tx, recordId, existing?.state ?? null, state);
  if (input.ccUserIds) await setCopies(tx, recordId, input.ccUserIds);
  return { recordId, state };
}

/** Runs inside the action's transaction so the subject (e.g. the OA form's status) changes with it. */
export type OnChange = (
  tx: Tx,
  record: { id: number; subjectType: string; subjectId: number },
  state: ExamineState,
) => Promise<void>;

/** Apply one person's action under the record's row lock. */
export async function applyAction(
  db: Db,
  recordId: number,
  action: Action,
  onChange?: OnChange,
): Promise<ExamineState> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(examineRecords).where(eq(examineRecords.id, recordId)).for('update');
    if (!row) throw notFound('审批不存在');
    const targets =
      action.type === 'transfer'
        ? [action.toUserId]
        : action.type === 'addApprover'
          ? action.targetIds
          : action.type === 'approve' && action.nextUserId
            ? [action.nextUserId]
            : [];
    const org = await orgChartFor(tx, row.state, [action.userId, ...targets]);
    const state = engine(() => act(row.state, action, org));
    await tx
      .update(examineRecords)
      .set({ state, status: state.status, version: row.version + 1, updatedAt: new Date() })
      .where(eq(examineRecords.id, recordId));
    await syncRows(tx, recordId, row.state, state);
    await onChange?.(tx, row, state);
    return state;
  });
}

const sameTask = (a: Task | undefined, b: Task) => a !== undefined && JSON.stringify(a) === JSON.stringify(b);
const open = (t: Task | undefined) => t === undefined || t.status === 'pending' || t.status === 'waiting';

/** Mirror the engine's tasks and new log entries into rows (only what changed). */
async function syncRows(tx: Tx, recordId: number, before: ExamineState | null, after: ExamineState) {
  const old = new Map((before?.tasks ?? []).map((t) => [t.seq, t]));
  const now = new Date();
  const changed = after.tasks
    .filter((t) => !sameTask(old.get(t.seq), t))
    .map((t) => ({
      recordId,
      seq: t.seq,
      round: t.round,
      stepId: t.stepId,
      userId: t.userId,
      status: t.status,
      reason: t.reason ?? null,
      remarks: t.remarks ?? null,
      fromUserId: t.fromUserId ?? null,
      superseded: t.superseded,
      actedAt: open(old.get(t.seq)) && !open(t) ? now : null,
    }));
  // One statement for all changed tasks: new ones inserted, existing ones updated in place.
  if (changed.length) {
    await tx
      .insert(examineTasks)
      .values(changed)
      .onConflictDoUpdate({
        target: [examineTasks.recordId, examineTasks.seq],
        set: {
          status: sql`excluded.status`,
          reason: sql`excluded.reason`,
          remarks: sql`excluded.remarks`,
          superseded: sql`excluded.superseded`,
          actedAt: sql`coalesce(excluded.acted_time, ${examineTasks.actedAt})`,
        },
      });
    // A task created, finished or superseded moves its approver's waiting count (live badges).
    await notifyBadges(
      tx,
      changed.map((t) => t.userId),
      ['oa'],
    );
  }
  const lastLogged = before?.log.reduce((m, e) => Math.max(m, e.seq), 0) ?? 0;
  const fresh = after.log.filter((e) => e.seq > lastLogged);
  if (fresh.length) {
    await tx.insert(examineLogs).values(
      fresh.map((e) => ({
        recordId,
        seq: e.seq,
        round: e.round,
        stepId: e.stepId,
        kind: e.kind,
        userId: e.userId,
        reason: e.reason ?? null,
        remarks: e.remarks ?? null,
        targetIds: e.targetIds ?? null,
        status: e.status ?? null,
      })),
    );
  }
}

/** Replace the copy recipients, keeping the read status of those who stay. */
export async function setCopies(tx: Tx, recordId: number, userIds: number[]) {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) {
    await tx.delete(examineCopies).where(eq(examineCopies.recordId, recordId));
    return;
  }
  await tx.execute(sql`delete from examine_cc where record_id = ${recordId}
    and user_id not in ${inList(ids)}`);
  const added = await tx
    .insert(examineCopies)
    .values(ids.map((userId) => ({ recordId, userId })))
    .onConflictDoNothing()
    .returning({ userId: examineCopies.userId });
  // New recipients have an unread copy (the approval page's tab badge).
  await notifyBadges(
    tx,
    added.map((r) => r.userId),
    ['oa'],
  );
}
