import { z } from 'zod';
import { apiTime, pageOf } from '../../contracts/common.ts';
import { idField, intWithDefault, optionalId, optionalInt, pageFields, searchField } from '../../schemas/fields.ts';
import { CatalogueMsg } from '../catalogue.ts';
import { bodyPartTreeSchema, catalogueProjectSchema, projectClassTreeSchema } from '../catalogue-contracts.ts';
import { OrderMsg } from './orders.ts';

/**
 * The money path's reads (docs/clinic-money.md "Reads and the 开单 page"): one order, a customer's
 * orders and account, the discount floor before saving, and the catalogue as the order form offers
 * it. Money in fen, times as `apiTime`.
 */

export const ReadMsg = {
  statusInvalid: '订单状态无效',
} as const;

const fen = z.number().int();
const user = { userId: z.number().int().nullable(), name: z.string() };

export const orderInfoLineSchema = z.object({
  lineId: z.number().int(),
  projectId: z.number().int().nullable(),
  /** The set meal the line is an item of (h-moneyweb); null for a project line. */
  setMealId: z.number().int().nullable(),
  /** Its group among the order's set meals (1-based; h-money22): one set meal twice is two groups. */
  setMealGroup: z.number().int().nullable(),
  name: z.string(),
  quantity: z.number().int(),
  sessions: z.number().int(),
  price: fen,
  salesPrice: fen,
  dealPrice: fen,
  discount: z.number(),
  deptId: z.number().int().nullable(),
  deptName: z.string(),
  salespeople: z.array(z.object({ userId: z.number().int(), name: z.string(), rate: z.number().int() })),
});
export type OrderInfoLine = z.infer<typeof orderInfoLineSchema>;

/** `/clinic/order/info`: an order with its lines, salespeople, payments and who opened and charged it. */
export const orderInfoSchema = z.object({
  orderId: z.number().int(),
  number: z.string(),
  businessDay: z.string(),
  customerId: z.number().int(),
  customerName: z.string(),
  kind: z.number().int(),
  status: z.number().int(),
  payable: fen,
  received: fen,
  principalUsed: fen,
  giftUsed: fen,
  couponUsed: fen,
  arrears: fen,
  /** The 折扣审批 approval while the order waits for it (null: none). */
  examineId: z.number().int().nullable(),
  remark: z.string(),
  createUser: z.object(user),
  cashier: z.object(user),
  createTime: apiTime,
  chargedTime: apiTime.nullable(),
  lines: z.array(orderInfoLineSchema),
  payments: z.array(z.object({ method: z.string(), amount: fen })),
});
export type OrderInfo = z.infer<typeof orderInfoSchema>;

/** `/clinic/order/queryList`: a customer's orders, newest first; `status` narrows to one state. */
export const orderListSchema = z.object({
  customerId: idField(OrderMsg.customerRequired),
  status: optionalInt(ReadMsg.statusInvalid, { min: 0, max: 6 }),
  ...pageFields,
});
export type OrderListInput = z.infer<typeof orderListSchema>;

export const orderRowSchema = z.object({
  orderId: z.number().int(),
  number: z.string(),
  kind: z.number().int(),
  status: z.number().int(),
  payable: fen,
  received: fen,
  principalUsed: fen,
  giftUsed: fen,
  arrears: fen,
  /** The lines' names, joined with 、. */
  items: z.string(),
  createUserId: z.number().int(),
  createUserName: z.string(),
  createTime: apiTime,
  chargedTime: apiTime.nullable(),
});
export type OrderRow = z.infer<typeof orderRowSchema>;

/** `/clinic/account/info`: a customer's counters; zeros before the first money change. */
export const accountInfoInputSchema = z.object({ customerId: idField(OrderMsg.customerRequired) });
export const accountInfoSchema = z.object({
  customerId: z.number().int(),
  principal: fen,
  gift: fen,
  arrears: fen,
  totalPaid: fen,
  totalConsumed: fen,
  firstVisitTime: apiTime.nullable(),
  lastVisitTime: apiTime.nullable(),
  lastTreatmentTime: apiTime.nullable(),
  // 会员卡号 (issue 23, h-visit23): shown wherever the balances are.
  cardNumber: z.string().nullable(),
});
export type AccountInfo = z.infer<typeof accountInfoSchema>;

/** `/clinic/order/floor`: the current user's discount floor for lines not yet saved. */
export const floorInputSchema = z.object({
  lines: z
    .array(
      z.object({
        projectId: idField(OrderMsg.projectRequired),
        quantity: intWithDefault(OrderMsg.quantityInvalid, 1, { min: 1, max: 999 }),
      }),
      { error: OrderMsg.linesRequired },
    )
    .min(1, { error: OrderMsg.linesRequired })
    .max(100, { error: OrderMsg.linesTooMany }),
});
export type FloorInput = z.infer<typeof floorInputSchema>;
export const floorAnswerSchema = z.object({
  /** The lowest discount rate of the user's roles (percent of 执行价); null: no rate applies. */
  rate: z.number().nullable(),
  /** Per line, in the order asked: the prices × quantity and the lowest deal price allowed. */
  lines: z.array(
    z.object({ projectId: z.number().int(), quantity: z.number().int(), price: fen, salesPrice: fen, floor: fen }),
  ),
});
export type FloorAnswer = z.infer<typeof floorAnswerSchema>;

/** `/clinic/order/projects`: the enabled projects the order form offers (class, part, pinyin search). */
export const orderProjectsSchema = z.object({
  ...pageFields,
  classId: optionalId(CatalogueMsg.classMissing),
  partId: optionalId(CatalogueMsg.partMissing),
  search: searchField,
});
export type OrderProjectsInput = z.infer<typeof orderProjectsSchema>;

/** `/clinic/order/catalogue`: the class and body-part trees and the departments the order form picks from. */
export const orderCatalogueSchema = z.object({
  classes: projectClassTreeSchema,
  parts: bodyPartTreeSchema,
  depts: z.array(z.object({ deptId: z.number().int(), name: z.string() })),
});
export type OrderCatalogue = z.infer<typeof orderCatalogueSchema>;

export const moneyReadContracts = {
  '/clinic/order/info': orderInfoSchema,
  '/clinic/order/queryList': pageOf(orderRowSchema),
  '/clinic/account/info': accountInfoSchema,
  '/clinic/order/floor': floorAnswerSchema,
  '/clinic/order/catalogue': orderCatalogueSchema,
  '/clinic/order/projects': pageOf(catalogueProjectSchema),
};
