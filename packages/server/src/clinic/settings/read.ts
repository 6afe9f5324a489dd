import { fenOf, lowestRate, orderFormKind, type RechargeTierRule, saveSchemaOf } from '@crm/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { settingsBindings } from './bindings.ts';
import { readSingleton } from './engine.ts';

import {
  clinicDeptOperatorPools,
  clinicDeptOperators,
  clinicDiscounts,
  clinicRechargeTierItems,
  clinicRechargeTiers,
  clinicRotationMembers,
  clinicRotations,
} from './tables.ts';

/**
 * What other features read of the settings (the order form, the cashier, the nurses' station),
 * in their units: fen and whole percent. Only enabled rows count.
 */

export type OrderFormSettings = {
  firstVisitOneConsultant: boolean;
  cashierEditsLines: boolean;
  arrearsAllowed: boolean;
  requiredFields: string[];
  topUpPerformance: 'paid' | 'spent';
  expiredRefundable: boolean;
};

export async function orderFormSettings(tx: Tx): Promise<OrderFormSettings> {
  const b = settingsBindings.find((x) => x.kind === orderFormKind)!;
  return (await readSingleton(tx, b, saveSchemaOf(orderFormKind).parse({}))) as unknown as OrderFormSettings;
}

/** The lowest discount rate of these roles (null: none configured), for `discountFloorFen`. */
export async function discountRateOf(tx: Tx, roleIds: number[]): Promise<number | null> {
  if (roleIds.length === 0) return null;
  const rows = await tx
    .select({ roleId: clinicDiscounts.roleId, minRate: clinicDiscounts.minRate })
    .from(clinicDiscounts)
    .where(and(eq(clinicDiscounts.enabled, true), inArray(clinicDiscounts.roleId, roleIds)));
  return lowestRate(roleIds, rows);
}

export type RechargeTier = RechargeTierRule & {
  name: string;
  giftFen: number;
  items: { projectId: number | null; setMealId: number | null; sessions: number }[];
};

/** The enabled top-up tiers with their gifts, for `rechargeTierFor`. */
export async function rechargeTiers(tx: Tx): Promise<RechargeTier[]> {
  const tiers = await tx
    .select()
    .from(clinicRechargeTiers)
    .where(eq(clinicRechargeTiers.enabled, true))
    .orderBy(asc(clinicRechargeTiers.sort), asc(clinicRechargeTiers.id));
  if (tiers.length === 0) return [];
  const items = await tx
    .select()
    .from(clinicRechargeTierItems)
    .where(
      inArray(
        clinicRechargeTierItems.tierId,
        tiers.map((t) => t.id),
      ),
    )
    .orderBy(asc(clinicRechargeTierItems.position));
  return tiers.map((t) => ({
    id: t.id,
    name: t.name,
    thresholdFen: fenOf(t.threshold),
    giftFen: t.gift === null ? 0 : fenOf(t.gift),
    enabled: t.enabled,
    activeFrom: t.activeFrom,
    activeTo: t.activeTo,
    sort: t.sort,
    items: items
      .filter((i) => i.tierId === t.id)
      .map((i) => ({ projectId: i.projectId, setMealId: i.setMealId, sessions: i.sessions })),
  }));
}

/** A department's 划扣 role pools (role → percent, summing to 100), empty when none is set or it is disabled. */
export async function departmentPools(tx: Tx, deptId: number): Promise<{ role: string; percent: number }[]> {
  return tx
    .select({ role: clinicDeptOperatorPools.role, percent: clinicDeptOperatorPools.percent })
    .from(clinicDeptOperatorPools)
    .innerJoin(clinicDeptOperators, eq(clinicDeptOperators.id, clinicDeptOperatorPools.configId))
    .where(and(eq(clinicDeptOperators.deptId, deptId), eq(clinicDeptOperators.enabled, true)))
    .orderBy(asc(clinicDeptOperatorPools.position));
}

// Appointments and visits (issue 23): the triage desk's walk-in rotation.
/** The enabled rotation of a department: its consultants' user ids in order (empty without one). */
export async function rotationMembers(tx: Tx, deptId: number): Promise<number[]> {
  const rows = await tx
    .select({ userId: clinicRotationMembers.userId })
    .from(clinicRotationMembers)
    .innerJoin(clinicRotations, eq(clinicRotations.id, clinicRotationMembers.rotationId))
    .where(and(eq(clinicRotations.deptId, deptId), eq(clinicRotations.enabled, true)))
    .orderBy(asc(clinicRotationMembers.position));
  return rows.map((r) => r.userId);
}
