import { boolean, date, index, integer, jsonb, numeric, pgTable, serial, smallint, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../../db/columns.ts';
import { oaExamines } from '../tables.ts';

/**
 * The dedicated approval types' own rows, each keyed by the approval (examine_id). Leave and
 * expense lines have columns (leave balances and amounts are summed in SQL); the one-block
 * types (card reissue, forecast, resignation, probation) keep their block as JSON.
 */

/** 请假 (oaExamineLeave): one row per approval; the applicant is copied in for the balance index. */
export const oaExamineLeaves = pgTable(
  'oa_examine_leave',
  {
    examineId: integer('examine_id')
      .primaryKey()
      .references(() => oaExamines.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    leaveType: smallint('leave_type').notNull(),
    startTime: date('start_time', { mode: 'string' }).notNull(),
    endTime: date('end_time', { mode: 'string' }).notNull(),
    duration: numeric('duration', { precision: 8, scale: 2, mode: 'number' }).notNull(),
    handoverUserId: integer('handover_user_id').notNull(),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
  },
  // 今年已用: a person's leave of one type in a year.
  (t) => [index('oa_examine_leave_user_idx').on(t.userId, t.leaveType, t.startTime)],
);

/**
 * Lines of the expense family (差旅报销 travel, 备用金 reserveFund, 付款 payment, 行政费用
 * administrative), in their order. Columns a kind does not use stay null.
 */
export const oaExamineExpenseLines = pgTable(
  'oa_examine_expense_line',
  {
    id: serial('id').primaryKey(),
    examineId: integer('examine_id')
      .notNull()
      .references(() => oaExamines.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 20 }).notNull(),
    seq: smallint('seq').notNull(),
    money: numeric('money', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    /** travel startTime, reserveFund useDate, payment payTime, administrative recordDate. */
    startDate: date('start_date', { mode: 'string' }),
    /** travel endTime, reserveFund returnDate. */
    endDate: date('end_date', { mode: 'string' }),
    /** travel description, reserveFund/payment cause, administrative detail. */
    description: varchar('description', { length: 200 }).notNull().default(''),
    vehicle: varchar('vehicle', { length: 20 }),
    endAddress: varchar('end_address', { length: 50 }),
    payee: varchar('payee', { length: 50 }),
    bankAccount: varchar('bank_account', { length: 30 }),
    bankDeposit: varchar('bank_deposit', { length: 50 }),
  },
  (t) => [index('oa_examine_expense_line_examine_idx').on(t.examineId, t.seq)],
);

/** The one-block types' block (补卡, 业绩预估, 离职, 转正) as the shared schema parsed it. */
export const oaExamineBlocks = pgTable('oa_examine_block', {
  examineId: integer('examine_id')
    .primaryKey()
    .references(() => oaExamines.id, { onDelete: 'cascade' }),
  type: varchar('type', { length: 30 }).notNull(),
  model: jsonb('model').$type<Record<string, unknown>>().notNull(),
});

/** Payee labels (OaExamineBankLabel): a person's saved payees for the payment form. */
export const oaExamineBankLabels = pgTable(
  'oa_examine_bank_label',
  {
    id: serial('label_id').primaryKey(),
    userId: integer('user_id').notNull(),
    payee: varchar('payee', { length: 50 }).notNull(),
    bankCard: varchar('bank_card', { length: 30 }).notNull(),
    bankOfDeposit: varchar('bank_of_deposit', { length: 50 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('oa_examine_bank_label_user_idx').on(t.userId, t.id)],
);

/**
 * 追加单 guests (oaExamineAdditionalOrderList): one row per guest, in the form's order. The
 * guest is a customer (form_type 1, crm_customer) or a shop (form_type 2, crm_store) by
 * `customer_id`; the (form_type, customer_id) index answers "this guest's additional orders"
 * (the pickers' latest shareholder answer). The task is the approval's, kept in oa_examine_block.
 */
export const oaExamineAdditionalOrderGuests = pgTable(
  'oa_examine_additional_order',
  {
    id: serial('id').primaryKey(),
    examineId: integer('examine_id')
      .notNull()
      .references(() => oaExamines.id, { onDelete: 'cascade' }),
    seq: smallint('seq').notNull(),
    formType: smallint('form_type').notNull(),
    customerId: integer('customer_id').notNull(),
    customerName: varchar('customer_name', { length: 50 }).notNull(),
    /** The record's owner when it was booked. */
    userId: integer('user_id'),
    phone: varchar('phone', { length: 11 }).notNull(),
    age: varchar('age', { length: 2 }).notNull().default(''),
    /** 1 male, 2 female, 0 unknown. */
    gender: smallint('gender').notNull().default(0),
    bossMobile: varchar('boss_mobile', { length: 20 }).notNull().default(''),
    shopOwnerName: varchar('shop_owner_name', { length: 50 }).notNull().default(''),
    hasOldCustomer: boolean('has_old_customer').notNull().default(false),
    relation: varchar('relation', { length: 50 }).notNull(),
    projectContent: varchar('project_content', { length: 500 }).notNull(),
    subTime: date('sub_time', { mode: 'string' }),
    needCap: varchar('need_cap', { length: 100 }).notNull().default(''),
    hasStoreShareholder: boolean('has_store_shareholder').notNull().default(false),
    ownerShareholderType: integer('owner_shareholder_type'),
    deptIds: integer('dept_ids').array().notNull(),
    otherPhone: varchar('other_phone', { length: 20 }).notNull().default(''),
    otherName: varchar('other_name', { length: 20 }).notNull().default(''),
    tips: varchar('tips', { length: 200 }).notNull().default(''),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    appointDesignerUserId: integer('appoint_designer_user_id'),
    ownerUserDeptName: varchar('owner_user_dept_name', { length: 50 }).notNull().default(''),
  },
  (t) => [
    index('oa_examine_additional_order_examine_idx').on(t.examineId, t.seq),
    index('oa_examine_additional_order_guest_idx').on(t.formType, t.customerId, t.examineId),
  ],
);
