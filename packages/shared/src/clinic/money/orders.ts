import { z } from 'zod';
import { apiTime } from '../../contracts/common.ts';
import { formBatchId } from '../../records/schemas.ts';
import {
  idField,
  intField,
  intWithDefault,
  nullableId,
  optionalId,
  optionalText,
  requiredText,
} from '../../schemas/fields.ts';
import { yuanField } from '../catalogue-yuan.ts';
import { VisitMsg } from '../visits/messages.ts';
import { MoneyMsg } from './messages.ts';

/** Opening an order (开单, `CrmCustomerProjectDealRecord/save`, `update`, `cancel`). */
export const OrderMsg = {
  customerRequired: '请选择顾客',
  linesRequired: '请添加开单项目',
  linesTooMany: '开单项目最多100项',
  projectRequired: '请选择项目',
  projectMissing: '项目不存在',
  projectDisabled: '项目已停用：{name}',
  quantityInvalid: '数量须为1到999的整数',
  dealPriceInvalid: '成交价须为不小于0的金额，最多两位小数',
  dealPriceAbovePrice: '成交价不能高于原价：{name}',
  belowFloor: '成交价低于最低价，需审批：{name}',
  deptMissing: '结算科室不存在',
  salesRequired: '请选择销售人员',
  salesTooMany: '销售人员最多10人',
  userMissing: '销售人员不存在或已停用',
  orderRequired: '请选择订单',
  orderMissing: '订单不存在',
  orderCancelled: '订单已作废',
  orderCharged: MoneyMsg.orderCharged,
  batchTaken: '重复提交，请刷新后重试',
  saved: '开单成功',
  cancelled: '订单已作废',
} as const;

const orderText = {
  remark: { label: '备注', max: 500, multiline: true },
  discountReason: { label: '折扣原因', max: 500, multiline: true },
} as const;

/**
 * 折扣审批 (discount-approval.ts): the reason is required and, when the flow lets the applicant
 * choose, the approver, whenever a line is below the floor; ignored otherwise.
 */
const discountFields = {
  discountReason: optionalText(orderText.discountReason),
  checkUserId: optionalId('审批人有误'),
};

export const salesShareSchema = z.object({
  userId: idField(OrderMsg.salesRequired),
  rate: intField(MoneyMsg.splitRateInvalid, { min: 1, max: 100 }),
});

/**
 * One line: a catalogue project, how many of its packages (each the project's sessions), the deal
 * price (blank: the project's 执行价 × quantity), the settlement department (blank: the project's)
 * and the salespeople's split. Prices come from the catalogue, never from the client.
 */
export const orderLineSchema = z.object({
  projectId: idField(OrderMsg.projectRequired),
  quantity: intWithDefault(OrderMsg.quantityInvalid, 1, { min: 1, max: 999 }),
  dealPrice: yuanField(OrderMsg.dealPriceInvalid).optional(),
  deptId: nullableId(OrderMsg.deptMissing).default(null),
  salespeople: z
    .array(salesShareSchema, { error: OrderMsg.salesRequired })
    .min(1, { error: OrderMsg.salesRequired })
    .max(10, { error: OrderMsg.salesTooMany }),
});
export type OrderLineInput = z.infer<typeof orderLineSchema>;

// With set meals (h-moneyweb) an order may have no project lines: the save requires one of either.
const lines = z
  .array(orderLineSchema, { error: OrderMsg.linesRequired })
  .max(100, { error: OrderMsg.linesTooMany })
  .default([]);

/**
 * A set meal chosen on the order (set-meal-lines.ts): its items as the page shows them (project,
 * sessions, in-meal price in yuan), checked against the stored set meal; the group's deal price
 * only when the set meal is price-editable; one settlement department (blank: each project's) and
 * one split of salespeople for the group.
 */
export const setMealLineSchema = z.object({
  setMealId: idField('请选择套餐'),
  items: z
    .array(
      z.object({
        projectId: idField(OrderMsg.projectRequired),
        sessions: intField(MoneyMsg.sessionsInvalid, { min: 1, max: 9999 }),
        price: yuanField(OrderMsg.dealPriceInvalid),
      }),
      { error: OrderMsg.linesRequired },
    )
    .max(50, { error: OrderMsg.linesTooMany }),
  dealPrice: yuanField(OrderMsg.dealPriceInvalid).optional(),
  deptId: nullableId(OrderMsg.deptMissing).default(null),
  salespeople: z
    .array(salesShareSchema, { error: OrderMsg.salesRequired })
    .min(1, { error: OrderMsg.salesRequired })
    .max(10, { error: OrderMsg.salesTooMany }),
});
export type SetMealLineInput = z.infer<typeof setMealLineSchema>;
const setMeals = z
  .array(setMealLineSchema, { error: OrderMsg.linesRequired })
  .max(20, { error: OrderMsg.linesTooMany })
  .default([]);

export const orderSaveSchema = z.object({
  customerId: idField(OrderMsg.customerRequired),
  visitId: optionalId(OrderMsg.orderMissing),
  lines,
  setMeals,
  remark: optionalText(orderText.remark),
  ...discountFields,
  batchId: formBatchId,
});
export type OrderSaveInput = z.infer<typeof orderSaveSchema>;

export const orderUpdateSchema = z.object({
  orderId: idField(OrderMsg.orderRequired),
  lines,
  setMeals,
  remark: optionalText(orderText.remark),
  ...discountFields,
});
export type OrderUpdateInput = z.infer<typeof orderUpdateSchema>;

export const orderIdSchema = z.object({ orderId: idField(OrderMsg.orderRequired) });

/** The answer of save and update: the order as the cashier will see it. Money in fen. */
export const orderAnswerSchema = z.object({
  orderId: z.number().int(),
  number: z.string(),
  status: z.number().int(),
  payable: z.number().int(),
  lines: z.array(
    z.object({
      lineId: z.number().int(),
      projectId: z.number().int().nullable(),
      /** The set meal the line is an item of (h-moneyweb). */
      setMealId: z.number().int().nullable(),
      // One set meal twice is two groups (h-money22).
      setMealGroup: z.number().int().nullable(),
      name: z.string(),
      sessions: z.number().int(),
      price: z.number().int(),
      salesPrice: z.number().int(),
      dealPrice: z.number().int(),
      discount: z.number(),
    }),
  ),
});
export type OrderAnswer = z.infer<typeof orderAnswerSchema>;

/** Charging an order at the cashier's desk. */
export const ChargeMsg = {
  orderPendingApproval: '订单待审批，审批通过后才能收费',
  methodRequired: '请选择支付方式',
  amountInvalid: '支付金额须大于0，最多两位小数',
  paymentsTooMany: '支付方式最多7种',
  charged: '收费成功',
} as const;

export const chargePaymentSchema = z.object({
  method: z.enum(['cash', 'wechat', 'alipay', 'card', 'principal', 'gift', 'coupon'], {
    error: ChargeMsg.methodRequired,
  }),
  amount: yuanField(ChargeMsg.amountInvalid),
});

/** `clinic/cashier/charge`: the methods and amounts (yuan) the customer pays now; the rest is arrears. */
export const chargeSchema = z.object({
  orderId: idField(OrderMsg.orderRequired),
  payments: z
    .array(chargePaymentSchema, { error: ChargeMsg.methodRequired })
    .max(7, { error: ChargeMsg.paymentsTooMany }),
  // Coupons at the desk (issue 25, h-coupons): the coupon the `coupon` payment spends.
  couponId: optionalId('请选择优惠券'),
});
export type ChargeRequest = z.infer<typeof chargeSchema>;

/** The charge's answer: the order's money after it and the deal records it created. Fen. */
export const chargeAnswerSchema = z.object({
  orderId: z.number().int(),
  status: z.number().int(),
  payable: z.number().int(),
  received: z.number().int(),
  principalUsed: z.number().int(),
  giftUsed: z.number().int(),
  couponUsed: z.number().int(),
  arrears: z.number().int(),
  dealIds: z.array(z.number().int()),
  balances: z.object({ principal: z.number().int(), gift: z.number().int(), arrears: z.number().int() }),
});
export type ChargeAnswer = z.infer<typeof chargeAnswerSchema>;

/** Top-up, repayment and waiver at the desk. */
export const DeskMsg = {
  waiveAmountInvalid: '免除金额须大于0，最多两位小数',
  noArrears: '顾客没有欠款',
  waiveReasonRequired: '请填写免除原因',
  repayFromBalance: '还款不能使用余额或优惠券支付',
  topUpSalesRequired: '请选择充值的销售人员',
} as const;

const deskText = { reason: { label: '免除原因', max: 200 } } as const;

/** `clinic/cashier/topUp` and `repay`: who, the cash methods and amounts (yuan), the batch id. */
export const deskPaymentSchema = z.object({
  customerId: idField(OrderMsg.customerRequired),
  payments: z
    .array(chargePaymentSchema, { error: ChargeMsg.methodRequired })
    .min(1, { error: ChargeMsg.methodRequired })
    .max(7, { error: ChargeMsg.paymentsTooMany }),
  batchId: formBatchId,
});
export type DeskPaymentInput = z.infer<typeof deskPaymentSchema>;

/**
 * `clinic/cashier/topUp`: a desk payment and who sold it. Under the order form's
 * `topUpPerformance: 'paid'` the top-up is their 现金业绩 (absent: the customer's owner, 100 %).
 */
export const topUpSchema = deskPaymentSchema.extend({
  salespeople: z
    .array(salesShareSchema, { error: DeskMsg.topUpSalesRequired })
    .min(1, { error: DeskMsg.topUpSalesRequired })
    .max(10, { error: OrderMsg.salesTooMany })
    .optional(),
});
export type TopUpInput = z.infer<typeof topUpSchema>;

/** `clinic/cashier/waive`: arrears forgiven, oldest deal first, with a reason. */
export const waiveSchema = z.object({
  customerId: idField(OrderMsg.customerRequired),
  amount: yuanField(DeskMsg.waiveAmountInvalid),
  reason: requiredText(deskText.reason, DeskMsg.waiveReasonRequired),
  batchId: formBatchId,
});
export type WaiveInput = z.infer<typeof waiveSchema>;

/** What the desk answers after a top-up, repayment or waiver: the order (none for a waiver) and the balances. Fen. */
export const deskAnswerSchema = z.object({
  orderId: z.number().int().nullable(),
  number: z.string().nullable(),
  amount: z.number().int(),
  gift: z.number().int(),
  balances: z.object({ principal: z.number().int(), gift: z.number().int(), arrears: z.number().int() }),
});
export type DeskAnswer = z.infer<typeof deskAnswerSchema>;

/** 划扣 at the nurses' station and its undo. */
export const TreatMsg = {
  dealRequired: '请选择成交项目',
  dealMissing: '成交项目不存在',
  dealClosed: '该成交项目{status}，不能划扣',
  staffRequired: '请选择配台人员',
  staffTooMany: '配台人员最多20人',
  roleRequired: '请选择配台角色',
  shareInvalid: '分成份额须为1到100的整数',
  staffRepeated: '同一人员同一角色只能出现一次',
  treatmentRequired: '请选择划扣记录',
  treatmentMissing: '划扣记录不存在',
  alreadyUndone: '该划扣已撤销',
  undoOtherDay: '只能撤销当天的划扣',
  roleNotInDept: '配台角色不在该科室的划扣角色中：{role}',
} as const;

const treatText = {
  role: { label: '配台角色', max: 20 },
  remark: { label: '备注', max: 500, multiline: true },
} as const;

/** `CrmCustomerProjectDealRecord/verificationById`: sessions of one deal used by named staff. */
export const verifySchema = z.object({
  dealId: idField(TreatMsg.dealRequired),
  sessions: intWithDefault(MoneyMsg.sessionsInvalid, 1, { min: 1, max: 9999 }),
  staff: z
    .array(
      z.object({
        userId: idField(TreatMsg.staffRequired),
        role: requiredText(treatText.role, TreatMsg.roleRequired),
        share: intWithDefault(TreatMsg.shareInvalid, 1, { min: 1, max: 100 }),
      }),
      { error: TreatMsg.staffRequired },
    )
    .min(1, { error: TreatMsg.staffRequired })
    .max(20, { error: TreatMsg.staffTooMany }),
  deptId: nullableId(OrderMsg.deptMissing).default(null),
  remark: optionalText(treatText.remark),
  // Nurses' station (h-nurse): the visit being treated; a 划扣 on a visit 已收费 starts its treatment.
  visitId: optionalId(VisitMsg.visitMissing),
  batchId: formBatchId,
});
export type VerifyInput = z.infer<typeof verifySchema>;

export const treatmentIdSchema = z.object({ treatmentId: idField(TreatMsg.treatmentRequired) });

export const treatmentAnswerSchema = z.object({
  treatmentId: z.number().int(),
  dealId: z.number().int(),
  sessions: z.number().int(),
  value: z.number().int(),
  status: z.number().int(),
  deal: z.object({ used: z.number().int(), left: z.number().int(), status: z.number().int() }),
  // 顾客评价 (issue 25, h-coupons): the review link made with this 划扣, shown once (absent on a repeat).
  reviewPath: z.string().optional(),
});
export type TreatmentAnswer = z.infer<typeof treatmentAnswerSchema>;

/** `getDealRecord`: a customer's deal records, newest first. */
export const dealListSchema = z.object({ customerId: idField(OrderMsg.customerRequired) });

/** One deal record as lists show it. Money in fen. */
export const dealRecordSchema = z.object({
  dealId: z.number().int(),
  customerId: z.number().int(),
  projectId: z.number().int(),
  name: z.string(),
  orderId: z.number().int().nullable(),
  orderNumber: z.string().nullable(),
  sessionsBought: z.number().int(),
  sessionsUsed: z.number().int(),
  sessionsRefunded: z.number().int(),
  sessionsConverted: z.number().int(),
  sessionsLeft: z.number().int(),
  sessionsHeld: z.number().int(),
  expiresOn: z.string().nullable(),
  dealValue: z.number().int(),
  paidCash: z.number().int(),
  paidPrincipal: z.number().int(),
  paidGift: z.number().int(),
  paidCoupon: z.number().int(),
  arrears: z.number().int(),
  refundedAmount: z.number().int(),
  kind: z.number().int(),
  originalDealId: z.number().int().nullable(),
  status: z.number().int(),
  createTime: apiTime,
});
export type DealRecordRow = z.infer<typeof dealRecordSchema>;

/** `queryTrackingRecord`: one deal's timeline. */
export const dealIdSchema = z.object({ dealId: idField(TreatMsg.dealRequired) });

/** What happened to a deal: charge, treatment, undo, arrears, repay, waive, refund, conversion. Fen. */
export const trackingEventSchema = z.object({
  type: z.enum(['charge', 'treatment', 'undo', 'arrears', 'repay', 'waive', 'refund', 'conversion']),
  time: apiTime,
  /** Sessions it moved (negative: given back by an undo). */
  sessions: z.number().int(),
  amount: z.number().int(),
  /** The order, treatment, arrears row, refund or conversion. */
  refId: z.number().int(),
  userId: z.number().int().nullable(),
  remark: z.string(),
});
export type TrackingEvent = z.infer<typeof trackingEventSchema>;

export const moneyContracts = {
  '/CrmCustomerProjectDealRecord/save': orderAnswerSchema,
  '/CrmCustomerProjectDealRecord/update': orderAnswerSchema,
  '/CrmCustomerProjectDealRecord/cancel': z.null(),
  '/clinic/cashier/charge': chargeAnswerSchema,
  '/clinic/cashier/topUp': deskAnswerSchema,
  '/clinic/cashier/repay': deskAnswerSchema,
  '/clinic/cashier/waive': deskAnswerSchema,
  '/CrmCustomerProjectDealRecord/verificationById': treatmentAnswerSchema,
  '/clinic/nurse/undo': treatmentAnswerSchema,
  '/CrmCustomerProjectDealRecord/getDealRecord': z.array(dealRecordSchema),
  '/CrmCustomerProjectDealRecord/queryTrackingRecord': z.array(trackingEventSchema),
};
