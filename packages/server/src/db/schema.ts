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
