import { sql } from 'drizzle-orm';
import {
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
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { customers } from '../../crm/customer/tables.ts';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { departments, roles, users } from '../../db/schema.ts';
// The catalogue's tables (on main in crm/store; the catalogue helper moves them to clinic/catalogue).
import { projectClasses, projects } from '../catalogue/tables.ts';

/**
 * The clinic's settings (packages/shared/src/clinic/settings/kinds): one table per kind and one per
 * sub-table, the Drizzle property names being the declaration's field keys. Money is numeric(12,2)
 * (fen in TypeScript); sub-table rows keep their order in `position`.
 */

const money = (name: string) => numeric(name, { precision: 12, scale: 2 });
const sort = () => integer('sort').notNull().default(0);
const enabled = () => boolean('enabled').notNull().default(true);

/** markManage: customer tags. */
export const clinicTags = pgTable(
  'clinic_tag',
  {
    id: serial('tag_id').primaryKey(),
    name: varchar('name', { length: 20 }).notNull(),
    color: varchar('color', { length: 20 }).notNull(),
    groupName: varchar('group_name', { length: 20 }).notNull().default(''),
    sort: sort(),
    enabled: enabled(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('clinic_tag_name_uq').on(t.name)],
);

/** doctorManage: a doctor is a user with a title, a department and specialities. */
export const clinicDoctors = pgTable(
  'clinic_doctor',
  {
    id: serial('doctor_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    title: varchar('title', { length: 30 }).notNull().default(''),
    deptId: integer('dept_id').references(() => departments.id, { onDelete: 'set null' }),
    bookable: boolean('bookable').notNull().default(true),
    profile: varchar('profile', { length: 500 }).notNull().default(''),
    sort: sort(),
    enabled: enabled(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('clinic_doctor_user_uq').on(t.userId)],
);
export const clinicDoctorClasses = pgTable(
  'clinic_doctor_class',
  {
    doctorId: integer('doctor_id')
      .notNull()
      .references(() => clinicDoctors.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    classId: integer('class_id')
      .notNull()
      .references(() => projectClasses.id),
  },
  (t) => [primaryKey({ columns: [t.doctorId, t.position] }), index('clinic_doctor_class_class_idx').on(t.classId)],
);
export const clinicDoctorProjects = pgTable(
  'clinic_doctor_project',
  {
    doctorId: integer('doctor_id')
      .notNull()
      .references(() => clinicDoctors.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
  },
  (t) => [
    primaryKey({ columns: [t.doctorId, t.position] }),
    index('clinic_doctor_project_project_idx').on(t.projectId),
  ],
);

/** openFormConfig: the company's one row (id 1). */
export const clinicOrderForm = pgTable(
  'clinic_order_form',
  {
    id: smallint('id').primaryKey(),
    firstVisitOneConsultant: boolean('first_visit_one_consultant').notNull(),
    cashierEditsLines: boolean('cashier_edits_lines').notNull(),
    arrearsAllowed: boolean('arrears_allowed').notNull(),
    requiredFields: text('required_fields').array().notNull(),
    topUpPerformance: varchar('top_up_performance', { length: 10 }).notNull(),
    expiredRefundable: boolean('expired_refundable').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('clinic_order_form_one_ck', sql`${t.id} = 1`)],
);

/** rotationConfig: a department's walk-in consultants in order. */
export const clinicRotations = pgTable(
  'clinic_rotation',
  {
    id: serial('rotation_id').primaryKey(),
    deptId: integer('dept_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    sort: sort(),
    enabled: enabled(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('clinic_rotation_dept_uq').on(t.deptId)],
);
export const clinicRotationMembers = pgTable(
  'clinic_rotation_member',
  {
    rotationId: integer('rotation_id')
      .notNull()
      .references(() => clinicRotations.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.rotationId, t.position] })],
);

/** discountConfig: a role's lowest discount rate (whole percent). */
export const clinicDiscounts = pgTable(
  'clinic_discount',
  {
    id: serial('discount_id').primaryKey(),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    minRate: smallint('min_rate').notNull(),
    sort: sort(),
    enabled: enabled(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('clinic_discount_role_uq').on(t.roleId),
    check('clinic_discount_rate_ck', sql`${t.minRate} between 0 and 100`),
  ],
);

/** setMeal: the total is the sum of the items' prices, written by the save. */
export const clinicSetMeals = pgTable(
  'clinic_set_meal',
  {
    id: serial('set_meal_id').primaryKey(),
    name: varchar('name', { length: 50 }).notNull(),
    splittable: boolean('splittable').notNull().default(false),
    priceEditable: boolean('price_editable').notNull().default(false),
    activeFrom: date('active_from', { mode: 'string' }),
    activeTo: date('active_to', { mode: 'string' }),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    total: money('total').notNull().default('0'),
    sort: sort(),
    enabled: enabled(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('clinic_set_meal_name_uq').on(t.name)],
);
export const clinicSetMealItems = pgTable(
  'clinic_set_meal_item',
  {
    setMealId: integer('set_meal_id')
      .notNull()
      .references(() => clinicSetMeals.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    sessions: integer('sessions').notNull(),
    price: money('price').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.setMealId, t.position] }),
    index('clinic_set_meal_item_project_idx').on(t.projectId),
    check('clinic_set_meal_item_ck', sql`${t.sessions} > 0 and ${t.price} >= 0`),
  ],
);

/** recharge: top-up tiers and the items they give. */
export const clinicRechargeTiers = pgTable(
  'clinic_recharge_tier',
  {
    id: serial('tier_id').primaryKey(),
    name: varchar('name', { length: 50 }).notNull(),
    threshold: money('threshold').notNull(),
    gift: money('gift'),
    activeFrom: date('active_from', { mode: 'string' }),
    activeTo: date('active_to', { mode: 'string' }),
    sort: sort(),
    enabled: enabled(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('clinic_recharge_tier_name_uq').on(t.name)],
);
export const clinicRechargeTierItems = pgTable(
  'clinic_recharge_tier_item',
  {
    tierId: integer('tier_id')
      .notNull()
      .references(() => clinicRechargeTiers.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    projectId: integer('project_id').references(() => projects.id),
    setMealId: integer('set_meal_id').references(() => clinicSetMeals.id),
    sessions: integer('sessions').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tierId, t.position] }),
    index('clinic_recharge_tier_item_set_meal_idx').on(t.setMealId),
    check('clinic_recharge_tier_item_ck', sql`(${t.projectId} is null) <> (${t.setMealId} is null)`),
  ],
);

/** deptOperatorConfig: a department's people by role and its 划扣 role pools (summing to 100). */
export const clinicDeptOperators = pgTable(
  'clinic_dept_operator',
  {
    id: serial('config_id').primaryKey(),
    deptId: integer('dept_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    sort: sort(),
    enabled: enabled(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('clinic_dept_operator_dept_uq').on(t.deptId)],
);
export const clinicDeptOperatorMembers = pgTable(
  'clinic_dept_operator_member',
  {
    configId: integer('config_id')
      .notNull()
      .references(() => clinicDeptOperators.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    role: varchar('role', { length: 20 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.configId, t.position] }),
    index('clinic_dept_operator_member_user_idx').on(t.userId),
  ],
);
export const clinicDeptOperatorPools = pgTable(
  'clinic_dept_operator_pool',
  {
    configId: integer('config_id')
      .notNull()
      .references(() => clinicDeptOperators.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    role: varchar('role', { length: 20 }).notNull(),
    percent: smallint('percent').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.configId, t.position] }),
    check('clinic_dept_operator_pool_ck', sql`${t.percent} between 0 and 100`),
  ],
);

/** A customer's tags (set on the customer's detail; the customer list filters on them). */
export const customerTags = pgTable(
  'crm_customer_tag',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => clinicTags.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.tagId] }),
    index('crm_customer_tag_tag_idx').on(t.tagId, t.customerId),
  ],
);
