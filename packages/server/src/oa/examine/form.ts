import {
  canStartFrom,
  ExamineFormMsg,
  type ExamineSaveResult,
  examineFormOf,
  type Flow,
  firstFieldError,
  normalizeFieldValues,
  type OaExamineSaveInput,
} from '@crm/shared';
import { and, eq } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest, forbidden, notFound } from '../../core/errors.ts';
import type { KindRegistry } from '../../crm/records/registry.ts';
import type { Db, Tx } from '../../db/client.ts';
import { files } from '../../db/schema.ts';
import { removeStored, syncOwnedFiles } from '../../files/attach.ts';
import type { FileStorage } from '../../files/storage.ts';
import {
  type CategoryRow,
  type CategoryWithFields,
  categoryWithFields,
  findCategory,
  visibleCategories,
} from './category/repository.ts';
import { conditionFacts } from './conditions.ts';
import { OA_EXAMINE_FILES } from './file-owner.ts';
import { activeUsers, requireActiveUsers } from './people-check.ts';
import { startProcess } from './process.ts';
import { checkRelation } from './relation-check.ts';
import { recordReviewTypes } from './system-categories.ts';
import { oaExamines } from './tables.ts';

/** Whether the approval keeps any file once this save's uploads and removals are applied. */
async function hasAttachments(tx: Tx, examineId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.ownerKind, OA_EXAMINE_FILES), eq(files.ownerId, examineId)))
    .limit(1);
  return row !== undefined;
}

/** The flow an approval of this category follows, with the applicant's chosen approvers. */
export function flowOf(category: CategoryRow, chosen: number[]): Flow {
  if (category.examineType === 1) return { examineType: 1, steps: category.steps };
  // No approver at all (approvals §5 General, §8); an empty level is the form's 审批人不能为空.
  if (chosen.length === 0) throw badRequest(ExamineFormMsg.noApprover);
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
  return normalizeFieldValues(category.fields, values);
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

/** The category a save names, refused when it is disabled or not visible to the applicant. */
export async function usableCategory(db: Db, user: SessionUser, categoryId: number): Promise<CategoryWithFields> {
  const visible = await visibleCategories(db, user.userId, user.deptId);
  const row = visible.find((c) => c.id === categoryId) ?? (await findCategory(db, categoryId));
  if (!row) throw notFound(ExamineFormMsg.categoryUnavailable);
  if (!visible.some((c) => c.id === categoryId) || recordReviewTypes.includes(row.type))
    throw badRequest(ExamineFormMsg.categoryUnavailable);
  return categoryWithFields(db, row);
}

/** What a save stores: the approval's own columns, the people, and the type's rows (if any). */
export type ApprovalDraft = {
  category: CategoryWithFields;
  examineId?: number;
  batchId: string;
  content: string;
  remark: string;
  values: Record<string, unknown>;
  relation: Record<string, number[]>;
  checkUserIds: number[];
  ccUserIds: number[];
  removedFileIds: number[];
  /** Attachment batches beyond the approval's own (file fields, expense rows). */
  extraBatches?: string[];
  /** A dedicated type's rows, written in the same transaction once the approval's id is known. */
  saveBlock?: (tx: Tx, examineId: number) => Promise<void>;
  /** The dedicated type's checked block, read by its conditional steps' facts. */
  block?: unknown;
  /** The type needs at least one image among the approval's attachments (请上传图片后再操作). */
  imagesRequired?: boolean;
};

/**
 * Create or update-and-resubmit an approval: every save call (the generic form's and each
 * dedicated type's) ends here. The category's copy recipients are a floor (the applicant may add
 * more, never drop them, as in DingTalk); the attachments uploaded while filling the form join
 * the approval here, in the same transaction.
 */
export async function persistApproval(
  db: Db,
  storage: FileStorage,
  kinds: KindRegistry,
  user: SessionUser,
  draft: ApprovalDraft,
): Promise<ExamineSaveResult> {
  const { category, batchId } = draft;
  const categoryId = category.id;
  const flow = flowOf(category, draft.checkUserIds);
  const relation = Object.fromEntries(Object.entries(draft.relation).filter(([, ids]) => ids && ids.length > 0));
  const form = {
    categoryId,
    content: draft.content,
    remark: draft.remark,
    batchId,
    values: draft.values,
    relation: relation as Record<string, number[]>,
    checkUserIds: draft.checkUserIds,
  };

  const examineId = draft.examineId;
  if (!examineId && batchId) {
    const [dup] = await db
      .select({ id: oaExamines.id, recordId: oaExamines.recordId, status: oaExamines.status })
      .from(oaExamines)
      .where(and(eq(oaExamines.createUserId, user.userId), eq(oaExamines.batchId, batchId)));
    if (dup) return { examineId: dup.id, recordId: dup.recordId ?? 0, status: dup.status };
  }

  const { result, removedKeys } = await db.transaction(async (tx) => {
    await requireActiveUsers(tx, [...draft.checkUserIds, ...draft.ccUserIds]);
    // A recipient the administrator set who has since left cannot read it: the floor skips them.
    const ccUserIds = [...new Set([...(await activeUsers(tx, category.ccUserIds)), ...draft.ccUserIds])];
    let id: number;
    let savedBatch = batchId;
    if (examineId) {
      const [row] = await tx.select().from(oaExamines).where(eq(oaExamines.id, examineId)).for('update');
      if (!row || row.isDeleted) throw notFound(ExamineFormMsg.notFound);
      if (row.createUserId !== user.userId) throw forbidden();
      if (row.categoryId !== categoryId) throw badRequest(ExamineFormMsg.categoryUnavailable);
      if (!canStartFrom('resubmit', row.status)) throw badRequest(ExamineFormMsg.notEditable);
      await checkRelation(tx, kinds, user, form.relation, row.relation);
      savedBatch = batchId || row.batchId;
      await tx
        .update(oaExamines)
        .set({ ...form, ccUserIds, batchId: savedBatch, updatedAt: new Date() })
        .where(eq(oaExamines.id, examineId));
      id = examineId;
    } else {
      await checkRelation(tx, kinds, user, form.relation);
      const [row] = await tx
        .insert(oaExamines)
        .values({ ...form, ccUserIds, createUserId: user.userId })
        .onConflictDoNothing()
        .returning({ id: oaExamines.id });
      // A concurrent twin of this batch (a double click) was stored first: answer it.
      if (!row) {
        const [twin] = await tx
          .select({ id: oaExamines.id, recordId: oaExamines.recordId, status: oaExamines.status })
          .from(oaExamines)
          .where(and(eq(oaExamines.createUserId, user.userId), eq(oaExamines.batchId, batchId)));
        return {
          result: { examineId: twin!.id, recordId: twin!.recordId ?? 0, status: twin!.status },
          removedKeys: [],
        };
      }
      id = row.id;
    }
    await draft.saveBlock?.(tx, id);
    const removedKeys = await syncOwnedFiles(
      tx,
      { kind: OA_EXAMINE_FILES, id },
      {
        uploaderId: user.userId,
        batchIds: [savedBatch, ...(draft.extraBatches ?? [])].filter(Boolean),
        removedIds: draft.removedFileIds,
      },
    );
    if (draft.imagesRequired && !(await hasAttachments(tx, id))) throw badRequest(ExamineFormMsg.imagesRequired);
    const { recordId, state } = await startProcess(tx, {
      subjectType: 'oa',
      subjectId: id,
      categoryId,
      applicantId: user.userId,
      flow,
      ccUserIds,
      facts: await conditionFacts(tx, category, user, draft.values, draft.block),
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

/** The generic form's one save call (`setOaExamine`): a custom category's fields, or 普通审批. */
export async function saveOaExamine(
  db: Db,
  storage: FileStorage,
  kinds: KindRegistry,
  user: SessionUser,
  input: OaExamineSaveInput,
): Promise<ExamineSaveResult> {
  const category = await usableCategory(db, user, input.oaExamine.categoryId);
  // A dedicated type's rows come only through its own submit call (普通审批 has none of its own).
  if (category.type !== 'general' && examineFormOf(category.type)) throw badRequest(ExamineFormMsg.useOwnForm);
  const { content, remark } = formContent(category, input);
  const values = fieldValues(category, input);
  return persistApproval(db, storage, kinds, user, {
    category,
    examineId: input.oaExamine.examineId,
    batchId: input.oaExamine.batchId,
    content,
    remark,
    values,
    relation: input.oaExamineRelation as Record<string, number[]>,
    checkUserIds: input.checkUserId,
    ccUserIds: input.ccUserId,
    removedFileIds: input.removedFileIds,
    extraBatches: batchesOf(category, '', values),
  });
}
