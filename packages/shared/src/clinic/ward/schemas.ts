import { z } from 'zod';
import { apiTime } from '../../contracts/common.ts';
import { formBatchId } from '../../records/schemas.ts';
import { boolish, idField, intField, optionalId, optionalText, requiredText } from '../../schemas/fields.ts';
import { ChargeMsg, chargePaymentSchema } from '../money/orders.ts';
import { visitAnswer } from '../visits/schemas.ts';
import { WardMsg } from './states.ts';

/** Requests and answers of /clinic/ward/* (docs/clinic-ward.md). */

const remark = optionalText({ label: '备注', max: 200, multiline: true });

export const wardStoreSchema = z.object({ storeId: idField(WardMsg.storeRequired) });

/**
 * `clinic/ward/admit`: a visit into a bed with its doctor, nurse and expected days; `deposit` (yuan,
 * cash methods) is taken as a top-up of the customer's balance, so the ledger stays one ledger.
 */
export const admitSchema = z.object({
  bedId: idField(WardMsg.bedRequired),
  visitId: idField(WardMsg.visitRequired),
  doctorId: idField(WardMsg.doctorRequired),
  nurseId: idField(WardMsg.nurseRequired),
  expectedDays: intField(WardMsg.daysInvalid, { min: 1, max: 365 }),
  deposit: z.array(chargePaymentSchema).max(7, { error: ChargeMsg.paymentsTooMany }).default([]),
  remark,
  batchId: formBatchId,
});
export type AdmitInput = z.infer<typeof admitSchema>;

export const moveBedSchema = z.object({
  admissionId: idField(WardMsg.admissionRequired),
  bedId: idField(WardMsg.bedRequired),
});
export type MoveBedInput = z.infer<typeof moveBedSchema>;

export const dischargeSchema = z.object({ admissionId: idField(WardMsg.admissionRequired), remark });
export type DischargeInput = z.infer<typeof dischargeSchema>;

export const bedIdSchema = z.object({ bedId: idField(WardMsg.bedRequired) });
export const reserveBedSchema = z.object({ bedId: idField(WardMsg.bedRequired), remark });

/** Bed management (the store's settings holder): add or edit a bed of one of the store's rooms. */
export const bedSaveSchema = z.object({
  bedId: optionalId(WardMsg.bedRequired),
  storeId: idField(WardMsg.storeRequired),
  room: requiredText({ label: '病房', max: 30 }, WardMsg.roomRequired),
  number: requiredText({ label: '床号', max: 20 }, WardMsg.numberRequired),
  remark,
});
export type BedSaveInput = z.infer<typeof bedSaveSchema>;
export const bedEnabledSchema = z.object({ bedId: idField(WardMsg.bedRequired), enabled: boolish });

// ---- answers ----

export const occupantAnswer = z.object({
  admissionId: z.number().int(),
  visitId: z.number().int(),
  customerId: z.number().int(),
  /** Empty when the viewer may not read the customer (the bed still shows as occupied). */
  customerName: z.string(),
  mobile: z.string(),
  doctorId: z.number().int(),
  doctorName: z.string().nullable(),
  nurseId: z.number().int(),
  nurseName: z.string().nullable(),
  admittedTime: apiTime,
  expectedDays: z.number().int(),
  /** The company-zone day the stay is expected to end. */
  expectedDischarge: z.string(),
  /** Days in the ward so far (the admission day is day 1). */
  days: z.number().int(),
});

export const bedAnswer = z.object({
  bedId: z.number().int(),
  storeId: z.number().int(),
  room: z.string(),
  number: z.string(),
  status: z.number().int(),
  remark: z.string(),
  occupant: occupantAnswer.nullable(),
});
export type Bed = z.infer<typeof bedAnswer>;
export type BedData = z.input<typeof bedAnswer>;

export const wardBoardAnswer = z.object({
  storeId: z.number().int(),
  storeName: z.string(),
  /** The store's rooms in its settings' order, then rooms only beds still name; each with its beds by number. */
  rooms: z.array(z.object({ room: z.string(), beds: z.array(bedAnswer) })),
  /** Beds by status code. */
  counts: z.record(z.string(), z.number().int()),
});
export type WardBoard = z.infer<typeof wardBoardAnswer>;
export type WardBoardData = z.input<typeof wardBoardAnswer>;

export const admissionAnswer = z.object({
  admissionId: z.number().int(),
  bedId: z.number().int(),
  visitId: z.number().int(),
  customerId: z.number().int(),
  status: z.number().int(),
  doctorId: z.number().int(),
  nurseId: z.number().int(),
  expectedDays: z.number().int(),
  admittedTime: apiTime,
  dischargedTime: apiTime.nullable(),
  /** The deposit's top-up order and amount (fen), when one was taken. */
  depositOrderId: z.number().int().nullable(),
  deposit: z.number().int(),
  /** 回访任务 created by the discharge's plan. */
  followUps: z.number().int(),
});
export type Admission = z.infer<typeof admissionAnswer>;
export type AdmissionData = z.input<typeof admissionAnswer>;

export const wardContracts = {
  '/clinic/ward/board': wardBoardAnswer,
  '/clinic/ward/candidates': z.array(visitAnswer),
  '/clinic/ward/admit': admissionAnswer,
  '/clinic/ward/move': admissionAnswer,
  '/clinic/ward/discharge': admissionAnswer,
  '/clinic/ward/reserve': bedAnswer,
  '/clinic/ward/release': bedAnswer,
  '/clinic/ward/saveBed': bedAnswer,
  '/clinic/ward/setBedEnabled': bedAnswer,
};
