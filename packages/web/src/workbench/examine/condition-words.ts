import {
  APPLICANT_DEPT,
  CONDITION_FORM_TYPES,
  CONDITION_NUMBER_TYPES,
  type ConditionOp,
  dedicatedConditionFacts,
  type FieldDefinition,
  type StepCondition,
} from '@crm/shared';
import { defineMessages } from '@/i18n';

/** Words of conditional steps, shared by the flow editor (manager) and the flow preview (applicant). */
export const useConditionWords = defineMessages({
  zh: {
    op_gt: '大于',
    op_gte: '大于等于',
    op_lt: '小于',
    op_lte: '小于等于',
    op_eq: '等于',
    op_neq: '不等于',
    op_in: '属于',
    op_notIn: '不属于',
    applicantDept: '发起人部门',
    when: '仅当 {text} 时',
    skipped: '不满足条件，将跳过',
    applies: '满足条件',
    unknownFact: '已删除的字段',
  },
  en: {
    op_gt: 'is above',
    op_gte: 'is at least',
    op_lt: 'is below',
    op_lte: 'is at most',
    op_eq: 'is',
    op_neq: 'is not',
    op_in: 'is one of',
    op_notIn: 'is none of',
    applicantDept: "Applicant's department",
    when: 'Only when {text}',
    skipped: 'Condition not met: will be skipped',
    applies: 'Condition met',
    unknownFact: 'A removed field',
  },
});

export type FactOption = { key: string; label: string; kind: 'number' | 'choice' | 'dept'; options?: string[] };

/** The facts a condition of this category may read: the applicant's department, then its form's facts. */
export function factOptions(category: { type: string; fields: FieldDefinition[] }, deptLabel: string): FactOption[] {
  const dedicated = dedicatedConditionFacts[category.type];
  const formFacts: FactOption[] = dedicated
    ? dedicated.map((f) => ({ key: f.key, label: f.label, kind: f.kind, options: f.options }))
    : category.fields
        .filter((f) => f.fieldName && CONDITION_FORM_TYPES.has(f.formType))
        .map((f) => ({
          key: f.fieldName!,
          label: f.name,
          kind: CONDITION_NUMBER_TYPES.has(f.formType) ? 'number' : 'choice',
          options: f.options?.length ? f.options : undefined,
        }));
  return [{ key: APPLICANT_DEPT, label: deptLabel, kind: 'dept' }, ...formFacts];
}

export const opsFor = (kind: FactOption['kind']): ConditionOp[] =>
  kind === 'number' ? ['gt', 'gte', 'lt', 'lte'] : kind === 'dept' ? ['in', 'notIn'] : ['eq', 'neq', 'in', 'notIn'];

/** "金额 大于 5000", "发起人部门 属于 销售部、市场部". */
export function describeCondition(
  c: StepCondition,
  w: ReturnType<typeof useConditionWords>,
  factLabel: (key: string) => string | undefined,
  deptName: (id: number) => string,
): string {
  const values = Array.isArray(c.value) ? c.value : [c.value];
  const shown = c.fact === APPLICANT_DEPT ? values.map((v) => deptName(Number(v))) : values.map(String);
  return `${factLabel(c.fact) ?? w('unknownFact')} ${w(`op_${c.op}`)} ${shown.join('、')}`;
}
