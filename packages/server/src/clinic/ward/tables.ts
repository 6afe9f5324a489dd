import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { customers } from '../../crm/customer/tables.ts';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { departments, users } from '../../db/schema.ts';
import { projectClasses, projects } from '../catalogue/tables.ts';
import { orders } from '../money/tables.ts';
import { visits } from '../visits/tables.ts';

/**
 * The inpatient station (住院, docs/clinic-ward.md): beds of a store's rooms, admissions of a
 * visit into a bed, and the follow-up plans (回访计划) a treatment or a discharge applies.
 */

/** A bed: store, room (one of the store's rooms), number; shared `BedStatus`. */
export const beds = pgTable(
  'clinic_bed',
  {
    id: serial('bed_id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    room: varchar('room', { length: 30 }).notNull(),
    number: varchar('number', { length: 20 }).notNull(),
    /** 1 空闲, 2 占用, 3 预留, 4 停用; 占用 exactly while an admission is open on it. */
    status: smallint('status').notNull().default(1),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('clinic_bed_number_uq').on(t.storeId, t.room, t.number),
    check('clinic_bed_status_ck', sql`${t.status} between 1 and 4`),
  ],
);

/** A stay: a visit in a bed with its doctor and nurse; the deposit is a top-up order. */
export const admissions = pgTable(
  'clinic_admission',
  {
    id: serial('admission_id').primaryKey(),
    visitId: integer('visit_id')
      .notNull()
      .references(() => visits.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    storeId: integer('store_id').notNull(),
    bedId: integer('bed_id')
      .notNull()
      .references(() => beds.id),
    doctorId: integer('doctor_id')
      .notNull()
      .references(() => users.id),
    nurseId: integer('nurse_id')
      .notNull()
      .references(() => users.id),
    expectedDays: smallint('expected_days').notNull(),
    /** 1 住院中, 2 已出院. */
    status: smallint('status').notNull().default(1),
    admittedTime: timestamp('admitted_time', { withTimezone: true }).notNull().defaultNow(),
    dischargedTime: timestamp('discharged_time', { withTimezone: true }),
    depositOrderId: integer('deposit_order_id').references(() => orders.id),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    dischargeRemark: varchar('discharge_remark', { length: 200 }).notNull().default(''),
    batchId: varchar('batch_id', { length: 40 }).notNull(),
    createUserId: integer('create_user_id').notNull(),
    dischargeUserId: integer('discharge_user_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Two admits to one bed at once: the second insert is refused here even past the bed's lock.
    uniqueIndex('clinic_admission_bed_open_uq').on(t.bedId).where(sql`status = 1`),
    uniqueIndex('clinic_admission_visit_open_uq').on(t.visitId).where(sql`status = 1`),
    uniqueIndex('clinic_admission_batch_uq').on(t.batchId),
    index('clinic_admission_store_idx').on(t.storeId, t.status),
    index('clinic_admission_customer_idx').on(t.customerId, t.admittedTime.desc()),
    check('clinic_admission_days_ck', sql`${t.expectedDays} between 1 and 365`),
  ],
);

/**
 * The bed log (issue 23, h-visit23): one row per change of a bed, written in the change's
 * transaction. `bed_id` is the bed the row is about (a move's new bed); `from_bed_id` the bed a
 * move left. The admission (and so the customer) when a patient was involved.
 */
export const bedLog = pgTable(
  'clinic_bed_log',
  {
    id: bigserial('log_id', { mode: 'number' }).primaryKey(),
    /** Shared `BedLogKind`: 1 入住, 2 换床, 3 出院, 4 预留, 5 取消预留, 6 停用, 7 启用. */
    kind: smallint('kind').notNull(),
    bedId: integer('bed_id')
      .notNull()
      .references(() => beds.id, { onDelete: 'cascade' }),
    fromBedId: integer('from_bed_id').references(() => beds.id, { onDelete: 'cascade' }),
    admissionId: integer('admission_id').references(() => admissions.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    // A bed's history reads both: the rows about it and the moves that left it.
    index('clinic_bed_log_bed_idx').on(t.bedId, t.createdAt),
    index('clinic_bed_log_from_idx').on(t.fromBedId, t.createdAt).where(sql`from_bed_id is not null`),
    index('clinic_bed_log_admission_idx').on(t.admissionId, t.createdAt).where(sql`admission_id is not null`),
    check('clinic_bed_log_kind_ck', sql`${t.kind} between 1 and 7`),
  ],
);

/** followUpConfig (回访计划): a plan applied after a treatment of a project or class, or a discharge. */
export const followUpPlans = pgTable(
  'clinic_follow_up_plan',
  {
    id: serial('plan_id').primaryKey(),
    name: varchar('name', { length: 50 }).notNull(),
    /** 'treatment' or 'discharge'. */
    trigger: varchar('trigger', { length: 20 }).notNull(),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    projectClassId: integer('project_class_id').references(() => projectClasses.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('clinic_follow_up_plan_name_uq').on(t.name),
    index('clinic_follow_up_plan_trigger_idx').on(t.trigger, t.enabled, t.sort),
  ],
);
export const followUpPlanSteps = pgTable(
  'clinic_follow_up_plan_step',
  {
    planId: integer('plan_id')
      .notNull()
      .references(() => followUpPlans.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    dayOffset: smallint('day_offset').notNull(),
    role: varchar('role', { length: 20 }).notNull(),
    content: varchar('content', { length: 200 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.position] })],
);
