import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

export const departments = pgTable(
  'sys_dept',
  {
    id: serial('dept_id').primaryKey(),
    pid: integer('pid').notNull().default(0),
    name: varchar('name', { length: 50 }).notNull(),
    ownerUserId: integer('owner_user_id'),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('sys_dept_pid_idx').on(t.pid)],
);

export const users = pgTable(
  'sys_user',
  {
    id: serial('user_id').primaryKey(),
    username: varchar('username', { length: 50 }).notNull(),
    passwordHash: varchar('password_hash', { length: 100 }).notNull(),
    realname: varchar('realname', { length: 50 }).notNull(),
    num: varchar('num', { length: 30 }).notNull().default(''),
    mobile: varchar('mobile', { length: 11 }).notNull().default(''),
    email: varchar('email', { length: 100 }).notNull().default(''),
    sex: smallint('sex').notNull().default(0),
    img: varchar('img', { length: 500 }).notNull().default(''),
    deptId: integer('dept_id'),
    post: varchar('post', { length: 50 }).notNull().default(''),
    parentId: integer('parent_id'),
    status: smallint('status').notNull().default(1),
    /** When probation ended (an applied 转正 approval); null: not confirmed through the system. */
    confirmedAt: timestamp('confirmed_time', { withTimezone: true }),
    lastLoginTime: timestamp('last_login_time', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sys_user_username_uq').on(sql`lower(${t.username})`),
    index('sys_user_dept_idx').on(t.deptId),
    index('sys_user_parent_idx').on(t.parentId),
    index('sys_user_status_id_idx').on(t.status, t.id),
  ],
);

export const roles = pgTable(
  'sys_role',
  {
    id: serial('role_id').primaryKey(),
    name: varchar('role_name', { length: 50 }).notNull(),
    roleType: smallint('role_type').notNull(),
    dataType: smallint('data_type').notNull().default(5),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    /** The super admin role passes every permission check and cannot be edited or deleted. */
    isSuper: boolean('is_super').notNull().default(false),
    createdAt: createdAt(),
  },
  // One name per role type, whatever the case (roleNameTaken's rule).
  (t) => [uniqueIndex('sys_role_name_uq').on(t.roleType, sql`lower(${t.name})`)],
);

export const rolePermissions = pgTable(
  'sys_role_permission',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permission: varchar('permission', { length: 100 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permission] })],
);

export const userRoles = pgTable(
  'sys_user_role',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('sys_user_role_role_idx').on(t.roleId)],
);

export const sessions = pgTable(
  'sys_session',
  {
    id: serial('id').primaryKey(),
    /** sha256 of the token; the token itself is never stored. */
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientType: smallint('client_type').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sys_session_token_uq').on(t.tokenHash),
    index('sys_session_user_idx').on(t.userId, t.clientType),
  ],
);

/**
 * Failed logins, counted per key: `account:<lower username>@<client address>` and
 * `address:<client address>`. Keyed by the name typed, not by a user row, so an unknown name is
 * throttled exactly like a real one; in the database so every server process shares it.
 */
export const loginThrottle = pgTable('sys_login_throttle', {
  key: text('key').primaryKey(),
  failCount: integer('fail_count').notNull().default(0),
  failSince: timestamp('fail_since', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

export const files = pgTable(
  'sys_file',
  {
    id: serial('file_id').primaryKey(),
    batchId: varchar('batch_id', { length: 40 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    mime: varchar('mime', { length: 100 }).notNull(),
    /** 'img' or 'file', as the uploader said. */
    type: varchar('type', { length: 10 }).notNull().default('file'),
    storageKey: varchar('storage_key', { length: 200 }).notNull(),
    createUserId: integer('create_user_id').notNull(),
    /**
     * What the file is attached to (files/owners.ts: 'oa_examine' with the approval's id, …).
     * Null while staged: uploaded but not yet saved with a record, visible to its uploader only.
     */
    ownerKind: varchar('owner_kind', { length: 30 }),
    ownerId: integer('owner_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('sys_file_batch_idx').on(t.batchId),
    uniqueIndex('sys_file_key_uq').on(t.storageKey),
    index('sys_file_owner_idx').on(t.ownerKind, t.ownerId),
    // The sweep of staged files nobody saved looks for old rows without an owner.
    index('sys_file_staged_idx').on(t.createdAt).where(sql`${t.ownerKind} is null`),
  ],
);

/** Key/value system settings: company name, logo, portal address. */
export const sysConfig = pgTable('sys_config', {
  key: varchar('key', { length: 50 }).primaryKey(),
  value: text('value').notNull(),
});

// Statistics' summary tables (issue 24, h-bisum).
export * from '../bi/summary/tables.ts';
export * from '../chat/tables.ts';
// Clinic: project catalogue.
export * from '../clinic/catalogue/tables.ts';
// Coupons: rules, coupons, uses (issue 25).
export * from '../clinic/coupons/tables.ts';
// Coupons: rules, coupons, uses (issue 25).
export * from '../clinic/coupons/tables.ts';
// Lottery activities, prizes, draws (issue 25, h-lottery).
export * from '../clinic/lottery/tables.ts';
// The clinic's money path (issue 22): orders, deal records, ledgers.
export * from '../clinic/money/tables.ts';
// The photograph room (issue 23, h-photo).
export * from '../clinic/photos/tables.ts';
// 顾客评价: review links, reviews, follow-ups (issue 25, h-coupons).
export * from '../clinic/reviews/tables.ts';
// Clinic settings (issue 22).
export * from '../clinic/settings/tables.ts';
// The visit list and story (issue 23, h-records): each visit's status history.
export * from '../clinic/visits/record-tables.ts';
// Appointments and visits (issue 23).
export * from '../clinic/visits/tables.ts';
// Beds, admissions and follow-up plans (issue 23, h-ward).
export * from '../clinic/ward/tables.ts';
// Open links: the open pages' links and their rate limit (issue 25).
export * from '../core/open-links/tables.ts';
// Open links: the open pages' links and their rate limit (issue 25).
export * from '../core/open-links/tables.ts';
export * from '../crm/agency/tables.ts';
export * from '../crm/business/tables.ts';
export * from '../crm/business-contacts/tables.ts';
export * from '../crm/contacts/tables.ts';
export * from '../crm/contract/tables.ts';
export * from '../crm/customer/tables.ts';
export * from '../crm/fields/tables.ts';
export * from '../crm/leads/tables.ts';
export * from '../crm/product/tables.ts';
export * from '../crm/product-lines/tables.ts';
export * from '../crm/records/excel/tables.ts';
export * from '../crm/records/tables.ts';
export * from '../crm/settings/tables.ts';
export * from '../crm/store/tables.ts';
export * from '../fields/tables.ts';
export * from '../oa/examine/forms/tables.ts';
export * from '../oa/examine/hr-apply/tables.ts';
export * from '../oa/examine/tables.ts';
export * from '../oa/journal/tables.ts';
export * from '../oa/location/tables.ts';
export * from '../oa/notice/tables.ts';
export * from '../oa/plan/tables.ts';
export * from '../oa/schedule/tables.ts';
export * from '../oa/task/tables.ts';
// Applications switched on or off (issue 25, h-apps).
export * from '../system/applications/tables.ts';
export * from '../system/dict/tables.ts';
// Feedback (issue 25, h-feedback).
export * from '../system/feedback/tables.ts';
// App home images (issue 25, h-crmwb).
export * from '../workbench/banners/tables.ts';
// Meal orders (issue 25, h-meals).
export * from '../workbench/meals/tables.ts';
// Quizzes (issue 25, h-quiz).
export * from '../workbench/quizzes/tables.ts';
// Staff sign-in (issue 25, h-signin).
export * from '../workbench/sign-in/tables.ts';
// Supervision (issue 25, h-check).
export * from '../workbench/supervision/tables.ts';
