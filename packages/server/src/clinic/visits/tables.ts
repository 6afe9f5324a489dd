import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { customers } from '../../crm/customer/tables.ts';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { departments } from '../../db/schema.ts';

/**
 * Appointments and visits (CLINIC.md "Records", docs/clinic-visits.md). A store is a department
 * with a booking settings row (docs/decisions.md "Clinic stores are departments"). People are
 * plain user ids like every other feature's.
 */

/** One row per store: its hours, slot length, whether a doctor may be double-booked, its rooms. */
export const bookingSettings = pgTable(
  'clinic_booking_setting',
  {
    storeId: integer('store_id')
      .primaryKey()
      .references(() => departments.id, { onDelete: 'cascade' }),
    opening: varchar('open_time', { length: 5 }).notNull().default('09:00'),
    closing: varchar('close_time', { length: 5 }).notNull().default('18:00'),
    slotMinutes: smallint('slot_minutes').notNull().default(30),
    doubleBooking: boolean('double_booking').notNull().default(false),
    rooms: jsonb('rooms').$type<string[]>().notNull().default([]),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('clinic_booking_setting_hours_ck', sql`${t.opening} < ${t.closing}`),
    check('clinic_booking_setting_slot_ck', sql`${t.slotMinutes} between 5 and 240`),
  ],
);

/** 待确认 → 已确认 → 已到店 / 已取消 / 未到 (shared AppointmentStatus). */
export const appointments = pgTable(
  'clinic_appointment',
  {
    id: serial('appointment_id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => departments.id),
    /** 1 面诊, 2 治疗, 3 手术. */
    kind: smallint('kind').notNull().default(1),
    status: smallint('status').notNull().default(1),
    startAt: timestamp('start_time', { withTimezone: true }).notNull(),
    endAt: timestamp('end_time', { withTimezone: true }).notNull(),
    doctorId: integer('doctor_id'),
    consultantId: integer('consultant_id'),
    technicianId: integer('technician_id'),
    deptId: integer('dept_id').references(() => departments.id, { onDelete: 'set null' }),
    room: varchar('room', { length: 30 }).notNull().default(''),
    projectIds: jsonb('project_ids').$type<number[]>().notNull().default([]),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    cancelReason: varchar('cancel_reason', { length: 200 }).notNull().default(''),
    /** The visit its arrival created. */
    visitId: integer('visit_id'),
    batchId: varchar('batch_id', { length: 64 }).notNull(),
    createUserId: integer('create_user_id').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('clinic_appointment_batch_uq').on(t.batchId),
    // The board: a store's appointments by time; the double-booking check: a doctor's by time.
    index('clinic_appointment_store_start_idx').on(t.storeId, t.startAt),
    index('clinic_appointment_doctor_start_idx').on(t.doctorId, t.startAt),
    index('clinic_appointment_customer_idx').on(t.customerId, t.startAt.desc()),
    // h-bi3: the statistics' bookings of a period, every store.
    index('clinic_appointment_start_idx').on(t.startAt),
    // The no-show job: open appointments by end time.
    index('clinic_appointment_open_idx').on(t.endAt).where(sql`status in (1, 2)`),
    check('clinic_appointment_span_ck', sql`${t.endAt} > ${t.startAt}`),
  ],
);

/** One row per arrival; `status` is the station status (shared VisitStatus). */
export const visits = pgTable(
  'clinic_visit',
  {
    id: serial('visit_id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => departments.id),
    appointmentId: integer('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    /** 1 初诊, 2 复诊, 3 再消费, 4 复查, 5 其他. */
    visitType: smallint('visit_type').notNull(),
    status: smallint('status').notNull().default(1),
    /** When the visit reached its current status: the queue's minutes waited. */
    statusAt: timestamp('status_time', { withTimezone: true }).notNull().defaultNow(),
    deptId: integer('dept_id').references(() => departments.id, { onDelete: 'set null' }),
    /** The customer's source shop, copied so channel reports need no join. */
    shopId: integer('shop_id'),
    triageUserId: integer('triage_user_id'),
    consultantId: integer('consultant_id'),
    doctorId: integer('doctor_id'),
    /** When triage last (re)assigned it: the rotation's "who took the last walk-in". */
    assignedAt: timestamp('assigned_time', { withTimezone: true }),
    /** 0 未定, 1 成交, 2 未成交. */
    dealStatus: smallint('deal_status').notNull().default(0),
    noDealReason: varchar('no_deal_reason', { length: 200 }).notNull().default(''),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    arrivedAt: timestamp('arrived_time', { withTimezone: true }).notNull().defaultNow(),
    leftAt: timestamp('left_time', { withTimezone: true }),
    batchId: varchar('batch_id', { length: 64 }),
    createUserId: integer('create_user_id').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('clinic_visit_batch_uq').on(t.batchId),
    // One arrival per booking.
    uniqueIndex('clinic_visit_appointment_uq').on(t.appointmentId),
    // Today's queue: a store's visits by arrival.
    index('clinic_visit_store_arrived_idx').on(t.storeId, t.arrivedAt),
    index('clinic_visit_customer_idx').on(t.customerId, t.arrivedAt.desc()),
    // h-bi3: the statistics' visits of a period, every store.
    index('clinic_visit_arrived_idx').on(t.arrivedAt),
    // The rotation: who took walk-ins today and who is busy.
    index('clinic_visit_consultant_idx').on(t.consultantId, t.arrivedAt),
  ],
);

/** A visit's notes (triage, consult, doctor): children, so stations never overwrite each other. */
export const visitNotes = pgTable(
  'clinic_visit_note',
  {
    id: serial('note_id').primaryKey(),
    visitId: integer('visit_id')
      .notNull()
      .references(() => visits.id, { onDelete: 'cascade' }),
    /** 1 分诊, 2 面诊, 3 医生. */
    kind: smallint('kind').notNull(),
    userId: integer('user_id').notNull(),
    content: text('content').notNull(),
    /** The consultation room's form batch (a double click saves one note); null for triage's. */
    batchId: varchar('batch_id', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [
    index('clinic_visit_note_visit_idx').on(t.visitId, t.createdAt),
    uniqueIndex('clinic_visit_note_batch_uq').on(t.batchId),
  ],
);
