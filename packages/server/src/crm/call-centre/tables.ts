import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';

/**
 * The company's extensions (分机) and who holds each: one extension per person at most, each
 * held by one person at most (both unique, core/unique.ts). Administrators add and remove them.
 */
export const callExtens = pgTable(
  'crm_call_exten',
  {
    id: serial('exten_id').primaryKey(),
    exten: varchar('exten', { length: 10 }).notNull(),
    userId: integer('user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('crm_call_exten_uq').on(t.exten),
    uniqueIndex('crm_call_exten_user_uq').on(t.userId).where(sql`${t.userId} is not null`),
  ],
);

/**
 * One call: who made it from which extension to which record's phone field, its provider's
 * id, its state (ringing → talking → ended) and, once ended, the follow-up it wrote and the
 * recording (a sys_file owned by that follow-up). The number dialled is kept for the provider's
 * callback checks only and is never answered.
 */
export const callLogs = pgTable(
  'crm_call_log',
  {
    id: serial('call_log_id').primaryKey(),
    /** Ours, random: the browser polls and plays by it; the provider echoes it back (its ActionID). */
    callId: varchar('call_id', { length: 40 }).notNull(),
    provider: varchar('provider', { length: 20 }).notNull(),
    /** The provider's own id of the call (七陌's CallSheetID), once it told us. */
    providerCallId: varchar('provider_call_id', { length: 80 }),
    userId: integer('user_id').notNull(),
    exten: varchar('exten', { length: 10 }).notNull(),
    /** The record kind's label (customer 2, leads 1, contacts 3) and id; null for an unknown inbound number. */
    label: integer('label'),
    recordId: integer('record_id'),
    field: varchar('field', { length: 20 }),
    number: varchar('number', { length: 30 }).notNull(),
    direction: varchar('direction', { length: 3 }).notNull().default('out'),
    status: varchar('status', { length: 10 }).notNull().default('ringing'),
    answered: boolean('answered').notNull().default(false),
    startTime: timestamp('start_time', { withTimezone: true }).notNull().defaultNow(),
    answerTime: timestamp('answer_time', { withTimezone: true }),
    endTime: timestamp('end_time', { withTimezone: true }),
    duration: integer('duration').notNull().default(0),
    recordingFileId: integer('recording_file_id'),
    followId: integer('follow_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('crm_call_log_call_uq').on(t.callId),
    // The log reads one caller's calls newest first (mine, or each of my scope's users).
    index('crm_call_log_user_idx').on(t.userId, t.startTime),
    // A record's calls (the queryAudio check goes through the record).
    index('crm_call_log_record_idx').on(t.label, t.recordId),
    // At most one live call per caller: the busy check and the double click.
    uniqueIndex('crm_call_log_live_uq').on(t.userId).where(sql`${t.status} <> 'ended'`),
  ],
);
