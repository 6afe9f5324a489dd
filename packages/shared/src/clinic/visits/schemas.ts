import { z } from 'zod';
import { apiTime } from '../../contracts/common.ts';
import { formBatchId } from '../../records/schemas.ts';
import { idField, intEnum, isDay, nullableId, optionalInt, optionalText } from '../../schemas/fields.ts';
import { timeInput } from '../../time/field.ts';
import { VisitMsg } from './messages.ts';
import { minutesOf } from './rules.ts';

/** Requests and answers of /clinic/booking/* and /clinic/visit/* (docs/clinic-visits.md). */

const day = z.string({ error: VisitMsg.dayInvalid }).refine(isDay, { error: VisitMsg.dayInvalid });
const remark = optionalText({ label: '备注', max: 200, multiline: true });
const room = optionalText({ label: '诊室', max: 30 });
const person = (msg: string) => nullableId(msg).default(null);

export const appointmentKinds = [1, 2, 3] as const;
export const visitTypes = [1, 2, 3, 4, 5] as const;

/** Who and where an appointment is with: each may be left empty. */
const placing = {
  doctorId: person(VisitMsg.userMissing),
  consultantId: person(VisitMsg.userMissing),
  technicianId: person(VisitMsg.userMissing),
  deptId: person(VisitMsg.deptMissing),
  room,
};

/** `clinic/booking/create`: minutes blank → the store's slot length. */
export const appointmentCreateSchema = z.object({
  customerId: idField(VisitMsg.customerRequired),
  storeId: idField(VisitMsg.storeRequired),
  kind: intEnum(appointmentKinds, VisitMsg.kindInvalid, 1),
  startTime: timeInput(VisitMsg.startRequired),
  minutes: optionalInt(VisitMsg.minutesInvalid, { min: 5, max: 720 }),
  ...placing,
  projectIds: z.array(idField(VisitMsg.appointmentRequired)).max(20).default([]),
  remark,
  batchId: formBatchId,
});
export type AppointmentCreateInput = z.infer<typeof appointmentCreateSchema>;

/**
 * `clinic/booking/update`: move in time or to another column (a drag) or change who and what.
 * A field left out keeps its value; null clears a person, department or room.
 */
export const appointmentUpdateSchema = z.object({
  appointmentId: idField(VisitMsg.appointmentRequired),
  kind: intEnum(appointmentKinds, VisitMsg.kindInvalid).optional(),
  startTime: timeInput(VisitMsg.startRequired).optional(),
  minutes: optionalInt(VisitMsg.minutesInvalid, { min: 5, max: 720 }),
  doctorId: nullableId(VisitMsg.userMissing).optional(),
  consultantId: nullableId(VisitMsg.userMissing).optional(),
  technicianId: nullableId(VisitMsg.userMissing).optional(),
  deptId: nullableId(VisitMsg.deptMissing).optional(),
  room: room.optional(),
  remark: remark.optional(),
});
export type AppointmentUpdateInput = z.infer<typeof appointmentUpdateSchema>;

export const appointmentIdSchema = z.object({ appointmentId: idField(VisitMsg.appointmentRequired) });
export const appointmentCancelSchema = z.object({
  appointmentId: idField(VisitMsg.appointmentRequired),
  reason: optionalText({ label: '取消原因', max: 200 }),
});
/** Arrival from a booking: the visit type blank → the one the history suggests. */
export const appointmentArriveSchema = z.object({
  appointmentId: idField(VisitMsg.appointmentRequired),
  visitType: intEnum(visitTypes, VisitMsg.visitTypeInvalid).optional(),
});

export const boardColumns = ['doctor', 'consultant', 'technician', 'dept', 'room'] as const;
export type BoardColumn = (typeof boardColumns)[number];

/** `clinic/booking/board`: one store's day or week (Monday to Sunday) in columns. */
export const boardSchema = z.object({
  storeId: idField(VisitMsg.storeRequired),
  day,
  span: z.enum(['day', 'week'], { error: VisitMsg.spanInvalid }).default('day'),
  column: z.enum(boardColumns, { error: VisitMsg.columnInvalid }).default('doctor'),
});
export type BoardInput = z.infer<typeof boardSchema>;

export const customerIdSchema = z.object({ customerId: idField(VisitMsg.customerRequired) });
export const bookingStoreSchema = z.object({ storeId: idField(VisitMsg.storeRequired) });

const hhmm = z.string({ error: VisitMsg.hoursInvalid }).refine((v) => minutesOf(v) !== null, {
  error: VisitMsg.hoursInvalid,
});

/** `clinic/booking/saveSettings`: one store's hours, slot length, double booking and rooms. */
export const bookingSettingsSchema = z
  .object({
    storeId: idField(VisitMsg.storeRequired),
    opening: hhmm,
    closing: hhmm,
    slotMinutes: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
      z.number({ error: VisitMsg.slotInvalid }).int({ error: VisitMsg.slotInvalid }).min(5).max(240),
    ),
    doubleBooking: z.boolean().default(false),
    rooms: z
      .array(z.string().trim().min(1, { error: VisitMsg.roomInvalid }).max(30, { error: VisitMsg.roomInvalid }))
      .max(50, { error: VisitMsg.roomsTooMany })
      .refine((r) => new Set(r).size === r.length, { error: VisitMsg.roomsRepeated })
      .default([]),
  })
  .refine((s) => minutesOf(s.opening)! < minutesOf(s.closing)!, { error: VisitMsg.hoursInvalid });
export type BookingSettingsInput = z.infer<typeof bookingSettingsSchema>;

/** `clinic/visit/walkIn`: a customer without a booking (found or quick-created by the page first). */
export const walkInSchema = z.object({
  customerId: idField(VisitMsg.customerRequired),
  storeId: idField(VisitMsg.storeRequired),
  visitType: intEnum(visitTypes, VisitMsg.visitTypeInvalid).optional(),
  deptId: person(VisitMsg.deptMissing),
  remark,
  batchId: formBatchId,
});
export type WalkInInput = z.infer<typeof walkInSchema>;

/** `clinic/visit/assign`: assign or reassign (until the consultant accepts). */
export const assignSchema = z.object({
  visitId: idField(VisitMsg.visitRequired),
  consultantId: idField(VisitMsg.consultantRequired),
  doctorId: person(VisitMsg.userMissing),
});
export type AssignInput = z.infer<typeof assignSchema>;

export const visitIdSchema = z.object({ visitId: idField(VisitMsg.visitRequired) });
export const queueSchema = z.object({ storeId: idField(VisitMsg.storeRequired) });

// ---- answers ----

export const bookingSettingsAnswer = z.object({
  storeId: z.number().int(),
  storeName: z.string(),
  opening: z.string(),
  closing: z.string(),
  slotMinutes: z.number().int(),
  doubleBooking: z.boolean(),
  rooms: z.array(z.string()),
});
export type BookingSettings = z.infer<typeof bookingSettingsAnswer>;

export const appointmentAnswer = z.object({
  appointmentId: z.number().int(),
  customerId: z.number().int(),
  customerName: z.string(),
  mobile: z.string(),
  storeId: z.number().int(),
  kind: z.number().int(),
  status: z.number().int(),
  startTime: apiTime,
  endTime: apiTime,
  doctorId: z.number().int().nullable(),
  doctorName: z.string().nullable(),
  consultantId: z.number().int().nullable(),
  consultantName: z.string().nullable(),
  technicianId: z.number().int().nullable(),
  technicianName: z.string().nullable(),
  deptId: z.number().int().nullable(),
  deptName: z.string().nullable(),
  room: z.string(),
  projectIds: z.array(z.number().int()),
  remark: z.string(),
  visitId: z.number().int().nullable(),
});
export type Appointment = z.infer<typeof appointmentAnswer>;
/** What the server hands the route layer (times as Dates). */
export type AppointmentData = z.input<typeof appointmentAnswer>;

export const boardAnswer = z.object({
  settings: bookingSettingsAnswer,
  days: z.array(z.string()),
  slots: z.array(z.string()),
  /** key: the user or department id as text, or the room's name; '' is the "not assigned" column. */
  columns: z.array(z.object({ key: z.string(), name: z.string() })),
  /**
   * A booking as its card draws it (who, when, what, status) and the column it stands in: a week
   * holds hundreds, so the rest of the booking (phone, people, projects, remark) is not sent.
   */
  appointments: z.array(
    appointmentAnswer
      .pick({
        appointmentId: true,
        customerId: true,
        customerName: true,
        kind: true,
        status: true,
        startTime: true,
        endTime: true,
      })
      .extend({ column: z.string() }),
  ),
  /** Counts by status code over the board's days. */
  counts: z.record(z.string(), z.number().int()),
});
export type Board = z.infer<typeof boardAnswer>;
export type BoardData = z.input<typeof boardAnswer>;

export const visitAnswer = z.object({
  visitId: z.number().int(),
  customerId: z.number().int(),
  customerName: z.string(),
  mobile: z.string(),
  storeId: z.number().int(),
  appointmentId: z.number().int().nullable(),
  visitType: z.number().int(),
  status: z.number().int(),
  deptId: z.number().int().nullable(),
  consultantId: z.number().int().nullable(),
  consultantName: z.string().nullable(),
  doctorId: z.number().int().nullable(),
  doctorName: z.string().nullable(),
  triageUserId: z.number().int().nullable(),
  arrivedTime: apiTime,
  statusTime: apiTime,
  leftTime: apiTime.nullable(),
  /** Minutes since the visit reached its current station. */
  waited: z.number().int(),
  remark: z.string(),
});
export type Visit = z.infer<typeof visitAnswer>;
export type VisitData = z.input<typeof visitAnswer>;

export const visitTypeAnswer = z.object({ visitType: z.number().int(), earlierVisits: z.number().int() });
export const suggestAnswer = z.object({ userId: z.number().int().nullable(), realname: z.string().nullable() });

export const visitContracts = {
  '/clinic/booking/stores': z.array(bookingSettingsAnswer),
  '/clinic/booking/saveSettings': bookingSettingsAnswer,
  '/clinic/booking/create': appointmentAnswer,
  '/clinic/booking/update': appointmentAnswer,
  '/clinic/booking/confirm': appointmentAnswer,
  '/clinic/booking/cancel': appointmentAnswer,
  '/clinic/booking/arrive': visitAnswer,
  '/clinic/booking/board': boardAnswer,
  '/clinic/booking/history': z.array(appointmentAnswer),
  '/clinic/visit/walkIn': visitAnswer,
  '/clinic/visit/visitType': visitTypeAnswer,
  '/clinic/visit/queue': z.array(visitAnswer),
  '/clinic/visit/today': z.array(appointmentAnswer),
  '/clinic/visit/suggestConsultant': suggestAnswer,
  '/clinic/visit/assign': visitAnswer,
  '/clinic/visit/leave': visitAnswer,
};
