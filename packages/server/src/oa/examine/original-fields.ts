import {
  ExamineCategoryMsg,
  ExamineFormMsg,
  examineFormOf,
  type OriginalFixedField,
  originalForms,
  originalGeneralFields,
} from '@crm/shared';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import type { StoredField } from '../../fields/store.ts';
import { people } from '../../org/names.ts';
import { type CategoryRow, categoryFields, requireCategory, requireVisibleCategory } from './category/repository.ts';
import { loadForViewer } from './detail.ts';
import { loadModel } from './forms/blocks.ts';

/**
 * The approval form of the original WuKong 9.0 client (issue 20): `field/queryField {label: 10,
 * id}` answers a category's fields as that form renders them (the type's fixed fields, declared
 * in shared `approval-forms/original.ts`, then the category's custom fields), and
 * `OaExamine/getField` the same fields of a saved approval with their values, for editing.
 */
const fixed = (f: OriginalFixedField) => ({
  fieldId: 0,
  fieldName: f.fieldName,
  name: f.name,
  formType: f.formType,
  fieldType: 1 as const,
  isNull: f.isNull,
  isUnique: 0,
  options: [...(f.setting ?? [])],
  setting: [...(f.setting ?? [])],
  defaultValue: '',
  inputTips: '',
  maxLength: undefined,
  authLevel: 3 as const,
});
const custom = (f: StoredField) => ({
  ...f,
  setting: f.options ?? [],
  defaultValue: f.defaultValue ?? '',
  authLevel: 3 as const,
});

/** The category's fixed fields in the original's form; a type it cannot fill is refused. */
function fixedFieldsOf(category: CategoryRow): OriginalFixedField[] {
  const def = examineFormOf(category.type);
  if (!def || def.type === 'general') return originalGeneralFields(def !== undefined);
  const form = originalForms[def.type];
  if (!form) throw badRequest(ExamineFormMsg.useOwnForm);
  return form.fields;
}

/** `field/queryField {label: 10, id}`: the fields of a category the user may use. */
export async function originalCategoryFields(db: Db, user: SessionUser, categoryId: number | undefined) {
  if (categoryId === undefined) throw notFound(ExamineCategoryMsg.notFound);
  const category = await requireVisibleCategory(db, categoryId, user);
  const own = await categoryFields(db, category.id);
  return [...fixedFieldsOf(category).map(fixed), ...own.map(custom)];
}

/** `OaExamine/getField {examineId}`: the same fields with the saved approval's values. */
export async function originalApprovalFields(db: Db, user: SessionUser, examineId: number) {
  const { form } = await loadForViewer(db, examineId, user);
  // Editing keeps the category the approval was made in, even if since hidden from its author.
  const category = await requireCategory(db, form.categoryId);
  const fields = fixedFieldsOf(category);
  const def = examineFormOf(category.type);
  const mapped = def && originalForms[def.type];
  const block = mapped ? await loadModel(db, def.type, form.id, form.remark, user) : null;
  const values: Record<string, unknown> = { remark: form.remark, ...(mapped && block ? mapped.toValues(block) : {}) };
  values.content = form.content;
  // A person is shown by the original's user picker as {userId, realname, img}.
  const userFields = fields.filter((f) => f.formType === 'user');
  const idsOf = (name: string) => (Array.isArray(values[name]) ? (values[name] as number[]) : []);
  const names = await people(
    db,
    userFields.flatMap((f) => idsOf(f.fieldName)),
  );
  for (const f of userFields) values[f.fieldName] = idsOf(f.fieldName).flatMap((id) => names.get(id) ?? []);
  const own = await categoryFields(db, category.id);
  return [
    ...fields.map((f) => ({ ...fixed(f), value: values[f.fieldName] ?? '' })),
    ...own.map((f) => ({ ...custom(f), value: form.values[f.fieldName] ?? null })),
  ];
}
