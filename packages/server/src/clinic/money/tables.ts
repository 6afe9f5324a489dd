import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
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
import { projects } from '../catalogue/tables.ts';

/**
 * The clinic's money records (CLINIC.md "Records", docs/clinic-money.md). Amounts are
 * numeric(12,2) here and whole fen in TypeScript (`fenOf` / `fenToYuan` at the edge); the
 * invariants that must never break are CHECK constraints, so no code path can store a deal whose
 * sessions do not add up or a negative balance.
 */
const money = (name: string) => numeric(name, { precision: 12, scale: 2 }).notNull().default('0');
// User ids are plain integers like every other feature's (sys_user lives in db/schema.ts, which re-exports this file).
const userRef = (name: string) => integer(name);

/** One row per customer: the counters every ledger row explains, kept in the same transaction. */
export const customerAccounts = pgTable(
  'clinic_customer_account',
  {
    customerId: integer('customer_id')
      .primaryKey()
      .references(() => customers.id, { onDelete: 'cascade' }),
    principal: money('principal'),
    gift: money('gift'),
    arrears: money('arrears'),
    /** Cash methods received over all orders, less refunds paid out in cash. */
    totalPaid: money('total_paid'),
    /** Value of the sessions used (treatments less undos). */
    totalConsumed: money('total_consumed'),
    firstVisitAt: timestamp('first_visit_time', { withTimezone: true }),
    lastVisitAt: timestamp('last_visit_time', { withTimezone: true }),
    lastTreatmentAt: timestamp('last_treatment_time', { withTimezone: true }),
    // 开发业绩 (h-convert): who developed the customer and the percent of each charge's cash they earn.
    developerUserId: userRef('developer_user_id'),
    developerRate: smallint('developer_rate').notNull().default(0),
    // 会员卡号 (issue 23, h-visit23): upper case, unique when set (NULLs never collide).
    cardNumber: varchar('card_number', { length: 32 }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('clinic_customer_account_card_uq').on(t.cardNumber),
    check('clinic_customer_account_principal_ck', sql`${t.principal} >= 0`),
    check('clinic_customer_account_gift_ck', sql`${t.gift} >= 0`),
    check('clinic_customer_account_arrears_ck', sql`${t.arrears} >= 0`),
    check('clinic_customer_account_developer_ck', sql`${t.developerRate} between 0 and 100`),
  ],
);

/** The last order number handed out per business day (numbers are the day + this sequence). */
export const orderSequences = pgTable('clinic_order_sequence', {
  day: date('day', { mode: 'string' }).primaryKey(),
  last: integer('last').notNull(),
});

/**
 * Orders (bills): a sale, a top-up, an arrears repayment or a refund payout. A charged order is
 * never edited: a refund is a new order with negative amounts. Its money columns hold the charge:
 * payable = received (cash methods) + principal + gift + coupon + arrears once charged.
 */
export const orders = pgTable(
  'clinic_order',
  {
    id: serial('order_id').primaryKey(),
    /** yyyyMMdd + a 4-digit (or longer) daily sequence: 202611260001. */
    number: varchar('order_number', { length: 20 }).notNull(),
    businessDay: date('business_day', { mode: 'string' }).notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** The visit it was opened in (the visit workflow issue adds the table). */
    visitId: integer('visit_id'),
    /** OrderKind: 1 sale, 2 top-up, 3 repayment, 4 refund payout. */
    kind: smallint('kind').notNull(),
    /** OrderStatus (shared/clinic/money/states.ts). */
    status: smallint('status').notNull(),
    payable: money('payable'),
    received: money('received'),
    principalUsed: money('principal_used'),
    giftUsed: money('gift_used'),
    couponUsed: money('coupon_used'),
    arrears: money('arrears'),
    /** The discount-floor approval: its engine record (examine_record, subject clinic_discount). */
    examineId: integer('examine_id'),
    /** Why a line is sold below the floor (required then; the approver reads it). */
    discountReason: varchar('discount_reason', { length: 500 }).notNull().default(''),
    /** The refund a payout order pays. */
    refundId: integer('refund_id'),
    /** The partner shop the customer came from, copied so channel reports need no join. */
    storeId: integer('store_id'),
    deptId: integer('dept_id'),
    cashierUserId: userRef('cashier_user_id'),
    chargedAt: timestamp('charged_time', { withTimezone: true }),
    createUserId: userRef('create_user_id').notNull(),
    /** The client's batch id: a double click answers the first order. */
    batchId: varchar('batch_id', { length: 40 }).notNull(),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('clinic_order_number_uq').on(t.number),
    uniqueIndex('clinic_order_batch_uq').on(t.batchId),
    // The cashier's unpaid list, oldest first, and its count.
    index('clinic_order_unpaid_idx').on(t.createdAt, t.id).where(sql`status = 2`),
    index('clinic_order_customer_idx').on(t.customerId, t.createdAt.desc()),
    // Today's charged orders at the desk, and the daily cash summary.
    index('clinic_order_charged_idx').on(t.chargedAt).where(sql`charged_time is not null`),
    // h-bi3: a visit's orders (成交率: did the visit buy).
    index('clinic_order_visit_idx').on(t.visitId).where(sql`visit_id is not null`),
    check(
      'clinic_order_sum_ck',
      sql`${t.status} not in (3, 4, 5) or ${t.payable} = ${t.received} + ${t.principalUsed} + ${t.giftUsed} + ${t.couponUsed} + ${t.arrears}`,
    ),
  ],
);

/** An order's lines: a project or a set meal, priced when opened. */
export const orderLines = pgTable(
  'clinic_order_line',
  {
    id: serial('line_id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
    /** LineItem: 1 project, 2 set meal. */
    itemKind: smallint('item_kind').notNull(),
    projectId: integer('project_id').references(() => projects.id),
    /** The catalogue's set meal (its table lives in clinic/catalogue). */
    setMealId: integer('set_meal_id'),
    /**
     * Which of the order's set-meal groups the line belongs to (1, 2, … in the order's order), so
     * the same set meal chosen twice stays two groups (h-money22). Null on project lines and older orders.
     */
    setMealGroup: smallint('set_meal_group'),
    /** The item's name when opened, so a renamed project does not rewrite old receipts. */
    name: varchar('name', { length: 100 }).notNull(),
    sessions: integer('sessions').notNull(),
    /** 原价 per the catalogue, per line. */
    price: money('price'),
    /** 执行价. */
    salesPrice: money('sales_price'),
    /** 成交价: what the line costs the customer. */
    dealPrice: money('deal_price'),
    /** The discount floor when priced (discountFloorFen for the opener's roles): the approver sees it. */
    floorPrice: money('floor_price'),
    /** Deal price ÷ sales price in percent (100.00 = no discount). */
    discount: numeric('discount', { precision: 5, scale: 2 }).notNull().default('100'),
    /** The settlement department. */
    deptId: integer('dept_id'),
    countsAsDeal: boolean('counts_as_deal').notNull().default(true),
    /** The project's validity when sold (months; 0 never expires): the deal record's expiry comes from it. */
    validityMonths: integer('validity_months').notNull().default(0),
    /** How many of the project's packages the line buys (sessions = the project's sessions × this). */
    quantity: integer('quantity').notNull().default(1),
    /** 1 normal, 2 removed from an unpaid order. */
    status: smallint('status').notNull().default(1),
    /** 返修 (h-convert): the deal this line repairs; its charge makes a repair deal linked to it. */
    originalDealId: integer('original_deal_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('clinic_order_line_order_idx').on(t.orderId, t.sort),
    check('clinic_order_line_item_ck', sql`${t.projectId} is not null or ${t.setMealId} is not null`),
    check('clinic_order_line_sessions_ck', sql`${t.sessions} >= 0`),
    check('clinic_order_line_price_ck', sql`${t.dealPrice} >= 0`),
  ],
);

/** The salespeople of a line, in whole percent; the save checks they sum to 100 (checkSalesSplit). */
export const orderLineSales = pgTable(
  'clinic_order_line_sales',
  {
    lineId: integer('line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    rate: smallint('rate').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.lineId, t.userId] }),
    index('clinic_order_line_sales_user_idx').on(t.userId),
    check('clinic_order_line_sales_rate_ck', sql`${t.rate} between 1 and 100`),
  ],
);

/** What an order was paid with: each method at most once (PayMethod). */
export const payments = pgTable(
  'clinic_payment',
  {
    id: serial('payment_id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    method: varchar('method', { length: 10 }).notNull(),
    /** Negative on a refund payout. */
    amount: money('amount'),
    couponId: integer('coupon_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('clinic_payment_method_uq').on(t.orderId, t.method),
    check('clinic_payment_amount_ck', sql`${t.amount} <> 0`),
  ],
);

/** Every charged line × source (a PayMethod or 'arrears'): lines add up to the order to the fen. */
export const allocations = pgTable(
  'clinic_allocation',
  {
    id: serial('allocation_id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    lineId: integer('line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    source: varchar('source', { length: 10 }).notNull(),
    amount: money('amount'),
  },
  (t) => [
    uniqueIndex('clinic_allocation_line_source_uq').on(t.lineId, t.source),
    index('clinic_allocation_order_idx').on(t.orderId),
  ],
);

/**
 * Deal records (成交记录): a customer's purchased project with its sessions. The check constraint
 * is the invariant bought = used + refunded + converted + left; held sessions (a refund waiting
 * for approval or payout) are part of left and cannot be used.
 */
export const dealRecords = pgTable(
  'crm_customer_project_deal_record',
  {
    id: serial('deal_id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    setMealId: integer('set_meal_id'),
    orderId: integer('order_id').references(() => orders.id),
    orderLineId: integer('order_line_id').references(() => orderLines.id),
    name: varchar('name', { length: 100 }).notNull(),
    sessionsBought: integer('sessions_bought').notNull(),
    sessionsUsed: integer('sessions_used').notNull().default(0),
    sessionsRefunded: integer('sessions_refunded').notNull().default(0),
    sessionsConverted: integer('sessions_converted').notNull().default(0),
    sessionsLeft: integer('sessions_left').notNull(),
    sessionsHeld: integer('sessions_held').notNull().default(0),
    expiresOn: date('expires_on', { mode: 'string' }),
    /** The deal's value (its share of the line's deal price); sessions take it with the remainder on the last. */
    dealValue: money('deal_value'),
    /** dealValue ÷ bought rounded toward zero, for display; sessionsValue() gives exact values. */
    sessionValue: money('session_value'),
    paidCash: money('paid_cash'),
    paidPrincipal: money('paid_principal'),
    paidGift: money('paid_gift'),
    paidCoupon: money('paid_coupon'),
    /** Arrears still unpaid on this deal (repayments and waivers take it down, each with an arrears row). */
    arrears: money('arrears'),
    /** Money refunded or held by a pending refund. */
    refundedAmount: money('refunded_amount'),
    consultantUserId: userRef('consultant_user_id'),
    doctorUserId: userRef('doctor_user_id'),
    storeId: integer('store_id'),
    deptId: integer('dept_id'),
    /** DealKind: 1 normal, 2 返修 repair of `originalDealId`. */
    kind: smallint('kind').notNull().default(1),
    originalDealId: integer('original_deal_id'),
    /** DealStatus. */
    status: smallint('status').notNull().default(1),
    createUserId: userRef('create_user_id').notNull(),
    /** A deal made without an order (a free repair, h-convert): its request's batch id. */
    batchId: varchar('batch_id', { length: 40 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('crm_deal_record_batch_uq').on(t.batchId),
    index('crm_deal_record_customer_idx').on(t.customerId, t.createdAt.desc()),
    index('crm_deal_record_order_line_idx').on(t.orderLineId),
    index('crm_deal_record_original_idx').on(t.originalDealId).where(sql`original_deal_id is not null`),
    // The nightly expiry job: live deals past their date.
    index('crm_deal_record_expiry_idx').on(t.expiresOn).where(sql`status in (1, 2) and expires_on is not null`),
    check(
      'crm_deal_record_sessions_ck',
      sql`${t.sessionsBought} = ${t.sessionsUsed} + ${t.sessionsRefunded} + ${t.sessionsConverted} + ${t.sessionsLeft}
        and ${t.sessionsUsed} >= 0 and ${t.sessionsRefunded} >= 0 and ${t.sessionsConverted} >= 0 and ${t.sessionsLeft} >= 0
        and ${t.sessionsHeld} between 0 and ${t.sessionsLeft}`,
    ),
    check('crm_deal_record_money_ck', sql`${t.arrears} >= 0 and ${t.refundedAmount} >= 0`),
    check('crm_deal_record_repair_ck', sql`${t.kind} = 1 or ${t.originalDealId} is not null`),
  ],
);

/** 划扣: sessions used of a deal, by named staff; an undo keeps the row (status undone). */
export const treatments = pgTable(
  'clinic_treatment',
  {
    id: serial('treatment_id').primaryKey(),
    dealId: integer('deal_id')
      .notNull()
      .references(() => dealRecords.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    sessions: integer('sessions').notNull(),
    value: money('value'),
    deptId: integer('dept_id'),
    /** The signed receipt's photo (sys_file). */
    photoFileId: integer('photo_file_id'),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    /** TreatmentStatus: 1 normal, 2 undone. */
    status: smallint('status').notNull().default(1),
    undoneAt: timestamp('undone_time', { withTimezone: true }),
    undoneBy: userRef('undone_user_id'),
    createUserId: userRef('create_user_id').notNull(),
    batchId: varchar('batch_id', { length: 40 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('clinic_treatment_batch_uq').on(t.batchId),
    // A deal's timeline and the nurses' station's today list.
    index('clinic_treatment_deal_idx').on(t.dealId, t.createdAt),
    index('clinic_treatment_time_idx').on(t.createdAt),
    // A customer's treatments, newest first (the customer archive, issue 23, h-records).
    index('clinic_treatment_customer_idx').on(t.customerId, t.createdAt.desc()),
    check('clinic_treatment_sessions_ck', sql`${t.sessions} > 0`),
  ],
);

/** The staff of a treatment (配台) with their role and share. */
export const treatmentStaff = pgTable(
  'clinic_treatment_staff',
  {
    treatmentId: integer('treatment_id')
      .notNull()
      .references(() => treatments.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    role: varchar('role', { length: 20 }).notNull(),
    share: smallint('share').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.treatmentId, t.userId, t.role] })],
);

/** A refund of a deal's left sessions, decided on the approval engine and paid out at the desk. */
export const refunds = pgTable(
  'clinic_refund',
  {
    id: serial('refund_id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    dealId: integer('deal_id')
      .notNull()
      .references(() => dealRecords.id),
    sessions: integer('sessions').notNull(),
    amount: money('amount'),
    reason: varchar('reason', { length: 500 }).notNull().default(''),
    /** RefundStatus. */
    status: smallint('status').notNull().default(1),
    /** The 退费审核 approval: its engine record (examine_record, subject clinic_refund). */
    examineId: integer('examine_id'),
    payoutOrderId: integer('payout_order_id').references(() => orders.id),
    /** Paid out to principal balance instead of the original methods. */
    toBalance: boolean('to_balance').notNull().default(false),
    createUserId: userRef('create_user_id').notNull(),
    /** The request's batch id and the item's place in it (`<batchId>:0`): a request may refund several deals. */
    batchId: varchar('batch_id', { length: 48 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('clinic_refund_batch_uq').on(t.batchId),
    index('clinic_refund_deal_idx').on(t.dealId, t.createdAt),
    // Approved refunds waiting at the cashier.
    index('clinic_refund_approved_idx').on(t.updatedAt).where(sql`status = 2`),
    check('clinic_refund_ck', sql`${t.sessions} > 0 and ${t.amount} >= 0`),
  ],
);

/** Left sessions of one deal converted into another project. */
export const conversions = pgTable(
  'clinic_conversion',
  {
    id: serial('conversion_id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    fromDealId: integer('from_deal_id')
      .notNull()
      .references(() => dealRecords.id),
    sessions: integer('sessions').notNull(),
    valueMoved: money('value_moved'),
    toDealId: integer('to_deal_id').references(() => dealRecords.id),
    /** Target − moved value: positive paid through `orderId`, negative credited to principal. */
    difference: money('difference'),
    orderId: integer('order_id').references(() => orders.id),
    /** The project converted into (h-convert): known before a pending conversion has its deal. */
    toProjectId: integer('to_project_id').references(() => projects.id),
    /** ConversionStatus: 1 waiting for its difference order, 2 done, 3 cancelled with that order. */
    status: smallint('status').notNull().default(2),
    createUserId: userRef('create_user_id').notNull(),
    batchId: varchar('batch_id', { length: 40 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('clinic_conversion_order_idx').on(t.orderId).where(sql`order_id is not null`),
    uniqueIndex('clinic_conversion_batch_uq').on(t.batchId),
    index('clinic_conversion_from_idx').on(t.fromDealId),
    index('clinic_conversion_to_idx').on(t.toDealId),
    check('clinic_conversion_sessions_ck', sql`${t.sessions} > 0`),
  ],
);

/**
 * Every change of a customer's principal and gift balance, with before and after. The key makes
 * a retry harmless: a second post with the same key answers the first row and changes nothing.
 */
export const balanceLedger = pgTable(
  'clinic_balance_ledger',
  {
    id: bigserial('ledger_id', { mode: 'number' }).primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    principalDelta: money('principal_delta'),
    giftDelta: money('gift_delta'),
    principalBefore: money('principal_before'),
    principalAfter: money('principal_after'),
    giftBefore: money('gift_before'),
    giftAfter: money('gift_after'),
    /** BalanceCause: topUp, tierGift, charge, refund, conversion, adjust. */
    cause: varchar('cause', { length: 20 }).notNull(),
    /** The order, refund or conversion that caused it. */
    sourceId: integer('source_id'),
    idempotencyKey: varchar('idempotency_key', { length: 100 }).notNull(),
    createUserId: userRef('create_user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('clinic_balance_ledger_key_uq').on(t.idempotencyKey),
    index('clinic_balance_ledger_customer_idx').on(t.customerId, t.id),
    check(
      'clinic_balance_ledger_ck',
      sql`${t.principalAfter} = ${t.principalBefore} + ${t.principalDelta} and ${t.giftAfter} = ${t.giftBefore} + ${t.giftDelta}
        and ${t.principalAfter} >= 0 and ${t.giftAfter} >= 0`,
    ),
  ],
);

/** Arrears: new (+), repaid (−) and waived (−), with the customer's arrears before and after. */
export const arrearsEntries = pgTable(
  'clinic_arrears',
  {
    id: bigserial('arrears_id', { mode: 'number' }).primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** ArrearsKind: 1 new, 2 repaid, 3 waived. */
    kind: smallint('kind').notNull(),
    amount: money('amount'),
    before: money('arrears_before'),
    after: money('arrears_after'),
    orderId: integer('order_id').references(() => orders.id),
    dealId: integer('deal_id').references(() => dealRecords.id),
    /** Why (a waiver's reason). */
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    idempotencyKey: varchar('idempotency_key', { length: 100 }).notNull(),
    createUserId: userRef('create_user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('clinic_arrears_key_uq').on(t.idempotencyKey),
    index('clinic_arrears_customer_idx').on(t.customerId, t.id),
    index('clinic_arrears_deal_idx').on(t.dealId).where(sql`deal_id is not null`),
    check(
      'clinic_arrears_ck',
      sql`${t.after} = ${t.before} + ${t.amount} and ${t.after} >= 0
        and ((${t.kind} = 1 and ${t.amount} > 0) or (${t.kind} in (2, 3) and ${t.amount} < 0))`,
    ),
  ],
);

/** Performance rows every report reads; refunds and undos add negative rows, never edit. */
export const performanceRows = pgTable(
  'clinic_performance',
  {
    id: bigserial('performance_id', { mode: 'number' }).primaryKey(),
    /** PerformanceKind: 1 cash, 2 consumption, 3 developer. */
    kind: smallint('kind').notNull(),
    userId: integer('user_id').notNull(),
    role: varchar('role', { length: 20 }).notNull(),
    base: money('base'),
    rate: numeric('rate', { precision: 5, scale: 2 }).notNull(),
    amount: money('amount'),
    /** 'order_line', 'treatment', 'refund', … and its id. */
    sourceKind: varchar('source_kind', { length: 20 }).notNull(),
    sourceId: integer('source_id').notNull(),
    customerId: integer('customer_id').references(() => customers.id),
    storeId: integer('store_id'),
    deptId: integer('dept_id'),
    businessDay: date('business_day', { mode: 'string' }).notNull(),
    idempotencyKey: varchar('idempotency_key', { length: 120 }).notNull(),
    createdAt: createdAt(),
    /**
     * Statistics (issue 24, h-bisum): the project the row is about and a 划扣's sessions, resolved
     * once from its source by the insert trigger (bi/summary), so reports join instead of looking up per row.
     */
    projectId: integer('project_id'),
    sessions: integer('sessions'),
  },
  (t) => [
    uniqueIndex('clinic_performance_key_uq').on(t.idempotencyKey),
    index('clinic_performance_day_idx').on(t.businessDay, t.kind),
    index('clinic_performance_user_idx').on(t.userId, t.businessDay),
    index('clinic_performance_source_idx').on(t.sourceKind, t.sourceId),
  ],
);
