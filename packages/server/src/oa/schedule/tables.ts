import type { RepeatRule } from '@crm/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';

/**
 * Calendar events in China wall time (shared schedule/repeat.ts): days and minutes after
 * midnight, so a repeating series is expanded by plain day arithmetic.
 */
export const oaEvents = pgTable(
  'oa_event',
  {
    id: serial('event_id').primaryKey(),
    title: varchar('title', { length: 100 }).notNull(),
    description: varchar('description', { length: 1000 }).notNull().default(''),
    allDay: boolean('all_day').notNull().default(false),
    startDay: date('start_day', { mode: 'string' }).notNull(),
    endDay: date('end_day', { mode: 'string' }).notNull(),
    /** Minutes after midnight; null all day. */
    startMin: smallint('start_min'),
    endMin: smallint('end_min'),
    repeat: jsonb('repeat').$type<RepeatRule>().notNull(),
    /** The day the series' last occurrence starts; null when it never ends. */
    lastDay: date('last_day', { mode: 'string' }),
    remindMinutes: integer('remind_minutes'),
    createUserId: integer('create_user_id').notNull(),
    batchId: varchar('batch_id', { length: 40 }).notNull().default(''),
    isDeleted: boolean('is_deleted').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('oa_event_batch_uq').on(t.createUserId, t.batchId).where(sql`${t.batchId} <> ''`)],
);

/**
 * Who sees an event: its creator and participants, one row each (the creator too), so the
 * calendar query starts from the viewer's rows.
 */
export const oaEventUsers = pgTable(
  'oa_event_user',
  {
    eventId: integer('event_id').notNull(),
    userId: integer('user_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index('oa_event_user_user_idx').on(t.userId, t.eventId)],
);

/**
 * One occurrence of a series changed alone (this occurrence only), keyed by the day the series
 * puts it on: cancelled, or its own title, times and reminder (possibly on another day, within
 * 31 days). Editing the whole series clears them.
 */
export const oaEventExceptions = pgTable(
  'oa_event_exception',
  {
    eventId: integer('event_id').notNull(),
    seriesDay: date('series_day', { mode: 'string' }).notNull(),
    cancelled: boolean('cancelled').notNull().default(false),
    title: varchar('title', { length: 100 }).notNull().default(''),
    allDay: boolean('all_day').notNull().default(false),
    startDay: date('start_day', { mode: 'string' }),
    endDay: date('end_day', { mode: 'string' }),
    startMin: smallint('start_min'),
    endMin: smallint('end_min'),
    remindMinutes: integer('remind_minutes'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.seriesDay] })],
);
