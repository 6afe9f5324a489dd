import { z } from 'zod';
import { customerTagContracts } from './customer-tags.ts';
import { type SettingsCall, type SettingsKind, SettingsMsg, settingsContractsOf } from './declare.ts';
import { refSources } from './fields.ts';
import { deptOperatorKind } from './kinds/dept-operator.ts';
import { discountKind } from './kinds/discount.ts';
import { doctorKind } from './kinds/doctor.ts';
// Follow-up plans (issue 23, h-ward).
import { followUpPlanKind } from './kinds/follow-up-plan.ts';
import { orderFormKind } from './kinds/order-form.ts';
import { rechargeKind } from './kinds/recharge.ts';
import { rotationKind } from './kinds/rotation.ts';
import { setMealKind } from './kinds/set-meal.ts';
import { tagKind } from './kinds/tag.ts';

export * from './customer-tags.ts';
export * from './declare.ts';
export * from './fields.ts';
export { operatorRoles } from './kinds/dept-operator.ts';
export { orderFormFields } from './kinds/order-form.ts';
export * from './rules.ts';
// followUpPlanKind: follow-up plans (issue 23, h-ward).
export {
  deptOperatorKind,
  discountKind,
  doctorKind,
  followUpPlanKind,
  orderFormKind,
  rechargeKind,
  rotationKind,
  setMealKind,
  tagKind,
};

/** Every settings kind, in the order of the 配置 menu. */
export const clinicSettingsKinds = [
  setMealKind,
  discountKind,
  rechargeKind,
  doctorKind,
  tagKind,
  orderFormKind,
  deptOperatorKind,
  rotationKind,
  // Follow-up plans (issue 23, h-ward).
  followUpPlanKind,
] as const satisfies SettingsKind[];
export type SettingsKindName = (typeof clinicSettingsKinds)[number]['name'];

export { settingsPages, settingsPermissionNodes } from './pages.ts';

/** Where the pickers of the settings forms get their choices (roles, projects, classes, set meals). */
export const settingsOptionsPath = '/clinicSettings/options' as const;
export const settingsOptionsSchema = z.object({
  source: z.enum(refSources, { error: SettingsMsg.optionSourceInvalid }),
});
export const settingsOptionsResponse = z.array(z.object({ value: z.number().int(), label: z.string() }));

/** Every settings call with its response contract. */
export const clinicSettingsContracts = Object.assign(
  {},
  { [settingsOptionsPath]: settingsOptionsResponse },
  customerTagContracts,
  ...clinicSettingsKinds.map(settingsContractsOf),
) as { [settingsOptionsPath]: typeof settingsOptionsResponse } & typeof customerTagContracts &
  Record<`/clinicSettings/${SettingsKindName}/${SettingsCall}`, z.ZodType>;
