import { formatTime, parseTime } from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';

/** The company's today as [start, end) instants (the station works one calendar day). */
export function companyToday(now = new Date()): { from: Date; to: Date } {
  const day = formatTime(now).slice(0, 10);
  const from = parseTime(`${day} 00:00:00`)!;
  // 36 h later is always within the next calendar day, whatever the zone's daylight saving.
  const next = formatTime(new Date(from.getTime() + 36 * 3_600_000)).slice(0, 10);
  return { from, to: parseTime(`${next} 00:00:00`)! };
}

/** `<alias>.arrived_time` within the company's today. */
export function arrivedToday(alias: string): SQL {
  const t = companyToday();
  const col = sql`${sql.identifier(alias)}.arrived_time`;
  return sql`${col} >= ${t.from.toISOString()}::timestamptz and ${col} < ${t.to.toISOString()}::timestamptz`;
}
