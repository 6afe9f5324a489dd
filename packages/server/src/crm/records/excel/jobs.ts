import { randomUUID } from 'node:crypto';
import { ExcelMsg, type ImportStatus } from '@crm/shared';
import { and, asc, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { SessionUser } from '../../../auth/session.ts';
import { notFound } from '../../../core/errors.ts';
import type { Tx } from '../../../db/client.ts';
import type { Cell } from './cells.ts';
import { importJobs, importRejectedRows } from './tables.ts';

/**
 * Import jobs in the database (tables.ts), so whichever process a poll reaches answers it. The
 * process running a job writes its progress at most every PROGRESS_MS and a heartbeat every
 * HEARTBEAT_MS; a running job silent for STALE_MS lost its process and is reported failed.
 */
export const PROGRESS_MS = 300;
export const HEARTBEAT_MS = 20_000;
export const STALE_MS = 2 * 60_000;
/** A finished job (or a dead one) is kept this long after its last write for its report. */
const KEEP_MS = 60 * 60_000;

export type JobRow = typeof importJobs.$inferSelect;
/**
 * Whose jobs: a record kind (its ServerKind) or a table that is no record kind and names itself
 * the same way (the clinic's project catalogue), by a module code no other import uses.
 */
export type ImportOwner = { kind: { label: number; name: string; idField: string } };
export type Rejected = { row: number; reason: string; cells: Cell[] };

/** A date cell survives JSON as `{date: iso}`. */
const cellToJson = (c: Cell) => (c instanceof Date ? { date: c.toISOString() } : c);
const cellFromJson = (c: unknown): Cell =>
  c !== null && typeof c === 'object' && 'date' in c ? new Date(String((c as { date: unknown }).date)) : (c as Cell);

const ms = (n: number) => sql`${`${n} milliseconds`}::interval`;

/** Forget jobs nobody can still want (finished, or dead, over an hour ago); any process may do it. */
async function forgetOld(db: Tx) {
  await db.delete(importJobs).where(lt(importJobs.updatedAt, sql`now() - ${ms(KEEP_MS)}`));
}

/** The job an upload's batch already started, if any (a double click, or a retry within the hour). */
export async function jobOfBatch(db: Tx, sk: ImportOwner, user: SessionUser, batchId: string) {
  await forgetOld(db);
  const [row] = await db
    .select({ id: importJobs.id })
    .from(importJobs)
    .where(
      and(eq(importJobs.userId, user.userId), eq(importJobs.label, sk.kind.label), eq(importJobs.batchId, batchId)),
    );
  return row?.id;
}

/**
 * Record a new running job; when a twin upload of the same batch (another click, maybe on another
 * process) got there first, answer its id and `created: false` (this one must not run).
 */
export async function createJob(
  db: Tx,
  sk: ImportOwner,
  user: SessionUser,
  batchId: string,
  sheet: { headers: string[]; total: number },
): Promise<{ id: string; created: boolean }> {
  const id = randomUUID().replaceAll('-', '');
  const inserted = await db
    .insert(importJobs)
    .values({ id, userId: user.userId, label: sk.kind.label, batchId, headers: sheet.headers, total: sheet.total })
    .onConflictDoNothing()
    .returning({ id: importJobs.id });
  if (inserted.length) return { id, created: true };
  const twin = await jobOfBatch(db, sk, user, batchId);
  if (!twin) throw new Error('import job vanished between insert and read');
  return { id: twin, created: false };
}

/** Mark failed the running jobs (of `which`) whose heartbeat stopped: their process is gone. */
async function failStale(db: Tx, which?: SQL) {
  return db
    .update(importJobs)
    .set({ status: 'failed', error: ExcelMsg.jobInterrupted, finishTime: sql`now()`, updatedAt: sql`now()` })
    .where(and(which, eq(importJobs.status, 'running'), lt(importJobs.updatedAt, sql`now() - ${ms(STALE_MS)}`)))
    .returning({ id: importJobs.id });
}

/**
 * At a process's start: every job left running by a process that stopped (its heartbeat is over
 * STALE_MS old) is failed now, not at its next poll, so no job row claims to run forever. A job
 * another live process runs keeps beating and is left alone. Answers how many were failed.
 */
export async function failAbandonedJobs(db: Tx): Promise<number> {
  return (await failStale(db)).length;
}

/**
 * The job of the user and kind, or 导入任务不存在或已过期 (another user's job is not theirs to see).
 * A running job whose heartbeat stopped is marked failed here, by whichever process is asked.
 */
export async function jobOf(db: Tx, sk: ImportOwner, user: SessionUser, jobId: string): Promise<JobRow> {
  const mine = and(
    eq(importJobs.id, jobId),
    eq(importJobs.userId, user.userId),
    eq(importJobs.label, sk.kind.label),
    sql`${importJobs.updatedAt} > now() - ${ms(KEEP_MS)}`,
  );
  await failStale(db, mine);
  const [job] = await db.select().from(importJobs).where(mine);
  if (!job) throw notFound(ExcelMsg.jobNotFound);
  return job;
}

export async function statusOf(db: Tx, job: JobRow): Promise<ImportStatus> {
  const rejected = await rejectedOf(db, job);
  return {
    jobId: job.id,
    total: job.total,
    done: job.done,
    imported: job.imported,
    rejected: rejected.map(({ row, reason }) => ({ row, reason })),
    finished: job.status !== 'running',
    ...(job.error ? { error: job.error } : {}),
  };
}

/** The refused rows so far, in sheet order. */
export async function rejectedOf(db: Tx, job: JobRow): Promise<Rejected[]> {
  const rows = await db
    .select()
    .from(importRejectedRows)
    .where(eq(importRejectedRows.jobId, job.id))
    .orderBy(asc(importRejectedRows.row));
  return rows.map((r) => ({ row: r.row, reason: r.reason, cells: r.cells.map(cellFromJson) }));
}

/**
 * The running process's side of a job: counts and refused rows kept here and written together,
 * at most every PROGRESS_MS (so a 10,000-row import is not a write per row more), and a heartbeat
 * timer that keeps the job alive while one slow row holds the loop. Writes are chained, never
 * concurrent; a failed write is logged and retried with the next one.
 */
export function jobProgress(db: Tx, jobId: string, log: FastifyBaseLogger, heartbeatMs = HEARTBEAT_MS) {
  let done = 0;
  let imported = 0;
  let pending: Rejected[] = [];
  let lastWrite = Date.now();
  let chain: Promise<void> = Promise.resolve();

  const write = (finish: boolean) => {
    chain = chain.then(async () => {
      const rows = pending;
      pending = [];
      lastWrite = Date.now();
      try {
        await db.transaction(async (tx) => {
          if (rows.length)
            await tx
              .insert(importRejectedRows)
              .values(
                rows.map((r) => ({
                  jobId,
                  row: r.row,
                  reason: r.reason.slice(0, 500),
                  cells: r.cells.map(cellToJson),
                })),
              )
              .onConflictDoNothing();
          await tx
            .update(importJobs)
            .set({
              done,
              imported,
              updatedAt: sql`now()`,
              ...(finish ? { status: 'finished' as const, finishTime: sql`now()` } : {}),
            })
            // A job already declared dead stays so: its poller has been told.
            .where(and(eq(importJobs.id, jobId), eq(importJobs.status, 'running')));
        });
      } catch (err) {
        pending = [...rows, ...pending];
        log.warn({ err, jobId }, 'excel import progress not saved');
      }
    });
    return chain;
  };
  const heartbeat = setInterval(() => void write(false), heartbeatMs);
  heartbeat.unref();

  return {
    row(outcome: { imported: true } | { rejected: Rejected }) {
      done += 1;
      if ('imported' in outcome) imported += 1;
      else pending.push(outcome.rejected);
      return Date.now() - lastWrite >= PROGRESS_MS ? write(false) : Promise.resolve();
    },
    finish() {
      clearInterval(heartbeat);
      return write(true);
    },
  };
}
