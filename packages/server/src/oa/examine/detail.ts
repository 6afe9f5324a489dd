import { ExamineFormMsg, type ExamineState, type Person, permittedActions } from '@crm/shared';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { notFound } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import { timeText } from '../../core/times.ts';
import type { Db } from '../../db/client.ts';
import { people } from '../../org/names.ts';
import { categoryFields, findCategory } from './category/repository.ts';
import { loadModel, loadWrapper } from './forms/blocks.ts';
import { originalFields } from './original-view.ts';
import { examineComments, examineCopies, examineRecords, oaExamines } from './tables.ts';
import { requireVisible } from './visibility.ts';

/** Load an approval's form and process, refusing viewers who may not see it. */
export async function loadForViewer(db: Db, examineId: number, viewer: SessionUser) {
  const [form] = await db
    .select()
    .from(oaExamines)
    .where(and(eq(oaExamines.id, examineId), eq(oaExamines.isDeleted, false)));
  if (!form?.recordId) throw notFound(ExamineFormMsg.notFound);
  const [record] = await db.select().from(examineRecords).where(eq(examineRecords.id, form.recordId));
  if (!record) throw notFound(ExamineFormMsg.notFound);
  await requireVisible(db, record.id, record.state, viewer);
  return { form, record };
}

/** The flow of the current round as a timeline: each step with its tasks. */
export function timeline(state: ExamineState, names: Map<number, Person>) {
  const person = (id: number | undefined) => (id === undefined ? null : (names.get(id) ?? null));
  return state.plan.map((step) => ({
    stepId: step.id,
    kind: step.kind,
    mode: step.mode,
    origin: step.origin,
    isCurrent: step.id === state.current,
    skipped: step.skip === 'conditionUnmet',
    // The people a step names (或签/会签, chosen or added approvers), shown before the step starts.
    users: step.userIds.map((id) => person(id)).filter((p): p is Person => p !== null),
    tasks: state.tasks
      .filter((t) => t.round === state.round && t.stepId === step.id)
      .map((t) => ({
        seq: t.seq,
        user: person(t.userId),
        status: t.status,
        reason: t.reason ?? null,
        remarks: t.remarks ?? null,
        from: person(t.fromUserId),
        superseded: t.superseded,
      })),
  }));
}

export async function examineDetail(db: Db, examineId: number, viewer: SessionUser) {
  const { form, record } = await loadForViewer(db, examineId, viewer);
  const state = record.state;
  const [category, fields, copies, comments, acted] = await Promise.all([
    findCategory(db, form.categoryId),
    categoryFields(db, form.categoryId),
    db.select().from(examineCopies).where(eq(examineCopies.recordId, record.id)),
    db.select().from(examineComments).where(eq(examineComments.recordId, record.id)).orderBy(asc(examineComments.id)),
    queryRows<{ seq: number; create_time: string }>(
      db,
      sql`select seq, create_time from examine_log where record_id = ${record.id}`,
    ),
  ]);
  // A copy recipient opening it marks it read.
  if (copies.some((c) => c.userId === viewer.userId && !c.readAt)) {
    await db
      .update(examineCopies)
      .set({ readAt: new Date() })
      .where(
        and(
          eq(examineCopies.recordId, record.id),
          eq(examineCopies.userId, viewer.userId),
          isNull(examineCopies.readAt),
        ),
      );
  }
  const names = await people(db, [
    state.applicantId,
    ...state.plan.flatMap((p) => p.userIds),
    ...state.tasks.flatMap((t) => [t.userId, t.fromUserId]),
    ...state.log.flatMap((e) => [e.userId, ...(e.targetIds ?? [])]),
    ...copies.map((c) => c.userId),
    ...comments.map((c) => c.userId),
  ]);
  const times = new Map(acted.map((a) => [Number(a.seq), timeText(a.create_time)!]));
  // Someone no longer found still shows as a person (the contract's shape), with no name.
  const personOf = (id: number): Person => names.get(id) ?? { userId: id, realname: '', img: '', deptName: '' };
  const permitted = permittedActions(state, viewer);
  const facts = { examineId: form.id, recordId: record.id, batchId: form.batchId, relation: form.relation };
  const { permission: _rowActions, ...original } = (
    await originalFields(db, [{ ...facts, createUserId: form.createUserId, status: record.status }], viewer)
  ).get(form.id)!;
  const here = state.plan.findIndex((p) => p.id === state.current);
  return {
    examineId: form.id,
    recordId: record.id,
    categoryId: form.categoryId,
    categoryTitle: category?.title ?? '',
    categoryType: category?.type ?? 'custom',
    examineType: category?.examineType ?? 2,
    icon: category?.icon ?? 1,
    fields: category ? fields : [],
    content: form.content,
    detail: form.remark,
    batchId: form.batchId,
    values: form.values,
    model: await loadModel(db, category?.type, form.id, form.remark, viewer),
    oaExamine: await loadWrapper(db, category?.type, form.id),
    relation: form.relation,
    status: record.status,
    round: state.round,
    // The first submission; submitTime is the latest (the history has each one).
    createTime: form.createdAt,
    submitTime: form.submittedAt,
    updateTime: form.updatedAt,
    createUser: names.get(state.applicantId) ?? null,
    checkUsers: form.checkUserIds.map((id) => personOf(id)),
    ccUsers: copies.map((c) => ({
      ...personOf(c.userId),
      read: c.readAt !== null || c.userId === viewer.userId,
    })),
    flow: timeline(state, names),
    currentStepId: state.current,
    returnableSteps: permitted.returnTo
      ? state.plan
          .slice(0, Math.max(here, 0))
          .filter((p) =>
            state.tasks.some(
              (t) => t.round === state.round && t.stepId === p.id && !t.superseded && t.status === 'approved',
            ),
          )
          .map((p) => p.id)
      : [],
    history: state.log.map((e) => ({
      seq: e.seq,
      round: e.round,
      stepId: e.stepId,
      kind: e.kind,
      user: e.userId === null ? null : (names.get(e.userId) ?? null),
      reason: e.reason ?? null,
      remarks: e.remarks ?? null,
      targets: (e.targetIds ?? []).map((id) => names.get(id)?.realname ?? ''),
      status: e.status ?? null,
      time: times.get(e.seq) ?? null,
    })),
    comments: comments.map((c) => ({
      commentId: c.id,
      user: names.get(c.userId) ?? null,
      content: c.content,
      createTime: c.createdAt,
    })),
    permitted,
    // The original client's names of the same facts (original-view.ts).
    ...original,
    createtime: form.createdAt.toISOString(),
    causeTitle: form.content,
    category: category?.title ?? '',
    type: category?.type ?? 'custom',
    examineTravelList: [],
  };
}
