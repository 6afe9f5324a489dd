import type { SignPlace } from '@crm/shared';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { departments, users } from '../../db/schema.ts';

/**
 * Staff sign-in (issue 25, docs/workbench-sign-in.md). A department's rule applies to it and to
 * every sub-department without its own; times are `HH:mm` in the company time zone.
 */
export const signRules = pgTable('oa_sign_rule', {
  deptId: integer('dept_id')
    .primaryKey()
    .references(() => departments.id, { onDelete: 'cascade' }),
  workStart: varchar('work_start', { length: 5 }).notNull(),
  workEnd: varchar('work_end', { length: 5 }).notNull(),
  lateMinutes: smallint('late_minutes').notNull(),
  earlyMinutes: smallint('early_minutes').notNull(),
  places: jsonb('places').$type<SignPlace[]>().notNull(),
  fieldAllowed: boolean('field_allowed').notNull(),
  /** 1 Monday … 7 Sunday. */
  workdays: jsonb('workdays').$type<number[]>().notNull(),
  updateUserId: integer('update_user_id').notNull(),
  updatedAt: updatedAt(),
});

/**
 * One sign as it was judged when made (a later change of the rule does not rewrite history): the
 * company day, 1 上班 / 2 下班, 1 正常 / 2 迟到 / 3 早退, 外勤 with its note. The statistics read
 * the day's first sign-in and last sign-out.
 */
export const signRecords = pgTable(
  'oa_sign_record',
  {
    id: serial('record_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    kind: smallint('kind').notNull(),
    signTime: timestamp('sign_time', { withTimezone: true }).notNull(),
    status: smallint('status').notNull(),
    field: boolean('field').notNull(),
    placeName: varchar('place_name', { length: 30 }).notNull().default(''),
    note: varchar('note', { length: 100 }).notNull().default(''),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // A person's day (the phone page) and month (the statistics filtered to one person).
    index('oa_sign_record_user_day_idx').on(t.userId, t.day),
    // The month of everyone in scope.
    index('oa_sign_record_day_idx').on(t.day),
  ],
);
