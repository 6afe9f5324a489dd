import { z } from 'zod';
import { apiTime, pageOf } from '../contracts/common.ts';
import { boolish, idField, optionalDay, pageFields, searchField } from '../schemas/fields.ts';
import { OrderMsg } from './money/orders.ts';

/**
 * The cashier desk's reads (issue 22, /workflow/cashierDesk and /printCashPage): the unpaid
 * orders, the customers' accounts (top-up picker and the arrears tab), the day's orders with
 * totals per method, the top-up tiers and the receipt. Money in fen, as every money answer.
 */

export const CashierMsg = {
  dayInvalid: '日期格式有误',
  notCharged: '订单未收费，不能打印小票',
} as const;

/** Page and size only: these answers carry totals beside the page, so there is no whole-list form. */
const paging = { page: pageFields.page, limit: pageFields.limit };

const int = () => z.number().int();
const balancesSchema = z.object({ principal: int(), gift: int(), arrears: int() });

/** `clinic/cashier/queryUnpaid`: 待收费 orders, newest first; search by customer name, phone or order number. */
export const unpaidQuerySchema = z.object({ ...paging, search: searchField });
export type UnpaidQuery = z.infer<typeof unpaidQuerySchema>;

export const unpaidOrderSchema = z.object({
  orderId: int(),
  number: z.string(),
  customerId: int(),
  customerName: z.string(),
  mobile: z.string(),
  /** "光子嫩肤 ×1、水光针 ×2": what the charge dialog and the list show of the lines. */
  summary: z.string(),
  payable: int(),
  createUserName: z.string(),
  remark: z.string(),
  createTime: apiTime,
  /** The customer's balances now, so the charge dialog needs no second call. */
  balances: balancesSchema,
});
export type UnpaidOrder = z.infer<typeof unpaidOrderSchema>;

/** The unpaid page, with the order form's 允许欠款 switch the charge dialog follows. */
/** The unpaid list counts at most this many orders (h-money22): beyond it `totalRow` stops here and `more` is set. */
export const UNPAID_COUNT_CAP = 1000;
export const unpaidPageSchema = pageOf(unpaidOrderSchema).extend({
  arrearsAllowed: z.boolean(),
  /** More orders match than `UNPAID_COUNT_CAP`: `totalRow` is the cap (a search narrows the list). */
  more: z.boolean(),
});

/** `clinic/cashier/queryAccounts`: customers with their balances; `owing` keeps those with arrears. */
export const accountQuerySchema = z.object({ ...paging, search: searchField, owing: boolish.optional() });
export type AccountQuery = z.infer<typeof accountQuerySchema>;

export const accountRowSchema = z.object({
  customerId: int(),
  customerName: z.string(),
  mobile: z.string(),
  ...balancesSchema.shape,
  // The top-up's default salesperson (h-money22): the customer's owner.
  ownerUserId: int(),
  ownerName: z.string(),
});
export type AccountRow = z.infer<typeof accountRowSchema>;

/** `clinic/cashier/queryCharged`: one business day's charged and voided orders (default: today). */
export const chargedQuerySchema = z.object({ ...paging, day: optionalDay(CashierMsg.dayInvalid) });
export type ChargedQuery = z.infer<typeof chargedQuerySchema>;

const methodTotals = {
  cash: int(),
  wechat: int(),
  alipay: int(),
  card: int(),
  principal: int(),
  gift: int(),
  coupon: int(),
};
export const totalsSchema = z.object({ count: int(), payable: int(), ...methodTotals, arrears: int() });
export type CashierTotals = z.infer<typeof totalsSchema>;

export const chargedOrderSchema = z.object({
  orderId: int(),
  number: z.string(),
  kind: int(),
  status: int(),
  customerId: int(),
  customerName: z.string(),
  payable: int(),
  ...methodTotals,
  arrears: int(),
  cashierName: z.string(),
  /** When it was charged, or voided for a voided order. */
  time: apiTime,
});
export type ChargedOrder = z.infer<typeof chargedOrderSchema>;

/** The page with its own totals and the whole day's (voided orders count in neither). */
export const chargedPageSchema = pageOf(chargedOrderSchema).extend({
  day: z.string(),
  pageTotals: totalsSchema,
  totals: totalsSchema,
});

/** `clinic/cashier/topUpTiers`: the recharge tiers active today, for the top-up dialog. */
export const topUpTierSchema = z.object({ id: int(), name: z.string(), threshold: int(), gift: int() });

/** `clinic/cashier/receipt`: what /printCashPage prints; charged orders only. */
export const receiptQuerySchema = z.object({ orderId: idField(OrderMsg.orderRequired) });

export const receiptSchema = z.object({
  orderId: int(),
  number: z.string(),
  kind: int(),
  status: int(),
  companyName: z.string(),
  /** The customer's source shop, if any. */
  storeName: z.string(),
  customerId: int(),
  customerName: z.string(),
  /** The phone with its middle four digits hidden: a receipt leaves the clinic. */
  mobile: z.string(),
  lines: z.array(
    z.object({
      name: z.string(),
      quantity: int(),
      sessions: int(),
      price: int(),
      dealPrice: int(),
      discount: z.number(),
    }),
  ),
  payable: int(),
  /** The cash methods paid, in the desk's order. */
  payments: z.array(z.object({ method: z.string(), amount: int() })),
  received: int(),
  principalUsed: int(),
  giftUsed: int(),
  couponUsed: int(),
  arrears: int(),
  /** Gift money a top-up's tier gave. */
  giftGiven: int(),
  /** The customer's balances right after this order (the ledgers' rows up to it). */
  balancesAfter: balancesSchema,
  cashierName: z.string(),
  createUserName: z.string(),
  chargedTime: apiTime,
});
export type Receipt = z.infer<typeof receiptSchema>;

export const cashierContracts = {
  '/clinic/cashier/queryUnpaid': unpaidPageSchema,
  '/clinic/cashier/queryAccounts': pageOf(accountRowSchema),
  '/clinic/cashier/queryCharged': chargedPageSchema,
  '/clinic/cashier/topUpTiers': z.array(topUpTierSchema),
  '/clinic/cashier/receipt': receiptSchema,
};
