import { sql } from 'drizzle-orm';
import { date, index, integer, numeric, pgTable, serial, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { customers } from '../customer/tables.ts';
import { recordColumns } from '../records/kind.ts';

/**
 * Contracts (module 6): the fixed fields as columns, the review's state (`check_status`, DECISIONS
 * "Contracts and receivables review", and the engine's record) and the record columns. The
 * opportunity is a plain id until opportunities exist in this branch.
 */
export const contracts = pgTable(
  'crm_contract',
  {
    id: serial('contract_id').primaryKey(),
    /** Null when created by someone the number is hidden from (unique among those that have one). */
    num: varchar('num', { length: 50 }),
    name: varchar('name', { length: 100 }).notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    businessId: integer('business_id'),
    money: numeric('money', { precision: 12, scale: 2 }).notNull().default('0'),
    orderDate: date('order_date', { mode: 'string' }),
    startTime: date('start_time', { mode: 'string' }),
    endTime: date('end_time', { mode: 'string' }),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    /** 0 待审核 … 5 草稿, 6 作废. */
    checkStatus: smallint('check_status').notNull().default(5),
    /** The approval engine's record (examine_record), once submitted. */
    examineRecordId: integer('examine_record_id'),
    ...recordColumns(),
  },
  (t) => [
    uniqueIndex('crm_contract_num_uq').on(t.num),
    index('crm_contract_owner_update_idx').on(t.ownerUserId, t.updatedAt.desc()),
    // The list's default order is update time then id (core/list/builder.ts): with both in the
    // index a page is read from it in order instead of sorting every contract (bench/RESULTS.md).
    index('crm_contract_update_idx').on(t.updatedAt.desc(), t.id.desc()),
    index('crm_contract_customer_idx').on(t.customerId),
    index('crm_contract_business_idx').on(t.businessId),
    // The to-do counts: contracts waiting for review, contracts about to end.
    index('crm_contract_check_idx').on(t.checkStatus),
    index('crm_contract_end_idx').on(t.endTime).where(sql`check_status = 1`),
    // The statistics: approved contracts of a period by owner, money and customer, from the index.
    index('crm_contract_order_idx').on(t.orderDate, t.ownerUserId, t.money, t.customerId).where(sql`check_status = 1`),
    index('crm_contract_fields_idx').using('gin', t.fields),
  ],
);

/** Receivable plans (module 8): 期数 numbered per contract, not editable once a receivable uses them. */
export const receivablesPlans = pgTable(
  'crm_receivables_plan',
  {
    id: serial('plan_id').primaryKey(),
    num: integer('num').notNull(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    money: numeric('money', { precision: 12, scale: 2 }).notNull(),
    returnDate: date('return_date', { mode: 'string' }).notNull(),
    returnType: varchar('return_type', { length: 20 }).notNull().default(''),
    /** Days before the return date to remind; the day itself kept for the to-do count's index. */
    remind: integer('remind').notNull().default(0),
    remindDate: date('remind_date', { mode: 'string' }).notNull(),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    createUserId: integer('create_user_id').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('crm_receivables_plan_num_uq').on(t.contractId, t.num),
    index('crm_receivables_plan_customer_idx').on(t.customerId),
    index('crm_receivables_plan_remind_idx').on(t.remindDate),
  ],
);

/** Receivables (module 7): money received against an approved contract, with its own review. */
export const receivables = pgTable(
  'crm_receivables',
  {
    id: serial('receivables_id').primaryKey(),
    /** Number, day and money: null when created by someone they are hidden from (not known). */
    number: varchar('number', { length: 50 }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id),
    planId: integer('plan_id').references(() => receivablesPlans.id),
    returnTime: date('return_time', { mode: 'string' }),
    money: numeric('money', { precision: 12, scale: 2 }),
    returnType: varchar('return_type', { length: 20 }).notNull().default(''),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    checkStatus: smallint('check_status').notNull().default(5),
    examineRecordId: integer('examine_record_id'),
    ...recordColumns(),
  },
  (t) => [
    uniqueIndex('crm_receivables_number_uq').on(t.number),
    index('crm_receivables_owner_update_idx').on(t.ownerUserId, t.updatedAt.desc()),
    index('crm_receivables_update_idx').on(t.updatedAt.desc()),
    index('crm_receivables_contract_idx').on(t.contractId, t.checkStatus),
    index('crm_receivables_customer_idx').on(t.customerId),
    index('crm_receivables_plan_idx').on(t.planId),
    index('crm_receivables_check_idx').on(t.checkStatus),
    // The statistics: approved receivables of a period by owner and money, from the index.
    index('crm_receivables_return_idx').on(t.returnTime, t.ownerUserId, t.money).where(sql`check_status = 1`),
    index('crm_receivables_fields_idx').using('gin', t.fields),
  ],
);
