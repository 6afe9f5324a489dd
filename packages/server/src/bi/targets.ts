import { type BucketUnit, bucketKeys, type Period } from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows } from '../core/sql.ts';
import type { Tx } from '../db/client.ts';
import { inList } from '../org/sql-lists.ts';
import { type TargetMeasure, targetMeasures } from './sources.ts';

/**
 * Performance targets (`achievement/*`, crm_achievement: twelve months per user or department a
 * year) as a measure. Whose: the department's own target when the filter names a department that
 * has one, else the sum of the targets of the users counted. A month counts whole when the
 * period touches it; a target has no days or weeks, so it is split by month only (other buckets
 * answer nothing, shown as 0). Split by owner (`unit` 'owner'): each counted user's own target.
 */
export async function targetFigures(
  db: Tx,
  measure: TargetMeasure,
  period: Period,
  users: SQL | null,
  deptId: number | undefined,
  unit: BucketUnit | 'owner' | null,
): Promise<Map<string, number>> {
  const months = bucketKeys(period, 'month');
  const years = [...new Set(months.map((m) => Number(m.slice(0, 4))))];
  const status = targetMeasures[measure];
  let rows: { obj_id: number; year: number; months: number[] }[] = [];
  if (deptId !== undefined && unit !== 'owner')
    rows = await queryRows(
      db,
      sql`select obj_id, year, months::float8[] as months from crm_achievement
        where obj_type = 1 and obj_id = ${deptId} and status = ${status} and year in ${inList(years)}`,
    );
  if (!rows.length)
    rows = await queryRows(
      db,
      sql`select obj_id, year, months::float8[] as months from crm_achievement
        where obj_type = 2 and status = ${status} and year in ${inList(years)}
        ${users ? sql`and obj_id = any(array(${users}))` : sql``}`,
    );
  if (unit === 'owner') {
    const inPeriod = new Set(months);
    const byOwner = new Map<string, number>();
    for (const r of rows)
      r.months.forEach((v, i) => {
        if (!inPeriod.has(`${r.year}-${String(i + 1).padStart(2, '0')}`)) return;
        byOwner.set(String(r.obj_id), (byOwner.get(String(r.obj_id)) ?? 0) + Number(v));
      });
    return byOwner;
  }
  const byMonth = new Map<string, number>();
  for (const r of rows)
    r.months.forEach((v, i) => {
      const key = `${r.year}-${String(i + 1).padStart(2, '0')}`;
      byMonth.set(key, (byMonth.get(key) ?? 0) + Number(v));
    });
  const out = new Map<string, number>();
  if (unit === null)
    out.set(
      '',
      months.reduce((sum, m) => sum + (byMonth.get(m) ?? 0), 0),
    );
  else if (unit === 'month') for (const m of months) out.set(m, byMonth.get(m) ?? 0);
  return out;
}
