import {
  canStartFrom,
  ExamineFormMsg,
  type ExamineSaveResult,
  type Flow,
  firstFieldError,
  type OaExamineSaveInput,
} from '@crm/shared';
import { and, eq } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest, forbidden, notFound } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { type CategoryRow, findCategory, visibleCategories } from './category/repository.ts';
import { requireActiveUsers } from './people-check.ts';
import { startProcess } from './process.ts';
import { oaExamines } from './tables.ts';

/** The flow an approval of this category follows, with the applicant's chosen approvers. */
export function flowOf(category: CategoryRow, chosen: number[]): Flow {
  if (category.examineType === 1) return { examineType: 1, steps: category.steps };
  if (chosen.length === 0) throw badRequest(ExamineFormMsg.approverRequired);
  return { examineType: 2, approverIds: chosen };
}

/** Values of the custom fields by key, checked against the category's field rules. */
function fieldValues(category: CategoryRow, input: OaExamineSaveInput): Record<string, unknown> {
  const byId = new Map(category.fields.map((f) => [f.fieldId, f.fieldName]));
  const values: Record<string, unknown> = {};
  for (const f of input.field) {
    const key = f.fieldName ?? (f.fieldId !== undefined ? byId.get(f.fieldId) : undefined);
    if (key && category.fields.some((d) => d.fieldName === key)) values[key] = f.value;
  }
  const msg = firstFieldError(category.fields, values);
  if (msg) throw badRequest(msg);
  return values;
}

function formContent(category: CategoryRow, input: OaExamineSaveInput) {
  const content = input.oaExamine.content.trim();
  const detail = input.oaExamine.detail.trim();
  if (category.type === 'general') {
    if (!content) throw badRequest(ExamineFormMsg.contentRequired);
    if (!detail) throw badRequest(ExamineFormMsg.detailRequired);
  }
  return { content: content || category.title, remark: detail };
}

/** Create or update-and-resubmit an approval: the generic form's one save call. */
export async function saveOaExamine(db: Db, user: SessionUser, input: OaExamineSaveInput): Promise<ExamineSaveResult> {
  const categoryId = input.oaExamine.categoryId;
  const visible = await visibleCategories(db, user.userId, user.deptId);
  const category = visible.find((c) => c.id === categoryId) ?? (await findCategory(db, categoryId));
  if (!category) throw notFound(ExamineFormMsg.categoryUnavailable);
  if (!visible.some((c) => c.id === categoryId)) throw badRequest(ExamineFormMsg.categoryUnavailable);

  const { content, remark } = formContent(category, input);
  const values = fieldValues(category, input);
  const flow = flowOf(category, input.checkUserId);
  const batchId = input.oaExamine.batchId;
  const relation = Object.fromEntries(
    Object.entries(input.oaExamineRelation).filter(([, ids]) => ids && ids.length > 0),
  );
  const form = {
    categoryId,
    content,
    remark,
    batchId,
    values,
    relation: relation as Record<string, number[]>,
    ccUserIds: input.ccUserId,
    checkUserIds: input.checkUserId,
  };

  const examineId = input.oaExamine.examineId;
  if (!examineId && batchId) {
    const [dup] = await db
      .select({ id: oaExamines.id, recordId: oaExamines.recordId, status: oaExamines.status })
      .from(oaExamines)
      .where(and(eq(oaExamines.createUserId, user.userId), eq(oaExamines.batchId, batchId)));
    if (dup) return { examineId: dup.id, recordId: dup.recordId ?? 0, status: dup.status };
  }

  return db.transaction(async (tx) => {
    await requireActiveUsers(tx, [...input.checkUserId, ...input.ccUserId]);
    let id: number;
    if (examineId) {
      const [row] = await tx.select().from(oaExamines).where(eq(oaExamines.id, examineId)).for('update');
      if (!row || row.isDeleted) throw notFound(ExamineFormMsg.notFound);
      if (row.createUserId !== user.userId) throw forbidden();
      if (!canStartFrom('resubmit', row.status)) throw badRequest(ExamineFormMsg.notEditable);
      await tx
        .update(oaExamines)
        .set({ ...form, batchId: batchId || row.batchId, updatedAt: new Date() })
        .where(eq(oaExamines.id, examineId));
      id = examineId;
    } else {
      const [row] = await tx
        .insert(oaExamines)
        .values({ ...form, createUserId: user.userId })
        .returning({ id: oaExamines.id });
      id = row!.id;
    }
    const { recordId, state } = await startProcess(tx, {
      subjectType: 'oa',
      subjectId: id,
      categoryId,
      applicantId: user.userId,
      flow,
      ccUserIds: input.ccUserId,
    });
    await tx.update(oaExamines).set({ status: state.status, recordId }).where(eq(oaExamines.id, id));
    return { examineId: id, recordId, status: state.status };
  });
}
