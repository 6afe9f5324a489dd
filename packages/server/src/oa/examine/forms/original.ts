import {
  type ExamineFormSubmitInput,
  type ExamineSaveResult,
  examineFormOf,
  examineFormSubmitSchema,
  type OaExamineSaveInput,
  originalForms,
} from '@crm/shared';
import type { SessionUser } from '../../../auth/session.ts';
import { parseInput } from '../../../core/route.ts';
import type { KindRegistry } from '../../../crm/records/registry.ts';
import type { Db } from '../../../db/client.ts';
import type { FileStorage } from '../../../files/storage.ts';
import { findCategory } from '../category/repository.ts';
import { submitExamineForm } from './submit.ts';

/**
 * The original client saves every category through `setOaExamine`, a dedicated type's fixed
 * fields inside `oaExamine` and its 费用明细 in `oaExamineTravelList` (issue 20). One declared
 * mapping per type (shared `approval-forms/original.ts`) reads them as the type's block; the
 * block is then checked and saved exactly as the type's own submit call does. Answers the saved
 * approval, or null when the category is not a dedicated type with a mapping.
 */
export async function saveOriginalForm(
  db: Db,
  storage: FileStorage,
  kinds: KindRegistry,
  user: SessionUser,
  input: OaExamineSaveInput,
): Promise<ExamineSaveResult | null> {
  const category = await findCategory(db, input.oaExamine.categoryId);
  const def = category ? examineFormOf(category.type) : undefined;
  const mapping = def ? originalForms[def.type] : undefined;
  if (!def || !mapping) return null;
  const o = input.oaExamine as Record<string, unknown>;
  const body = {
    oaExamine: { categoryId: o.categoryId, examineId: o.examineId, batchId: o.batchId, content: o.content },
    [def.modelKey]: mapping.toBlock(o, input.oaExamineTravelList),
    checkUserId: input.checkUserId,
    ccUserId: input.ccUserId,
  };
  const parsed = parseInput(examineFormSubmitSchema(def), body) as ExamineFormSubmitInput;
  return submitExamineForm(db, storage, kinds, user, def, parsed);
}
