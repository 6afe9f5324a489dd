import { sql } from 'drizzle-orm';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';

/** The summary's key columns, in the unique constraint's order. */
const key = sql`business_day, kind, user_id, store_id, dept_id, project_id`;
/** The day summary as the detail rows make it now. */
const recomputed = sql`select ${key}, sum(amount)::numeric(16, 2) as amount, count(*)::int as row_count
  from clinic_performance group by ${key}`;
const stored = sql`select ${key}, amount, row_count from clinic_performance_day`;

/**
 * Recomputes clinic_performance_day from the detail rows (after a restore, a bulk load that
 * bypassed the triggers, or a doubt): in the caller's transaction, with the detail locked against
 * writers (SHARE: reads go on) so no post lands between the delete and the insert.
 */
export async function rebuildPerformanceDays(tx: Tx): Promise<void> {
  await tx.execute(sql`lock table clinic_performance in share mode`);
  // This transaction's own changes would fold at its commit on top of the recomputation.
  await tx.execute(sql`delete from clinic_performance_day_change where tx = txid_current()`);
  await tx.execute(sql`delete from clinic_performance_day`);
  await tx.execute(sql`insert into clinic_performance_day (${key}, amount, row_count) ${recomputed}`);
}

export type SummaryDifference = {
  side: 'summary' | 'detail';
  business_day: string;
  kind: number;
  user_id: number;
  store_id: number | null;
  dept_id: number | null;
  project_id: number | null;
  amount: string;
  row_count: number;
};

/** Keys where the summary and the detail disagree (each side's row); none when exact. */
export const performanceDayDifferences = (db: Tx) =>
  queryRows<SummaryDifference>(
    db,
    sql`(select 'summary' as side, * from (${stored} except ${recomputed}) a)
      union all (select 'detail' as side, * from (${recomputed} except ${stored}) b)
      order by business_day, kind, user_id, side`,
  );
