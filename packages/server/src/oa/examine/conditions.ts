import {
  APPLICANT_DEPT,
  type ConditionFacts,
  type FlowInfo,
  factsOfType,
  fieldFacts,
  type FlowStep,
  stepApplies,
} from '@crm/shared';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import { deptAndAncestorsSql } from '../../org/tree.ts';
import type { CategoryWithFields } from './category/repository.ts';

/**
 * The facts conditional steps read, computed by the server at submit and resubmit (and for the
 * live preview): the designed fields' answers by field name, the dedicated type's facts from its
 * form block, and the applicant's department with the departments above it (a condition on a
 * department holds for everyone beneath it).
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

/** Mark each step of a preview with whether it applies to the form as filled. */
export function withApplies(info: FlowInfo, steps: FlowStep[], facts: ConditionFacts): FlowInfo {
  return {
    ...info,
    examineSteps: info.examineSteps.map((s, i) => ({ ...s, applies: stepApplies(steps[i]?.condition, facts) })),
  };
}
