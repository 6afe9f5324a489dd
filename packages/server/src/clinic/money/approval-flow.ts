import type { ApprovalFlowAnswer, ClinicApprovalType } from '@crm/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { examineCategories } from '../../oa/examine/tables.ts';
import { userNames } from '../../org/names.ts';

const categoryType: Record<ClinicApprovalType, string> = { discount: 'clinic_discount', refund: 'clinic_refund' };

/**
 * How a clinic approval will run (`/clinic/approval/flow`), read from the same category row
 * `systemFlow` submits with: disabled, the applicant chooses, or fixed steps with their people.
 */
export async function clinicApprovalFlow(db: Db, type: ClinicApprovalType): Promise<ApprovalFlowAnswer> {
  const [category] = await db
    .select({
      status: examineCategories.status,
      examineType: examineCategories.examineType,
      steps: examineCategories.steps,
    })
    .from(examineCategories)
    .where(and(eq(examineCategories.type, categoryType[type]), eq(examineCategories.isDeleted, false)))
    .limit(1);
  if (category?.status !== 1) return { enabled: false, chooseApprover: false, steps: [] };
  if (category.examineType !== 1) return { enabled: true, chooseApprover: true, steps: [] };
  const names = await userNames(
    db,
    category.steps.flatMap((s) => s.userIds),
  );
  return {
    enabled: true,
    chooseApprover: false,
    steps: category.steps.map((s) => ({ stepType: s.stepType, names: s.userIds.map((id) => names.get(id) ?? '') })),
  };
}
