import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../../db/columns.ts';

/**
 * Excel import jobs (import.ts) live in the database, not in the memory of the process that runs
 * them: with no sticky routing (docs/deploy.md) the status poll may reach any process. The
 * running process writes its progress and a heartbeat (`update_time`); a running job whose
 * heartbeat has stopped belonged to a process that died and is reported failed.
 */
export const importJobs = pgTable(
  'crm_import_job',
  {
    id: varchar('job_id', { length: 40 }).primaryKey(),
    userId: integer('user_id').notNull(),
    /** The kind's module code: a job is read through its own kind's calls only. */
    label: smallint('label').notNull(),
    /** The upload form's batch: the same upload sent twice (a double click) is one job. */
    batchId: varchar('batch_id', { length: 40 }).notNull(),
    /** The sheet's header row, for the report of refused rows. */
    headers: jsonb('headers').$type<string[]>().notNull().default([]),
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    imported: integer('imported').notNull().default(0),
    status: varchar('status', { length: 10 }).$type<'running' | 'finished' | 'failed'>().notNull().default('running'),
    /** Why a job ended early (its process stopped), in Chinese; '' otherwise. */
    error: varchar('error', { length: 200 }).notNull().default(''),
    finishTime: timestamp('finish_time', { withTimezone: true }),
    createdAt: createdAt(),
    /** The heartbeat: the running process touches it while it works. */
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('crm_import_job_batch_idx').on(t.userId, t.label, t.batchId),
    index('crm_import_job_time_idx').on(t.updatedAt),
  ],
);

/** A refused row of a job: its sheet row number, the reason and its cells (for the report). */
export const importRejectedRows = pgTable(
  'crm_import_rejected',
  {
    jobId: varchar('job_id', { length: 40 })
      .notNull()
      .references(() => importJobs.id, { onDelete: 'cascade' }),
    row: integer('row_number').notNull(),
    reason: varchar('reason', { length: 500 }).notNull(),
    /** The row's cells as JSON; a date cell as `{"date": iso}` so the report writes a date again. */
    cells: jsonb('cells').$type<unknown[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.row] })],
);
