import {
  APPLICANT_DEPT,
  type ConditionFacts,
  dedicatedConditionFacts,
  type FlowInfo,
  type FlowStep,
  factsOfType,
  fieldFacts,
  type StepCondition,
  stepApplies,
} from '@crm/shared';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import { inList } from '../../org/sql-lists.ts';
import { deptAndAncestorsSql } from '../../org/tree.ts';
import type { CategoryWithFields } from './category/repository.ts';

/**
 * The facts conditional steps read, computed by the server at submit and resubmit (and for the
 * live preview): the designed fields' answers by field name, the dedicated type's facts from its
 * form block, and the applicant's department with the departments above it (a condition on a
 * department holds for everyone beneath it). The dedicated types' facts are shared declarations
 * (approval-forms/condition-facts.ts), nothing to register.
 */
export async function conditionFacts(
  tx: Tx,
  category: Pick<CategoryWithFields, 'type' | 'fields' | 'steps' | 'examineType'>,
  applicant: { deptId: number | null },
  values: Record<string, unknown>,
  block?: unknown,
): Promise<ConditionFacts> {
  const facts: ConditionFacts = { ...fieldFacts(category.fields, values), ...factsOfType(category.type, block) };
  if (category.examineType === 1 && category.steps.some((s) => s.condition?.fact === APPLICANT_DEPT)) {
    const rows = await queryRows<{ dept_id: number }>(tx, sql`${deptAndAncestorsSql(applicant.deptId)}`);
    facts[APPLICANT_DEPT] = rows.map((r) => r.dept_id);
  }
  return facts;
}

/** Names for showing a condition: the field's name, the departments' names. */
export async function conditionLabels(tx: Tx, category: Pick<CategoryWithFields, 'type' | 'fields' | 'steps'>) {
  const deptIds = category.steps.flatMap((s) =>
    s.condition?.fact === APPLICANT_DEPT ? (s.condition.value as number[]) : [],
  );
  const depts = deptIds.length
    ? await queryRows<{ dept_id: number; name: string }>(
        tx,
        sql`select dept_id, name from sys_dept where dept_id in ${inList(deptIds)}`,
      )
    : [];
  const deptName = new Map(depts.map((d) => [d.dept_id, d.name]));
  const dedicated = dedicatedConditionFacts[category.type];
  const factLabel = (key: string) =>
    dedicated?.find((f) => f.key === key)?.label ?? category.fields.find((f) => f.fieldName === key)?.name;
  return (c: StepCondition) => {
    if (c.fact === APPLICANT_DEPT)
      return { ...c, valueLabels: (c.value as number[]).map((id) => deptName.get(Number(id)) ?? `#${id}`) };
    const name = factLabel(c.fact);
    return name ? { ...c, factLabel: name } : c;
  };
}

/** Mark each step of a preview with whether it applies to the form as filled. */
export function withApplies(info: FlowInfo, steps: FlowStep[], facts: ConditionFacts): FlowInfo {
  return {
    ...info,
    examineSteps: info.examineSteps.map((s, i) => ({ ...s, applies: stepApplies(steps[i]?.condition, facts) })),
  };
}
