import {
  type ExamineFormDefinition,
  type ExamineFormDetail,
  ExamineFormMsg,
  type ExamineFormSubmitInput,
  type ExamineSaveResult,
} from '@crm/shared';
import { and, eq } from 'drizzle-orm';
import type { SessionUser } from '../../../auth/session.ts';
import { badRequest, notFound } from '../../../core/errors.ts';
import type { KindRegistry } from '../../../crm/records/registry.ts';
import type { Db } from '../../../db/client.ts';
import { listBatchRows } from '../../../files/repository.ts';
import type { FileStorage } from '../../../files/storage.ts';
import { findCategory } from '../category/repository.ts';
import { loadForViewer } from '../detail.ts';
import { persistApproval, usableCategory } from '../form.ts';
import { examineCategories } from '../tables.ts';
import { loadWrapper, storeOf } from './blocks.ts';

/** The type's system category, when the submit names none. */
async function systemCategoryId(db: Db, type: string): Promise<number> {
  const [row] = await db
    .select({ id: examineCategories.id })
    .from(examineCategories)
    .where(and(eq(examineCategories.type, type), eq(examineCategories.isDeleted, false)))
    .limit(1);
  if (!row) throw notFound(ExamineFormMsg.categoryUnavailable);
  return row.id;
}

/**
 * A dedicated type's submit call: the shared schema has checked the block (the route parsed it);
 * the approval and the type's rows are saved in one transaction and the flow starts.
 */
export async function submitExamineForm(
  db: Db,
  storage: FileStorage,
  kinds: KindRegistry,
  user: SessionUser,
  def: ExamineFormDefinition,
  input: ExamineFormSubmitInput,
): Promise<ExamineSaveResult> {
  const category = await usableCategory(db, user, input.oaExamine.categoryId ?? (await systemCategoryId(db, def.type)));
  if (category.type !== def.type) throw badRequest(ExamineFormMsg.categoryUnavailable);
  const store = storeOf(def.type);
  const model = input[def.modelKey];
  // The type's own fields of oaExamine (the additional order's task), as the schema parsed them.
  const wrapper = Object.fromEntries(Object.keys(def.wrapper?.() ?? {}).map((k) => [k, input.oaExamine[k]]));
  return persistApproval(db, storage, kinds, user, {
    category,
    examineId: input.oaExamine.examineId,
    batchId: input.oaExamine.batchId,
    content: input.oaExamine.content || category.title,
    remark: store.remark?.(model) ?? '',
    values: {},
    relation: input.oaExamineRelation as Record<string, number[]>,
    checkUserIds: input.checkUserId,
    ccUserIds: input.ccUserId,
    removedFileIds: input.removedFileIds,
    saveBlock: (tx, examineId) => store.save(tx, { examineId, userId: user.userId, user, wrapper, kinds }, model),
    block: model,
    imagesRequired: def.imagesRequired,
  });
}

/** A dedicated type's detail loader: only those who may see the approval, only of that type. */
export async function examineFormDetail(
  db: Db,
  user: SessionUser,
  def: ExamineFormDefinition,
  examineId: number,
): Promise<ExamineFormDetail> {
  const { form } = await loadForViewer(db, examineId, user);
  const category = await findCategory(db, form.categoryId);
  if (category?.type !== def.type) throw notFound(ExamineFormMsg.notFound);
  const files = form.batchId ? await listBatchRows(db, form.batchId) : [];
  return {
    examineId: form.id,
    content: form.content,
    batchId: form.batchId,
    model: await storeOf(def.type).load(db, form.id, form.remark, user),
    oaExamine: await loadWrapper(db, def.type, form.id),
    imgs: files
      .filter((f) => !f.info.staged)
      .map((f) => ({ fileId: f.info.fileId, name: f.info.name, url: f.info.url, filePath: f.info.url })),
  };
}
