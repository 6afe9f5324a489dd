import { z } from 'zod';
import { apiTime, pageOf } from '../../contracts/common.ts';
import { formBatchId } from '../../records/schemas.ts';
import {
  boolish,
  idField,
  intEnum,
  intField,
  optionalDay,
  optionalId,
  pageFields,
  requiredText,
  searchField,
} from '../../schemas/fields.ts';
import { yuanField } from '../catalogue-yuan.ts';
import { cashMethods } from './charge.ts';
import { MoneyMsg } from './messages.ts';
import { RefundStatus } from './states.ts';

/**
 * Refunds (CLINIC.md "Refund"): asking (`refundSurplusProject` for one deal, `manualRefund` for
 * several deals of one customer) holds the sessions and goes to the 退费审核 approval
 * (`clinic_refund`); approved it waits at the cashier, who pays it out (`refundPayout`) in cash
 * methods or to principal balance. Amounts are yuan text in, fen out.
 */
export const RefundMsg = {
  dealRequired: '请选择要退费的成交项目',
  dealMissing: '成交项目不存在',
  dealClosed: '该成交项目{status}，不能退费',
  amountInvalid: '退款金额须为不小于0的金额，最多两位小数',
  reasonRequired: '请填写退费原因',
  itemsTooMany: '一次最多退费50个成交项目',
  dealRepeated: '同一成交项目只能出现一次',
  oneCustomer: '一次退费只能包含同一顾客的成交项目',
  noFlow: '退费审核流程未启用，请联系管理员',
  approverRequired: '请选择退费审核人',
  refundRequired: '请选择退款申请',
  refundMissing: '退款申请不存在',
  notApproved: '该退款申请{status}，不能退款',
  payoutRequired: '请选择退款方式或退回余额',
  payoutBoth: '退回余额时不能再选择退款方式',
  payoutSum: '退款方式合计须等于退款金额{amount}元',
  methodInvalid: '退款只能使用现金、微信、支付宝或银行卡',
  methodRepeated: '同一退款方式只能使用一次',
  methodAmountInvalid: '每种退款方式的金额须大于0',
  batchTaken: '重复提交，请刷新后重试',
} as const;

const refundText = { reason: { label: '退费原因', max: 500, multiline: true } } as const;

export const refundItemSchema = z.object({
  dealId: idField(RefundMsg.dealRequired),
  sessions: intField(MoneyMsg.sessionsInvalid, { min: 1, max: 9999 }),
  amount: yuanField(RefundMsg.amountInvalid),
});

const common = {
  reason: requiredText(refundText.reason, RefundMsg.reasonRequired),
  /** Paid out to principal balance instead of cash methods (the cashier may still choose at payout). */
  toBalance: boolish.default(false),
  /** The approver, when the 退费审核 flow lets the applicant choose. */
  checkUserId: optionalId('审批人有误'),
  batchId: formBatchId,
};

/** `refundSurplusProject`: part or all of one deal's left sessions. */
export const refundSurplusSchema = refundItemSchema.extend(common);
export type RefundSurplusInput = z.infer<typeof refundSurplusSchema>;

/** `manualRefund`: several deals of one customer in one request, each checked like one. */
export const manualRefundSchema = z.object({
  items: z
    .array(refundItemSchema, { error: RefundMsg.dealRequired })
    .min(1, { error: RefundMsg.dealRequired })
    .max(50, { error: RefundMsg.itemsTooMany })
    .refine((items) => new Set(items.map((i) => i.dealId)).size === items.length, { error: RefundMsg.dealRepeated }),
  ...common,
});
export type ManualRefundInput = z.infer<typeof manualRefundSchema>;

/** One refund as lists and answers show it. Money in fen. */
export const refundRowSchema = z.object({
  refundId: z.number().int(),
  customerId: z.number().int(),
  customerName: z.string(),
  dealId: z.number().int(),
  name: z.string(),
  sessions: z.number().int(),
  amount: z.number().int(),
  reason: z.string(),
  status: z.number().int(),
  toBalance: z.boolean(),
  /** The 退费审核 engine record (act on it with /OaExamine/auditExamine). */
  recordId: z.number().int().nullable(),
  payoutOrderId: z.number().int().nullable(),
  createUserId: z.number().int(),
  createUserName: z.string(),
  createTime: apiTime,
});
export type RefundRow = z.input<typeof refundRowSchema>;

export const refundIdSchema = z.object({ refundId: idField(RefundMsg.refundRequired) });

/** `/clinic/refund/detail`: what the approver decides on: the refund, its deal and the limit. */
export const refundDetailAnswerSchema = refundRowSchema.extend({
  deal: z.object({
    sessionsBought: z.number().int(),
    sessionsUsed: z.number().int(),
    sessionsLeft: z.number().int(),
    sessionsHeld: z.number().int(),
    sessionsRefunded: z.number().int(),
    dealValue: z.number().int(),
    paidCash: z.number().int(),
    paidPrincipal: z.number().int(),
    paidGift: z.number().int(),
    arrears: z.number().int(),
  }),
  /**
   * The most this request could be, by the server's own rule (`refundLimit`: paid cash + principal
   * for the sessions, less what was already refunded or is held by other requests, less unpaid
   * arrears), counting the deal as if this request were not there (h-money22: the approver's drawer).
   */
  refundLimit: z.number().int(),
  canAudit: z.boolean(),
  canWithdraw: z.boolean(),
});
export type RefundDetail = z.input<typeof refundDetailAnswerSchema>;

/** `/clinic/cashier/refundPayout`: the cash methods and amounts (yuan), or to principal balance. */
export const refundPayoutSchema = z.object({
  refundId: idField(RefundMsg.refundRequired),
  methods: z
    .array(
      z.object({
        method: z.enum(cashMethods, { error: RefundMsg.methodInvalid }),
        amount: yuanField(RefundMsg.amountInvalid),
      }),
      { error: RefundMsg.payoutRequired },
    )
    .max(4, { error: RefundMsg.methodInvalid })
    .default([]),
  /** Absent: the refund's own choice. */
  toBalance: boolish.optional(),
});
export type RefundPayoutInput = z.infer<typeof refundPayoutSchema>;

export const refundPayoutAnswerSchema = z.object({
  refundId: z.number().int(),
  orderId: z.number().int(),
  number: z.string(),
  amount: z.number().int(),
  toBalance: z.boolean(),
  deal: z.object({
    sessionsLeft: z.number().int(),
    sessionsHeld: z.number().int(),
    sessionsRefunded: z.number().int(),
    status: z.number().int(),
  }),
  balances: z.object({ principal: z.number().int(), gift: z.number().int(), arrears: z.number().int() }),
});
export type RefundPayoutAnswer = z.infer<typeof refundPayoutAnswerSchema>;

/** `/clinic/cashier/queryRefunds`: refunds by state (default 待退款), newest first, in the customers' data scope. */
export const queryRefundsSchema = z.object({
  ...pageFields,
  status: intEnum(Object.values(RefundStatus), '退款状态有误', RefundStatus.approved),
  customerId: optionalId('客户不存在'),
  search: searchField,
  /** The company's day (yyyy-MM-dd) the refunds last changed: a paid refund's payout day (the desk's 已退款, h-moneyweb). */
  day: optionalDay('日期格式应为 yyyy-MM-dd'),
});
export type QueryRefundsInput = z.infer<typeof queryRefundsSchema>;

export const refundContracts = {
  '/CrmCustomerProjectDealRecord/refundSurplusProject': refundRowSchema,
  '/CrmCustomerProjectDealRecord/manualRefund': z.array(refundRowSchema),
  '/clinic/refund/detail': refundDetailAnswerSchema,
  '/clinic/cashier/refundPayout': refundPayoutAnswerSchema,
  '/clinic/cashier/queryRefunds': pageOf(refundRowSchema),
};
