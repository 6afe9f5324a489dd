import { AppointmentStatus, appointmentActionFrom, formatTime, parseTime } from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';

/**
 * The no-show job (CLINIC.md "States"): bookings still 待确认 or 已确认 after their day ended become
 * 未到. One idempotent UPDATE under a transaction advisory lock: several servers may run it at
 * once, one does the work and a second run finds nothing left.
 */
const JOB_LOCK = 727023;

/** One run at `now`: null when another server's run holds the lock, else how many were marked. */
export async function runNoShow(db: Tx, now: Date = new Date()): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [got] = await queryRows<{ ok: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${JOB_LOCK}) as ok`);
    if (!got?.ok) return null;
    // The start of the company's today: every booking that ended before it is over.
    const dayStart = parseTime(`${formatTime(now).slice(0, 10)} 00:00:00`)!;
    const from = appointmentActionFrom('noShow');
    const marked = await queryRows<{ id: number }>(
      tx,
      sql`update clinic_appointment set status = ${AppointmentStatus.noShow}, update_time = now()
          where status = any(${`{${from.join(',')}}`}::smallint[]) and end_time <= ${dayStart.toISOString()}::timestamptz
          returning appointment_id as id`,
    );
    return marked.length;
  });
}

/** Every ten minutes on every server, so the night's no-shows are marked soon after midnight. */
export const NO_SHOW_INTERVAL_MS = 10 * 60 * 1000;

export function startNoShowJob(app: FastifyInstance, db: Tx) {
  const timer = setInterval(() => {
    runNoShow(db).catch((err) => app.log.error({ err }, 'no-show job failed'));
  }, NO_SHOW_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
