import { CheckStatus, ContractMsg, type ExamineState, ExamineStatus, type Flow } from '@crm/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import type { Db, Tx } from '../../db/client.ts';
import { onSubjectChange } from '../../oa/examine/actions.ts';
import { requireActiveUsers } from '../../oa/examine/people-check.ts';
import { startProcess } from '../../oa/examine/process.ts';
import { examineCategories, examineRecords } from '../../oa/examine/tables.ts';
import { customerServerKind } from '../customer/kind.ts';
import { logAction } from '../records/actions.ts';

/**
 * The review of contracts and receivables (DECISIONS "Contracts and receivables review") on the
 * approval engine. Each kind's flow is a system approval category (`crm_contract`,
 * `crm_receivables`) that the administrator configures in 审批管理 like any other (fixed steps or
 * a chosen approver, enabled or not); it is not offered in the approval center's create view.
 * A process keeps the plan it started with, so editing the flow leaves records under way alone.
 */
export type ReviewSubject = 'contract' | 'receivable';
export const reviewCategoryType: Record<ReviewSubject, string> = {
  contract: 'crm_contract',
  receivable: 'crm_receivables',
};
export const reviewCategoryTypes = Object.values(reviewCategoryType);

const subjectTable: Record<ReviewSubject, { table: string; id: string }> = {
  contract: { table: 'crm_contract', id: 'contract_id' },
  receivable: { table: 'crm_receivables', id: 'receivables_id' },
};

/** The engine's status as the record's checkStatus: a return to the applicant counts as rejected (editable). */
export const checkStatusOf = (s: number): number => (s === ExamineStatus.returned ? CheckStatus.rejected : s);

/** The configured flow: `没有启动的审核步骤，不能添加！` when disabled or missing. */
export async function activeFlow(tx: Tx, subject: ReviewSubject) {
  const [category] = await tx
    .select()
    .from(examineCategories)
    .where(and(eq(examineCategories.type, reviewCategoryType[subject]), eq(examineCategories.isDeleted, false)))
    .limit(1);
  if (category?.status !== 1) throw badRequest(ContractMsg.noFlow);
  return category;
}

/**
 * Submit (or resubmit) a record for review inside the save's transaction: a fixed flow runs its
 * steps, a chosen flow goes to `checkUserId`. Answers the record's new checkStatus (a flow with no
 * approver at all is approved at once, and then `onApproved` has run).
 */
export async function submitReview(
  tx: Tx,
  subject: ReviewSubject,
  subjectId: number,
  user: SessionUser,
  checkUserId: number | undefined,
): Promise<{ recordId: number; checkStatus: number }> {
  const category = await activeFlow(tx, subject);
  let flow: Flow;
  if (category.examineType === 1) flow = { examineType: 1, steps: category.steps };
  else {
    if (!checkUserId) throw badRequest(ContractMsg.approverRequired);
    await requireActiveUsers(tx, [checkUserId]);
    flow = { examineType: 2, approverIds: [checkUserId] };
  }
  const { recordId, state } = await startProcess(tx, {
    subjectType: subject,
    subjectId,
    categoryId: category.id,
    applicantId: user.userId,
    flow,
  });
  await mirror(tx, subject, subjectId, recordId, state);
  return { recordId, checkStatus: checkStatusOf(state.status) };
}

/** Write the process's status onto the record; a contract approved at last closes its customer's deal. */
async function mirror(tx: Tx, subject: ReviewSubject, subjectId: number, recordId: number, state: ExamineState) {
  const t = subjectTable[subject];
  const status = checkStatusOf(state.status);
  await tx.execute(
    sql`update ${sql.identifier(t.table)} set check_status = ${status}, examine_record_id = ${recordId},
          update_time = now() where ${sql.identifier(t.id)} = ${subjectId}`,
  );
  if (subject === 'contract' && status === CheckStatus.approved) await closeDeal(tx, subjectId, state);
}

/** DECISIONS: final approval of a contract marks its customer as closed-deal (成交), logged. */
async function closeDeal(tx: Tx, contractId: number, state: ExamineState) {
  const changed = await queryRows<{ customer_id: number }>(
    tx,
    sql`update crm_customer c set deal_status = 1, is_lock = false, update_time = now()
        from crm_contract k where k.contract_id = ${contractId} and c.customer_id = k.customer_id
          and c.deal_status <> 1
        returning c.customer_id`,
  );
  const by = [...state.log].reverse().find((e) => e.userId !== undefined)?.userId ?? state.applicantId;
  if (changed.length)
    await logAction(tx, customerServerKind, [
      {
        recordId: Number(changed[0]!.customer_id),
        userId: by,
        action: 'dealStatus',
        changes: [{ field: 'dealStatus', name: '成交状态', before: '未成交', after: '已成交' }],
      },
    ]);
}

onSubjectChange('contract', (tx, record, state) => mirror(tx, 'contract', record.subjectId, record.id, state));
onSubjectChange('receivable', (tx, record, state) => mirror(tx, 'receivable', record.subjectId, record.id, state));

/** The viewer's part in a record's review: which actions the detail offers. */
export async function reviewInfo(db: Db, subject: ReviewSubject, subjectId: number, viewer: SessionUser) {
  const [record] = await db
    .select()
    .from(examineRecords)
    .where(and(eq(examineRecords.subjectType, subject), eq(examineRecords.subjectId, subjectId)));
  if (!record) return { recordId: null, status: null, canAudit: false, canWithdraw: false, chosen: false };
  const { state } = record;
  const canAudit = state.tasks.some(
    (t) => t.userId === viewer.userId && t.status === 'pending' && !t.superseded && t.round === state.round,
  );
  const open = state.status === ExamineStatus.pending || state.status === ExamineStatus.inProgress;
  const chosen = state.plan.length > 0 && state.plan.every((p) => p.origin === 'chosen' || p.origin === 'next');
  return {
    recordId: record.id,
    status: checkStatusOf(state.status),
    canAudit,
    canWithdraw: open && (state.applicantId === viewer.userId || viewer.isSuper),
    chosen,
  };
}

/** The engine record of a subject, for an action on it. */
export async function recordOf(db: Db, subject: ReviewSubject, subjectId: number): Promise<number> {
  const [record] = await db
    .select({ id: examineRecords.id })
    .from(examineRecords)
    .where(and(eq(examineRecords.subjectType, subject), eq(examineRecords.subjectId, subjectId)));
  if (!record) throw notFound('该记录没有审核流程');
  return record.id;
}

/**
 * The engine record the original client names by `recordId` beside the subject's id: only a
 * contract's or receivable's review of that very subject (an approval of another kind is refused).
 */
export async function reviewRecordOf(
  db: Db,
  recordId: number | undefined,
  subjectId: number,
): Promise<{ id: number; categoryType: 1 | 2 }> {
  if (recordId === undefined) throw badRequest('审批对象类型有误');
  const [record] = await db
    .select({ id: examineRecords.id, subjectType: examineRecords.subjectType })
    .from(examineRecords)
    .where(
      and(
        eq(examineRecords.id, recordId),
        eq(examineRecords.subjectId, subjectId),
        inArray(examineRecords.subjectType, ['contract', 'receivable']),
      ),
    );
  if (!record) throw notFound('该记录没有审核流程');
  return { id: record.id, categoryType: record.subjectType === 'contract' ? 1 : 2 };
}
