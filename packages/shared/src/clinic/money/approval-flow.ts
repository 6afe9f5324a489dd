import { z } from 'zod';

/**
 * `/clinic/approval/flow`: how a clinic approval (折扣审批 `clinic_discount`, 退费审核
 * `clinic_refund`) will run, so the 开单 page and the refund dialog know before submitting whether
 * the applicant picks the approver (`checkUserId`, required then) or who the fixed steps go to.
 * The engine's own preview is for 审批 users and visible categories; openers need only this.
 */
export const clinicApprovalTypes = ['discount', 'refund'] as const;
export type ClinicApprovalType = (typeof clinicApprovalTypes)[number];

export const approvalFlowSchema = z.object({
  type: z.enum(clinicApprovalTypes, { error: '审批类型有误' }),
});

export const approvalFlowAnswerSchema = z.object({
  /** False: the category is disabled, so a submission is refused (the page says so up front). */
  enabled: z.boolean(),
  /** The applicant chooses one approver (examineType 2). */
  chooseApprover: z.boolean(),
  /** Fixed steps in order: 1 the applicant's supervisor, 4 the previous approver's, 2/3 named people (any / all). */
  steps: z.array(z.object({ stepType: z.number().int(), names: z.array(z.string()) })),
});
export type ApprovalFlowAnswer = z.infer<typeof approvalFlowAnswerSchema>;

export const approvalFlowContracts = {
  '/clinic/approval/flow': approvalFlowAnswerSchema,
};
