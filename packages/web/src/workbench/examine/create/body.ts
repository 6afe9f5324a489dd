import type { ExamineFormDefinition, FieldDefinition } from '@crm/shared';
import { collectFields, type FieldValues, fieldKey } from '@/components/dynamic-form';
import type { PickedUser } from '@/components/member-picker';
import type { CategoryItem, SaveBody } from '../api';
import type { Levels } from './ApproverLevels';
import { type RelatedKind, type RelationValue, relationBody } from './related';

export type CreateValues = {
  content?: string;
  detail?: string;
  values?: FieldValues;
  levels?: Levels;
  ccUsers?: PickedUser[];
  relation?: RelationValue;
  /** A dedicated type's block (forms/registry.tsx), checked by its shared schema. */
  model?: unknown;
  /** A dedicated type's own fields of `oaExamine` (definition `wrapper`: the additional order's task). */
  oaExamine?: Record<string, unknown>;
};

const SUMMARY_TYPES = new Set(['text', 'number', 'floatnumber', 'mobile', 'email', 'select', 'date', 'datetime']);

/** A custom category's list line: its first few short answers (供应商：成都医美；金额：1200). */
export function summaryOf(fields: FieldDefinition[], values: FieldValues | undefined): string {
  const parts = fields
    .map((f, i) => ({ f, v: values?.[fieldKey(f, i)] }))
    .filter(({ f, v }) => SUMMARY_TYPES.has(f.formType) && v !== undefined && v !== null && String(v).trim() !== '')
    .slice(0, 3)
    .map(({ f, v }) => `${f.name}：${String(v).trim()}`);
  return parts.join('；').slice(0, 200);
}

const checkUserIdOf = (examineType: 1 | 2, levels: Levels | undefined) =>
  examineType === 2
    ? (levels ?? [])
        .filter((u): u is PickedUser => u !== null)
        .map((u) => u.userId)
        .join(',')
    : '';

/**
 * The JSON body of a dedicated type's submit call: `oaExamine`, the type's block under its
 * name (`oaExamineLeave`, `oaExamineTravels`, …), approvers, copy recipients, linked records.
 */
export function buildDedicatedBody(
  def: ExamineFormDefinition,
  opts: {
    category: CategoryItem;
    examineId?: number;
    batchId: string;
    examineType: 1 | 2;
    values: CreateValues;
    related?: RelatedKind[];
    savedRelation?: Record<string, number[]>;
  },
): Record<string, unknown> {
  const { values } = opts;
  return {
    oaExamine: {
      categoryId: opts.category.categoryId,
      ...(opts.examineId ? { examineId: opts.examineId } : {}),
      batchId: opts.batchId,
      content: def.content ? (values.content ?? '').trim() : '',
      ...(def.wrapper ? values.oaExamine : {}),
    },
    [def.modelKey]: values.model,
    checkUserId: checkUserIdOf(opts.examineType, values.levels),
    ccUserId: (values.ccUsers ?? []).map((u) => u.userId).join(','),
    oaExamineRelation: relationBody(values.relation, opts.related ?? [], opts.savedRelation),
  };
}

/** The JSON body of `setOaExamine` (create and update alike). */
export function buildBody(opts: {
  category: CategoryItem;
  examineId?: number;
  batchId: string;
  examineType: 1 | 2;
  values: CreateValues;
  /** The kinds offered in the related-business block, and what the approval being edited links. */
  related?: RelatedKind[];
  savedRelation?: Record<string, number[]>;
}): SaveBody {
  const { category, values } = opts;
  const general = category.type === 'general';
  const fields = general ? [] : category.fields;
  return {
    oaExamine: {
      categoryId: category.categoryId,
      ...(opts.examineId ? { examineId: opts.examineId } : {}),
      batchId: opts.batchId,
      content: general ? (values.content ?? '').trim() : summaryOf(fields, values.values),
      detail: general ? (values.detail ?? '').trim() : '',
    },
    field: collectFields(fields, values.values ?? {}),
    checkUserId: checkUserIdOf(opts.examineType, values.levels),
    ccUserId: (values.ccUsers ?? []).map((u) => u.userId).join(','),
    oaExamineRelation: relationBody(values.relation, opts.related ?? [], opts.savedRelation),
  };
}
