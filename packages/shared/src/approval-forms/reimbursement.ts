import { z } from 'zod';
import { apiTime } from '../contracts/common.ts';
import { openLinkAdminContracts } from '../open-links/index.ts';
import { idField } from '../schemas/fields.ts';

/**
 * /reimbursementDetail (spec 2.1 open path, issue 25): one approved expense claim (差旅报销, 备用金,
 * 付款, 行政费用) shown without signing in, for printing or for finance to check, through a link
 * made by someone who may see the approval (docs/open-links.md).
 */
export const ReimbursementMsg = {
  notFound: '审批不存在',
  notExpense: '只有报销、备用金、付款类审批可以生成查验链接',
  notApproved: '审批通过后才能生成查验链接',
} as const;

/** The longest a claim's link lives, in days (the admin create call's limit). */
export const reimbursementLinkMaxDays = 365;
export const reimbursementLinkSchema = z.object({ examineId: idField(ReimbursementMsg.notFound) });

export const reimbursementClaimSchema = z.object({
  examineId: z.number().int(),
  categoryTitle: z.string(),
  kind: z.string(),
  content: z.string(),
  remark: z.string(),
  applicant: z.string(),
  deptName: z.string(),
  createTime: apiTime,
  total: z.number(),
  lines: z.array(
    z.object({
      seq: z.number().int(),
      startDate: z.string().nullable(),
      endDate: z.string().nullable(),
      description: z.string(),
      vehicle: z.string().nullable(),
      endAddress: z.string().nullable(),
      payee: z.string().nullable(),
      bankAccount: z.string().nullable(),
      bankDeposit: z.string().nullable(),
      money: z.number(),
    }),
  ),
  /** Who approved, in order, with when. */
  approvals: z.array(
    z.object({ realname: z.string(), action: z.string(), remarks: z.string(), time: apiTime.nullable() }),
  ),
});
export type ReimbursementClaim = z.infer<typeof reimbursementClaimSchema>;

export const reimbursementContracts = {
  ...openLinkAdminContracts('/OaExamine/reimbursementLink'),
  '/open/reimbursement/detail': reimbursementClaimSchema,
};
