import { z } from 'zod';
import { apiTime } from '../../contracts/common.ts';
import { idField } from '../../schemas/fields.ts';

/**
 * 折扣审批 (CLINIC.md "Order"): an order with a line below the discount floor waits for the
 * `clinic_discount` approval (待审批); approved it goes to the cashier (待收费), rejected or
 * withdrawn it is a draft (草稿) the opener edits and submits again through `update`.
 */
export const DiscountMsg = {
  reasonRequired: '成交价低于最低价，请填写折扣原因',
  approverRequired: '成交价低于最低价，请选择审批人',
  noFlow: '折扣审批流程未启用，请联系管理员',
  inApproval: '订单审批中，请等待审批结果或先撤回审批',
  draft: '订单未通过折扣审批，请修改后重新提交',
  alreadyApproved: '订单已通过折扣审批，不能再低于最低价，请作废后重新开单',
} as const;

/** `/clinic/discount/detail`: the order an approval is about. */
export const discountDetailSchema = z.object({ orderId: idField('请选择订单') });

/** What the approver reads: the customer, the reason and every line against its floor. Money in fen. */
export const discountDetailAnswerSchema = z.object({
  orderId: z.number().int(),
  number: z.string(),
  status: z.number().int(),
  customerId: z.number().int(),
  customerName: z.string(),
  applicantId: z.number().int(),
  applicantName: z.string(),
  reason: z.string(),
  payable: z.number().int(),
  /** The approval's engine record (act on it with /OaExamine/auditExamine) and its status. */
  recordId: z.number().int().nullable(),
  examineStatus: z.number().int().nullable(),
  canAudit: z.boolean(),
  canWithdraw: z.boolean(),
  createTime: apiTime,
  lines: z.array(
    z.object({
      lineId: z.number().int(),
      name: z.string(),
      quantity: z.number().int(),
      sessions: z.number().int(),
      /** 原价, 执行价, 成交价 and the floor, for the whole line. */
      price: z.number().int(),
      salesPrice: z.number().int(),
      dealPrice: z.number().int(),
      floor: z.number().int(),
      /** Deal price ÷ 原价 in percent. */
      discount: z.number(),
      belowFloor: z.boolean(),
    }),
  ),
});
export type DiscountDetail = z.input<typeof discountDetailAnswerSchema>;

export const discountContracts = {
  '/clinic/discount/detail': discountDetailAnswerSchema,
};
