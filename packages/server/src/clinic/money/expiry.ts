import { DealStatus, formatTime } from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import { expireCoupons } from '../coupons/issue.ts';

/**
 * The expiry job (CLINIC.md "States": 已过期, a nightly job). A live deal (未使用 / 疗程中) whose
 * expiry day is before the company's today becomes 已过期. Its left sessions stay left, so
 * bought = used + refunded + converted + left still holds and the setting `expiredRefundable`
 * decides whether they may still be refunded or converted; nobody may use them (a 划扣 takes live
 * deals only). One idempotent UPDATE over the partial index `crm_deal_record_expiry_idx`, under a
 * transaction advisory lock: with several servers one does the work and the others skip.
 */
const JOB_LOCK = 727024;

/** One run at `now`: null when another server's run holds the lock, else the deals it expired. */
export async function runDealExpiry(db: Tx, now: Date = new Date()): Promise<number[] | null> {
  return db.transaction(async (tx) => {
    const [got] = await queryRows<{ ok: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${JOB_LOCK}) as ok`);
    if (!got?.ok) return null;
    const today = formatTime(now).slice(0, 10);
    const rows = await queryRows<{ deal_id: number }>(
      tx,
      sql`update crm_customer_project_deal_record set status = ${DealStatus.expired}, update_time = now()
          where status in (${DealStatus.unused}, ${DealStatus.inTreatment}) and expires_on is not null
            and expires_on < ${today}::date
          returning deal_id`,
    );
    // Coupons past their last day, under the same lock (issue 25).
    await expireCoupons(tx, now);
    return rows.map((r) => Number(r.deal_id)).sort((a, b) => a - b);
  });
}

/** Hourly on every server: the night's expiries land soon after the company's midnight. */
export const EXPIRY_INTERVAL_MS = 60 * 60 * 1000;

export function startDealExpiryJob(app: FastifyInstance, db: Tx) {
  const timer = setInterval(() => {
    runDealExpiry(db).catch((err) => app.log.error({ err }, 'deal expiry job failed'));
  }, EXPIRY_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
