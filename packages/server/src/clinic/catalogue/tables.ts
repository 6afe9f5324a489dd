import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';

/**
 * The clinic's project catalogue (CLINIC.md "Records › Project catalogue"). The table names and
 * ids are the ones the shop form has always read (`crm_project_class`, `crm_project`), so shops'
 * project lists keep their rows. Money is numeric(12,2) here and whole fen in TypeScript.
 */

/** Project classes: a tree by `pid`; a name is unique in the whole catalogue (import finds a class by name). */
export const projectClasses = pgTable(
  'crm_project_class',
  {
    id: serial('class_id').primaryKey(),
    name: varchar('class_name', { length: 50 }).notNull(),
    pid: integer('pid'),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('crm_project_class_name_uq').on(sql`lower(${t.name})`),
    index('crm_project_class_pid_idx').on(t.pid, t.sort),
  ],
);

/** Conversion classes: a leftover of a project may convert into another project of its class. */
export const projectConvertClasses = pgTable(
  'crm_project_convert_class',
  {
    id: serial('convert_class_id').primaryKey(),
    name: varchar('name', { length: 50 }).notNull(),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('crm_project_convert_class_name_uq').on(sql`lower(${t.name})`)],
);

export const projects = pgTable(
  'crm_project',
  {
    id: serial('project_id').primaryKey(),
    // RESTRICT: a class with projects is refused with a message before the database would be.
    classId: integer('class_id')
      .notNull()
      .references(() => projectClasses.id, { onDelete: 'restrict' }),
    name: varchar('project_name', { length: 50 }).notNull(),
    /** Unique when set; a project saved without one gets `XM` + its id. */
    code: varchar('code', { length: 30 }).notNull().default(''),
    /** pinyinSearchKey(name): full pinyin and initials, what the search box matches. */
    pinyin: varchar('pinyin', { length: 300 }).notNull().default(''),
    unit: varchar('unit', { length: 10 }).notNull().default('次'),
    price: numeric('price', { precision: 12, scale: 2 }).notNull().default('0'),
    salesPrice: numeric('sales_price', { precision: 12, scale: 2 }).notNull().default('0'),
    minPrice: numeric('min_price', { precision: 12, scale: 2 }).notNull().default('0'),
    cost: numeric('cost', { precision: 12, scale: 2 }).notNull().default('0'),
    sessions: integer('sessions').notNull().default(1),
    /** Months a deal record of it stays usable; 0 never expires. */
    validityMonths: integer('validity_months').notNull().default(0),
    needsVerify: boolean('needs_verify').notNull().default(true),
    settleDeptId: integer('settle_dept_id'),
    verifyDeptId: integer('verify_dept_id'),
    countsAsDeal: boolean('counts_as_deal').notNull().default(true),
    earnsPerformance: boolean('earns_performance').notNull().default(true),
    earnsPoints: boolean('earns_points').notNull().default(true),
    convertClassId: integer('convert_class_id').references(() => projectConvertClasses.id, { onDelete: 'set null' }),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    /** The create's batch id: a double click answers the first project. */
    batchId: varchar('batch_id', { length: 64 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('crm_project_class_idx').on(t.classId, t.sort),
    index('crm_project_convert_idx').on(t.convertClassId),
    uniqueIndex('crm_project_code_uq').on(sql`lower(${t.code})`).where(sql`${t.code} <> ''`),
    uniqueIndex('crm_project_batch_uq').on(t.batchId),
    check(
      'crm_project_prices_ck',
      sql`${t.minPrice} >= 0 and ${t.minPrice} <= ${t.salesPrice} and ${t.salesPrice} <= ${t.price} and ${t.cost} >= 0`,
    ),
    check('crm_project_sessions_ck', sql`${t.sessions} >= 1 and ${t.validityMonths} >= 0`),
  ],
);

/** Body parts (部位): a tree by `pid`; names unique among siblings. */
export const bodyParts = pgTable(
  'crm_body_part',
  {
    id: serial('part_id').primaryKey(),
    name: varchar('name', { length: 30 }).notNull(),
    pid: integer('pid'),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('crm_body_part_name_uq').on(sql`coalesce(${t.pid}, 0)`, sql`lower(${t.name})`)],
);

/** The body parts a project treats. */
export const projectParts = pgTable(
  'crm_project_part',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    partId: integer('part_id')
      .notNull()
      .references(() => bodyParts.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.partId] }), index('crm_project_part_part_idx').on(t.partId)],
);
