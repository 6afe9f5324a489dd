import {
  deptOperatorKind,
  discountKind,
  doctorKind,
  followUpPlanKind,
  orderFormKind,
  rechargeKind,
  rotationKind,
  setMealKind,
  setMealTotalFen,
  tagKind,
} from '@crm/shared';
import { eq } from 'drizzle-orm';
import { conflict } from '../../core/errors.ts';
// Follow-up plans (issue 23, h-ward): the kind's tables live with the ward.
import { followUpPlanSteps, followUpPlans } from '../ward/tables.ts';
import { bindKind } from './engine.ts';
import {
  clinicDeptOperatorMembers,
  clinicDeptOperatorPools,
  clinicDeptOperators,
  clinicDiscounts,
  clinicDoctorClasses,
  clinicDoctorProjects,
  clinicDoctors,
  clinicOrderForm,
  clinicRechargeTierItems,
  clinicRechargeTiers,
  clinicRotationMembers,
  clinicRotations,
  clinicSetMealItems,
  clinicSetMeals,
  clinicTags,
} from './tables.ts';

/** Each settings kind bound to its tables; only the set meal has rules of its own. */
export const settingsBindings = [
  // Follow-up plans (issue 23, h-ward).
  bindKind({
    kind: followUpPlanKind,
    table: followUpPlans,
    items: {
      steps: { table: followUpPlanSteps, parent: followUpPlanSteps.planId, position: followUpPlanSteps.position },
    },
  }),
  bindKind({ kind: tagKind, table: clinicTags }),
  bindKind({
    kind: doctorKind,
    table: clinicDoctors,
    items: {
      classes: {
        table: clinicDoctorClasses,
        parent: clinicDoctorClasses.doctorId,
        position: clinicDoctorClasses.position,
      },
      projects: {
        table: clinicDoctorProjects,
        parent: clinicDoctorProjects.doctorId,
        position: clinicDoctorProjects.position,
      },
    },
  }),
  bindKind({ kind: orderFormKind, table: clinicOrderForm }),
  bindKind({
    kind: rotationKind,
    table: clinicRotations,
    items: {
      members: {
        table: clinicRotationMembers,
        parent: clinicRotationMembers.rotationId,
        position: clinicRotationMembers.position,
      },
    },
  }),
  bindKind({ kind: discountKind, table: clinicDiscounts }),
  bindKind({
    kind: setMealKind,
    table: clinicSetMeals,
    items: {
      items: { table: clinicSetMealItems, parent: clinicSetMealItems.setMealId, position: clinicSetMealItems.position },
    },
    // The total is never typed: the sum of the items' in-meal prices.
    computed: (input) => ({
      total: setMealTotalFen((input.items as { price: number | null }[]).map((i) => i.price)),
    }),
    // A top-up tier that gives this set meal would lose its gift.
    beforeDelete: async (tx, id) => {
      const [used] = await tx
        .select({ id: clinicRechargeTierItems.tierId })
        .from(clinicRechargeTierItems)
        .where(eq(clinicRechargeTierItems.setMealId, id))
        .limit(1);
      if (used) throw conflict('该套餐是充值档位的赠品，请先从充值档位中移除');
    },
  }),
  bindKind({
    kind: rechargeKind,
    table: clinicRechargeTiers,
    items: {
      items: {
        table: clinicRechargeTierItems,
        parent: clinicRechargeTierItems.tierId,
        position: clinicRechargeTierItems.position,
      },
    },
  }),
  bindKind({
    kind: deptOperatorKind,
    table: clinicDeptOperators,
    items: {
      members: {
        table: clinicDeptOperatorMembers,
        parent: clinicDeptOperatorMembers.configId,
        position: clinicDeptOperatorMembers.position,
      },
      pools: {
        table: clinicDeptOperatorPools,
        parent: clinicDeptOperatorPools.configId,
        position: clinicDeptOperatorPools.position,
      },
    },
  }),
];
