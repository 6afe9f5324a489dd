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
import { removeStored, syncOwnedFiles } from '../../files/attach.ts';
import type { FileStorage } from '../../files/storage.ts';
import {
  type CategoryRow,
  type CategoryWithFields,
  categoryWithFields,
  findCategory,
  visibleCategories,
} from './category/repository.ts';
import { OA_EXAMINE_FILES } from './file-owner.ts';
import { activeUsers, requireActiveUsers } from './people-check.ts';
import { startProcess } from './process.ts';
import { checkRelation } from './relation-check.ts';
import { recordReviewTypes } from './system-categories.ts';
import { oaExamines } from './tables.ts';

/** The flow an approval of this category follows, with the applicant's chosen approvers. */
export function flowOf(category: CategoryRow, chosen: number[]): Flow {
  if (category.examineType === 1) return { examineType: 1, steps: category.steps };
  if (chosen.length === 0) throw badRequest(ExamineFormMsg.approverRequired);
  return { examineType: 2, approverIds: chosen };
}

/** Values of the custom fields by key, checked against the category's field rules. */
function fieldValues(category: CategoryWithFields, input: OaExamineSaveInput): Record<string, unknown> {
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

/** Every attachment batch a saved form names: its own, each file field's, each expense row's. */
export function batchesOf(category: CategoryWithFields, batchId: string, values: Record<string, unknown>): string[] {
  const batches = [batchId];
  for (const f of category.fields) {
    const v = f.fieldName ? values[f.fieldName] : undefined;
    if (f.formType === 'file' && typeof v === 'string') batches.push(v);
    if (f.formType === 'examine_cause' && Array.isArray(v)) {
      for (const row of v) if (typeof row?.batchId === 'string') batches.push(row.batchId);
    }
  }
  return batches.filter(Boolean);
}

/**
 * Create or update-and-resubmit an approval: the generic form's one save call. The category's
 * copy recipients are a floor (the applicant may add more, never drop them, as in DingTalk); the
 * attachments uploaded while filling the form join the approval here, in the same transaction.
 */
export async function saveOaExamine(
  db: Db,
  storage: FileStorage,
  user: SessionUser,
  input: OaExamineSaveInput,
): Promise<ExamineSaveResult> {
  const categoryId = input.oaExamine.categoryId;
  const visible = await visibleCategories(db, user.userId, user.deptId);
  const row = visible.find((c) => c.id === categoryId) ?? (await findCategory(db, categoryId));
  if (!row) throw notFound(ExamineFormMsg.categoryUnavailable);
  if (!visible.some((c) => c.id === categoryId) || recordReviewTypes.includes(row.type))
    throw badRequest(ExamineFormMsg.categoryUnavailable);
  const category = await categoryWithFields(db, row);

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

  const { result, removedKeys } = await db.transaction(async (tx) => {
    await requireActiveUsers(tx, [...input.checkUserId, ...input.ccUserId]);
    // A recipient the administrator set who has since left cannot read it: the floor skips them.
    const ccUserIds = [...new Set([...(await activeUsers(tx, category.ccUserIds)), ...input.ccUserId])];
    let id: number;
    let savedBatch = batchId;
    if (examineId) {
      const [row] = await tx.select().from(oaExamines).where(eq(oaExamines.id, examineId)).for('update');
      if (!row || row.isDeleted) throw notFound(ExamineFormMsg.notFound);
      if (row.createUserId !== user.userId) throw forbidden();
      if (!canStartFrom('resubmit', row.status)) throw badRequest(ExamineFormMsg.notEditable);
      await checkRelation(tx, user, form.relation, row.relation);
      savedBatch = batchId || row.batchId;
      await tx
        .update(oaExamines)
        .set({ ...form, ccUserIds, batchId: savedBatch, updatedAt: new Date() })
        .where(eq(oaExamines.id, examineId));
      id = examineId;
    } else {
      await checkRelation(tx, user, form.relation);
      const [row] = await tx
        .insert(oaExamines)
        .values({ ...form, ccUserIds, createUserId: user.userId })
        .returning({ id: oaExamines.id });
      id = row!.id;
    }
    const removedKeys = await syncOwnedFiles(
      tx,
      { kind: OA_EXAMINE_FILES, id },
      { uploaderId: user.userId, batchIds: batchesOf(category, savedBatch, values), removedIds: input.removedFileIds },
    );
    const { recordId, state } = await startProcess(tx, {
      subjectType: 'oa',
      subjectId: id,
      categoryId,
      applicantId: user.userId,
      flow,
      ccUserIds,
    });
    // A resubmission moves the submission time the lists show; the history keeps the first.
    await tx
      .update(oaExamines)
      .set({ status: state.status, recordId, submittedAt: new Date() })
      .where(eq(oaExamines.id, id));
    return { result: { examineId: id, recordId, status: state.status }, removedKeys };
  });
  await removeStored(storage, removedKeys);
  return result;
}
