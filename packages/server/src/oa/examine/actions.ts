import { type Action, canStartFrom, ExamineFormMsg } from '@crm/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { notifyBadges } from '../../core/badges.ts';
import { badRequest, forbidden, notFound } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import type { Db } from '../../db/client.ts';
import { applyAction, type OnChange } from './process.ts';
import type { SubjectRegistry } from './subjects.ts';
import { examineComments, examineRecords, examineUrges, oaExamines } from './tables.ts';
import { requireVisible } from './visibility.ts';

/**
 * What happens in the action's transaction besides the process: an OA form keeps its status (read by
 * list filters) in step; any other subject does what its feature registered in this app
 * (subjects.ts). A process whose subject no feature of this app registered is not acted on, as its
 * subject would no longer follow it.
 */
const onChangeIn =
  (subjects: SubjectRegistry): OnChange =>
  async (tx, record, state) => {
    if (record.subjectType !== 'oa') {
      const subject = subjects.of(record.subjectType);
      if (!subject) throw badRequest('审批对象类型有误');
      return subject.onChange(tx, record, state);
    }
    await tx
      .update(oaExamines)
      .set({ status: state.status, updatedAt: new Date() })
      .where(eq(oaExamines.id, record.subjectId));
  };

/** One person's action on a process, its subject following in the same transaction. */
export async function examineAction(db: Db, subjects: SubjectRegistry, recordId: number, action: Action) {
  const state = await applyAction(db, recordId, action, onChangeIn(subjects));
  return { status: state.status };
}

async function visibleRecord(db: Db, recordId: number, viewer: SessionUser) {
  const [record] = await db.select().from(examineRecords).where(eq(examineRecords.id, recordId));
  if (!record) throw notFound(ExamineFormMsg.notFound);
  await requireVisible(db, record.id, record.state, viewer);
  return record;
}

/** 催办: the applicant nudges the current approvers, at most once an hour. */
export async function urge(db: Db, recordId: number, viewer: SessionUser) {
  const record = await visibleRecord(db, recordId, viewer);
  if (record.applicantId !== viewer.userId) throw forbidden();
  if (!canStartFrom('urge', record.status)) throw badRequest(ExamineFormMsg.urgeState);
  return db.transaction(async (tx) => {
    // Lock the record so two clicks cannot both pass the hourly check.
    await tx
      .select({ id: examineRecords.id })
      .from(examineRecords)
      .where(eq(examineRecords.id, recordId))
      .for('update');
    const [last] = await tx
      .select({ at: examineUrges.createdAt })
      .from(examineUrges)
      .where(eq(examineUrges.recordId, recordId))
      .orderBy(desc(examineUrges.createdAt))
      .limit(1);
    if (last && Date.now() - last.at.getTime() < 3600_000) throw badRequest(ExamineFormMsg.urgeTooOften);
    await tx.insert(examineUrges).values({ recordId, userId: viewer.userId });
    return null;
  });
}

export async function comment(db: Db, recordId: number, viewer: SessionUser, content: string) {
  await visibleRecord(db, recordId, viewer);
  const [row] = await db
    .insert(examineComments)
    .values({ recordId, userId: viewer.userId, content })
    .returning({ id: examineComments.id });
  return { commentId: row!.id };
}

/** The applicant deletes an approval that is not under way or approved; a super admin any. */
export async function deleteExamine(db: Db, examineId: number, viewer: SessionUser) {
  const [form] = await db
    .select()
    .from(oaExamines)
    .where(and(eq(oaExamines.id, examineId), eq(oaExamines.isDeleted, false)));
  if (!form) throw notFound(ExamineFormMsg.notFound);
  if (!viewer.isSuper) {
    if (form.createUserId !== viewer.userId) throw forbidden();
    if (!canStartFrom('delete', form.status)) throw badRequest(ExamineFormMsg.notDeletable);
  }
  // Soft delete: every list and count joins the form and skips deleted ones, so it leaves all to-do lists.
  await db.transaction(async (tx) => {
    await tx.update(oaExamines).set({ isDeleted: true, updatedAt: new Date() }).where(eq(oaExamines.id, examineId));
    // Whoever it waited for loses it from their count (live badges).
    const waiting = await queryRows<{ user_id: number }>(
      tx,
      sql`select distinct t.user_id from examine_task t join examine_record r on r.record_id = t.record_id
          where r.subject_type = 'oa' and r.subject_id = ${examineId} and t.status = 'pending' and not t.superseded`,
    );
    await notifyBadges(
      tx,
      waiting.map((w) => w.user_id),
      ['oa'],
    );
  });
  return null;
}
