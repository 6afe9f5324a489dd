import { z } from 'zod';
import { apiTime } from '../contracts/common.ts';
import { idField, searchField } from '../schemas/fields.ts';
import { visitAnswer } from './visits/schemas.ts';

/**
 * The nurses' station (issue 23, /workflow/nursesStation): today's paid and treating visits of a
 * store with each customer's deals that still have sessions, the customers found by name, phone
 * or pinyin who come for a session without a visit, the treating department's staff and role
 * pools for the 划扣 dialog, and the visit's own moves 开始治疗 / 完成治疗. Money in fen.
 */

export const NurseMsg = {
  storeRequired: '请选择门店',
  searchRequired: '请输入顾客姓名、手机号或拼音',
  deptRequired: '请选择科室',
  visitOtherCustomer: '就诊记录不属于该顾客',
} as const;

const int = () => z.number().int();

/** `clinic/nurse/queue`: today's visits 已收费 / 治疗中 / 已治疗 of the store. */
export const nurseQueueSchema = z.object({ storeId: idField(NurseMsg.storeRequired) });

/** `clinic/nurse/customers`: customers found by name, phone or pinyin, with their open deals. */
export const nurseFindSchema = z.object({
  search: searchField.refine((s) => s.trim().length > 0, { error: NurseMsg.searchRequired }),
});

/** `clinic/nurse/staff`: the department's people and its 划扣 role pools. */
export const nurseStaffSchema = z.object({ deptId: idField(NurseMsg.deptRequired) });

/** A deal with sessions left to use (left − held > 0), as the station shows it. */
export const nurseDealSchema = z.object({
  dealId: int(),
  name: z.string(),
  sessionsBought: int(),
  sessionsUsed: int(),
  sessionsLeft: int(),
  sessionsHeld: int(),
  dealValue: int(),
  /** Whole-session value (the last session carries the remainder). */
  sessionValue: int(),
  expiresOn: z.string().nullable(),
  deptId: int().nullable(),
  deptName: z.string().nullable(),
  status: int(),
});
export type NurseDeal = z.infer<typeof nurseDealSchema>;

/** A 划扣 of today, which the station may undo. */
export const nurseTreatmentSchema = z.object({
  treatmentId: int(),
  dealId: int(),
  name: z.string(),
  sessions: int(),
  value: int(),
  staff: z.string(),
  createUserName: z.string(),
  createTime: apiTime,
  /** 1 done, 2 undone. */
  status: int(),
});
export type NurseTreatment = z.infer<typeof nurseTreatmentSchema>;
export type NurseTreatmentData = z.input<typeof nurseTreatmentSchema>;

const customerPart = {
  deals: z.array(nurseDealSchema),
  treatments: z.array(nurseTreatmentSchema),
};

export const nurseVisitSchema = visitAnswer.extend(customerPart);
export type NurseVisit = z.infer<typeof nurseVisitSchema>;
export type NurseVisitData = z.input<typeof nurseVisitSchema>;

export const nurseCustomerSchema = z.object({
  customerId: int(),
  customerName: z.string(),
  mobile: z.string(),
  /** Today's open visit of the customer, if any (the queue shows it). */
  visitId: int().nullable(),
  ...customerPart,
});
export type NurseCustomer = z.infer<typeof nurseCustomerSchema>;
export type NurseCustomerData = z.input<typeof nurseCustomerSchema>;

export const nurseStaffAnswer = z.object({
  members: z.array(z.object({ userId: int(), realname: z.string(), role: z.string() })),
  pools: z.array(z.object({ role: z.string(), percent: int() })),
});
export type NurseStaff = z.infer<typeof nurseStaffAnswer>;

export const nurseContracts = {
  '/clinic/nurse/queue': z.array(nurseVisitSchema),
  '/clinic/nurse/customers': z.array(nurseCustomerSchema),
  '/clinic/nurse/staff': nurseStaffAnswer,
  '/clinic/visit/startTreatment': visitAnswer,
  '/clinic/visit/finishTreatment': visitAnswer,
};
