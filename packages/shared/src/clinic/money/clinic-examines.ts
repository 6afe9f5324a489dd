import { z } from 'zod';
import { apiTime, pageOf } from '../../contracts/common.ts';
import { pageFields } from '../../schemas/fields.ts';

/**
 * `/OaExamine/clinicExamines`: the clinic's approvals (折扣审批 `clinic_discount`, 退费审核
 * `clinic_refund`) in the approval center's tabs. They have no OA form, so they are listed beside
 * the OA list, each with what the approver decides on: the customer and the amount.
 */
export const clinicExamineTabs = ['waiting', 'handled', 'initiate', 'copied'] as const;
export type ClinicExamineTab = (typeof clinicExamineTabs)[number];

export const clinicExamineListSchema = z.object({
  tab: z.enum(clinicExamineTabs, { error: '审批列表类型有误' }),
  page: pageFields.page,
  limit: pageFields.limit,
});

export const clinicExamineRowSchema = z.object({
  recordId: z.number().int(),
  subjectType: z.enum(['clinic_discount', 'clinic_refund']),
  /** The order (discount) or the refund (refund): what `/clinic/discount/detail` or `/clinic/refund/detail` reads. */
  subjectId: z.number().int(),
  categoryTitle: z.string(),
  customerName: z.string(),
  /** The order's number, or the refunded deal's project name. */
  title: z.string(),
  /** Fen: the order's payable, or the refund's amount. */
  amount: z.number().int(),
  /** Refunds: the sessions given back; discounts: 0. */
  sessions: z.number().int(),
  /** The engine's status (ExamineStatus). */
  status: z.number().int(),
  applicantName: z.string(),
  currentApprovers: z.string(),
  submitTime: apiTime,
});
export type ClinicExamineRow = z.input<typeof clinicExamineRowSchema>;

export const clinicExaminePageResponse = pageOf(clinicExamineRowSchema);

export const clinicExamineContracts = {
  '/OaExamine/clinicExamines': clinicExaminePageResponse,
};
