import { z } from 'zod';
import { apiTime, pageOf } from '../../contracts/common.ts';
import { idField, intEnum, optionalDay, optionalId, pageFields, searchField } from '../../schemas/fields.ts';
import { VisitMsg } from './messages.ts';
import { appointmentAnswer, visitTypes } from './schemas.ts';

/**
 * The visit list (/record), one visit's story (/entryDetails) and the customer archive's clinic
 * tabs (/customer), issue 23. Money in fen, times `apiTime`; every answer holds only visits and
 * customers the viewer may read.
 */

export const VisitRecordMsg = {
  rangeInvalid: '开始日期不能晚于结束日期',
  statusInvalid: '请选择就诊状态',
  dealInvalid: '请选择成交状态',
} as const;

const visitStatuses = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
const dealStatuses = [0, 1, 2] as const;

/** The filters of the visit list and its export: arrival days (company zone), who, what, how far. */
const visitFilters = {
  from: optionalDay(VisitMsg.dayInvalid),
  to: optionalDay(VisitMsg.dayInvalid),
  storeId: optionalId(VisitMsg.storeRequired),
  shopId: optionalId('请选择来源门店'),
  consultantId: optionalId(VisitMsg.userMissing),
  doctorId: optionalId(VisitMsg.userMissing),
  visitType: intEnum(visitTypes, VisitMsg.visitTypeInvalid).optional(),
  status: intEnum(visitStatuses, VisitRecordMsg.statusInvalid).optional(),
  dealStatus: intEnum(dealStatuses, VisitRecordMsg.dealInvalid).optional(),
  /** Customer name, phone or pinyin. */
  search: searchField,
};
const ordered = (v: { from?: string; to?: string }) => !v.from || !v.to || v.from <= v.to;

/** `clinic/visit/queryPageList`: newest arrival first. */
export const visitListSchema = z
  .object({ page: pageFields.page, limit: pageFields.limit, ...visitFilters })
  .refine(ordered, { error: VisitRecordMsg.rangeInvalid, path: ['to'] });
export type VisitListInput = z.infer<typeof visitListSchema>;

/** `clinic/visit/excelExport`: the same filters, the whole filtered list. */
export const visitExportSchema = z
  .object(visitFilters)
  .refine(ordered, { error: VisitRecordMsg.rangeInvalid, path: ['to'] });
export type VisitExportInput = z.infer<typeof visitExportSchema>;

const int = () => z.number().int();
const nullableText = () => z.string().nullable();

export const visitRowAnswer = z.object({
  visitId: int(),
  customerId: int(),
  customerName: z.string(),
  mobile: z.string(),
  storeId: int(),
  storeName: z.string(),
  shopId: int().nullable(),
  shopName: nullableText(),
  visitType: int(),
  status: int(),
  dealStatus: int(),
  consultantName: nullableText(),
  doctorName: nullableText(),
  arrivedTime: apiTime,
  leftTime: apiTime.nullable(),
  /** Σ payable of the visit's charged orders. */
  charged: int(),
});
export type VisitRow = z.infer<typeof visitRowAnswer>;
export type VisitRowData = z.input<typeof visitRowAnswer>;

export const visitDetailSchema = z.object({ visitId: idField(VisitMsg.visitRequired) });

const eventAnswer = z.object({
  fromStatus: int().nullable(),
  toStatus: int(),
  userName: nullableText(),
  time: apiTime,
});
const noteAnswer = z.object({
  noteId: int(),
  kind: int(),
  userName: nullableText(),
  content: z.string(),
  time: apiTime,
});
const visitOrderAnswer = z.object({
  orderId: int(),
  number: z.string(),
  kind: int(),
  status: int(),
  payable: int(),
  received: int(),
  principalUsed: int(),
  giftUsed: int(),
  couponUsed: int(),
  arrears: int(),
  createTime: apiTime,
  chargedTime: apiTime.nullable(),
  lines: z.array(z.object({ lineId: int(), name: z.string(), quantity: int(), sessions: int(), dealPrice: int() })),
  payments: z.array(z.object({ method: z.string(), amount: int() })),
});
export const treatmentRowAnswer = z.object({
  treatmentId: int(),
  dealId: int(),
  projectName: z.string(),
  sessions: int(),
  value: int(),
  deptName: nullableText(),
  /** The staff with their roles: "张三(医生)、李四(护士)". */
  staff: z.string(),
  /** TreatmentStatus: 1 normal, 2 undone. */
  status: int(),
  remark: z.string(),
  time: apiTime,
});
export type TreatmentRow = z.infer<typeof treatmentRowAnswer>;
const followUpAnswer = z.object({
  followId: int(),
  category: z.string(),
  content: z.string(),
  userName: nullableText(),
  time: apiTime,
});

/** `clinic/visit/detail`: one visit's whole story. */
export const visitDetailAnswer = z.object({
  visit: visitRowAnswer.extend({
    appointmentId: int().nullable(),
    deptName: nullableText(),
    triageUserName: nullableText(),
    noDealReason: z.string(),
    remark: z.string(),
    statusTime: apiTime,
  }),
  /** Each status with when and who, oldest first. */
  events: z.array(eventAnswer),
  /** Every station's notes (1 分诊, 2 面诊, 3 医生), oldest first. */
  notes: z.array(noteAnswer),
  orders: z.array(visitOrderAnswer),
  /** 划扣 of the customer while the visit lasted (arrival to leaving, or the arrival's day). */
  treatments: z.array(treatmentRowAnswer),
  /** The customer's follow-ups from this arrival until the next one. */
  followUps: z.array(followUpAnswer),
});
export type VisitDetail = z.infer<typeof visitDetailAnswer>;
export type VisitDetailData = z.input<typeof visitDetailAnswer>;

/** The archive's paged tabs: one customer. */
export const archivePageSchema = z.object({
  customerId: idField(VisitMsg.customerRequired),
  page: pageFields.page,
  limit: pageFields.limit,
});
export type ArchivePageInput = z.infer<typeof archivePageSchema>;

export const ledgerRowAnswer = z.object({
  ledgerId: int(),
  /** BalanceCause: topUp, tierGift, charge, refund, conversion, adjust. */
  cause: z.string(),
  sourceId: int().nullable(),
  principalDelta: int(),
  giftDelta: int(),
  principalAfter: int(),
  giftAfter: int(),
  time: apiTime,
});
export type LedgerRow = z.infer<typeof ledgerRowAnswer>;

export const recordContracts = {
  '/clinic/visit/queryPageList': pageOf(visitRowAnswer),
  '/clinic/visit/detail': visitDetailAnswer,
  '/clinic/customer/visits': pageOf(visitRowAnswer),
  '/clinic/customer/appointments': z.array(appointmentAnswer),
  '/clinic/customer/treatments': pageOf(treatmentRowAnswer),
  '/clinic/customer/ledger': pageOf(ledgerRowAnswer),
};
