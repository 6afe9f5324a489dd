import { ExamineStatus, expenseKinds, ReimbursementMsg } from '@crm/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../../auth/session.ts';
import { badRequest, notFound } from '../../../core/errors.ts';
import { queryRows } from '../../../core/sql.ts';
import type { Db } from '../../../db/client.ts';
import { people } from '../../../org/names.ts';
import { findCategory } from '../category/repository.ts';
import { loadForViewer } from '../detail.ts';
import { oaExamineExpenseLines } from '../forms/tables.ts';
import { examineRecords, oaExamines } from '../tables.ts';

const isExpense = (type: string | undefined): boolean => type !== undefined && type in expenseKinds;

/**
 * Who may make or manage a claim's links: whoever may see the approval; the claim must be of the
 * expense family and approved (a link to a pending claim would show figures that may still change).
 */
export async function checkClaimForLinks(db: Db, examineId: number, viewer: SessionUser) {
  const { form, record } = await loadForViewer(db, examineId, viewer);
  const category = await findCategory(db, form.categoryId);
  if (!isExpense(category?.type)) throw badRequest(ReimbursementMsg.notExpense);
  if (record.status !== ExamineStatus.approved) throw badRequest(ReimbursementMsg.notApproved);
  return { examineId };
}

/** The claim as the open page prints it: only what a finance check needs, no comments or copies. */
export async function reimbursementClaim(db: Db, examineId: number) {
  const [form] = await db
    .select()
    .from(oaExamines)
    .where(and(eq(oaExamines.id, examineId), eq(oaExamines.isDeleted, false)));
  const [record] = form?.recordId
    ? await db.select().from(examineRecords).where(eq(examineRecords.id, form.recordId))
    : [];
  const category = form ? await findCategory(db, form.categoryId) : undefined;
  // Deleted, withdrawn after the link, or no longer an expense: the link shows nothing.
  if (!form || !record || record.status !== ExamineStatus.approved || !isExpense(category?.type))
    throw notFound(ReimbursementMsg.notFound);
  const lines = await db
    .select()
    .from(oaExamineExpenseLines)
    .where(eq(oaExamineExpenseLines.examineId, examineId))
    .orderBy(asc(oaExamineExpenseLines.seq));
  const state = record.state;
  const acted = state.log.filter((e) => e.kind === 'approve' && e.userId !== null);
  const times = await queryRows<{ seq: number; create_time: string }>(
    db,
    sql`select seq, create_time from examine_log where record_id = ${record.id}`,
  );
  const when = new Map(times.map((r) => [Number(r.seq), r.create_time]));
  const names = await people(db, [state.applicantId, ...acted.map((e) => e.userId)]);
  const applicant = names.get(state.applicantId);
  return {
    examineId,
    categoryTitle: category?.title ?? '',
    kind: category?.type ?? '',
    content: form.content,
    remark: form.remark,
    applicant: applicant?.realname ?? '',
    deptName: applicant?.deptName ?? '',
    createTime: form.createdAt,
    total: Math.round(lines.reduce((s, l) => s + Math.round(l.money * 100), 0)) / 100,
    lines: lines.map((l) => ({
      seq: l.seq,
      startDate: l.startDate,
      endDate: l.endDate,
      description: l.description,
      vehicle: l.vehicle,
      endAddress: l.endAddress,
      payee: l.payee,
      bankAccount: l.bankAccount,
      bankDeposit: l.bankDeposit,
      money: l.money,
    })),
    approvals: acted.map((e) => ({
      realname: names.get(e.userId!)?.realname ?? '',
      action: '同意',
      remarks: e.remarks ?? '',
      time: when.get(e.seq) ?? null,
    })),
  };
}
