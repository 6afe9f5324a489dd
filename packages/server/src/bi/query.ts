import { type BucketUnit, type CategoryKey, type Period, periodInstants } from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows } from '../core/sql.ts';
import { zoneSql } from '../core/times.ts';
import type { Tx } from '../db/client.ts';
import { withParts } from './readable.ts';
import type { CategorySql, Source } from './sources.ts';

/**
 * The one query builder of the statistics: a measure's rows in a period (days of the company's
 * zone), owned by the users in scope, grouped by period bucket, by owner or by a category, or not
 * at all. The figures, the export and the drill-down all start from `measureRows`, so they count
 * the same rows.
 */
export type Grouping =
  | { by: 'none' }
  | { by: 'bucket'; unit: BucketUnit }
  | { by: 'owner' }
  | { by: 'category'; category: CategorySql; key?: CategoryKey };

export type MeasureQuery = {
  source: Source;
  period: Period;
  /** Subquery of the user ids counted; null for everyone. */
  users: SQL | null;
  /** An analysis's own condition (the funnel's stage group). */
  extraWhere?: SQL;
};

const BUCKET_FORMAT: Record<BucketUnit, string> = { day: 'YYYY-MM-DD', week: 'YYYY-MM-DD', month: 'YYYY-MM' };

/** The group key of a row (text), for the grouping. */
export function groupKeySql(q: MeasureQuery, g: Grouping): SQL {
  switch (g.by) {
    case 'none':
      return sql`''`;
    case 'owner':
      return sql`coalesce((${q.source.owner})::text, '')`;
    case 'category':
      return g.category.key;
    case 'bucket': {
      const local =
        q.source.timeKind === 'instant'
          ? sql`(${q.source.time} at time zone ${zoneSql()})`
          : sql`(${q.source.time})::timestamp`;
      const at = g.unit === 'week' ? sql`date_trunc('week', ${local})` : local;
      return sql`to_char(${at}, ${BUCKET_FORMAT[g.unit]})`;
    }
  }
}

/**
 * `from … where …` of a measure: the period (a range on the time column, so its index serves),
 * the users in scope, the source's and the analysis's conditions, and `extra` (a drill key).
 */
export function measureRows(q: MeasureQuery, extra?: SQL): SQL {
  const { source, period } = q;
  const conditions: SQL[] = [];
  if (source.timeKind === 'instant') {
    const [from, to] = periodInstants(period);
    const start = sql`${source.time} >= ${from.toISOString()}::timestamptz`;
    const end = (at: Date) => sql`${source.time} < ${at.toISOString()}::timestamptz`;
    // A balance counts every row before the period (opening) or up to its end (closing).
    conditions.push(
      source.span === 'opening' ? end(from) : source.span === 'closing' ? end(to) : sql`${start} and ${end(to)}`,
    );
  } else
    conditions.push(
      source.span === 'opening'
        ? sql`${source.time} < ${period.start}::date`
        : source.span === 'closing'
          ? sql`${source.time} <= ${period.end}::date`
          : sql`${source.time} between ${period.start}::date and ${period.end}::date`,
    );
  if (q.users) conditions.push(sql`${source.owner} = any(array(${q.users}))`);
  if (source.where) conditions.push(source.where);
  if (q.extraWhere) conditions.push(q.extraWhere);
  if (extra) conditions.push(extra);
  const from = typeof source.from === 'function' ? source.from(period) : source.from;
  return sql`from ${from} where ${sql.join(conditions, sql` and `)}`;
}

/**
 * The per-period row sets the sources read (`Source.shared`), each once per statement: a
 * materialized `with` part per name, however many measures and groupings read it (RFM's per-customer
 * rows: 4 measures × 4 groupings read 3 periods' sets, computed 3 times instead of 16).
 */
export function sharedParts(queries: MeasureQuery[]): SQL[] {
  const parts = new Map<string, SQL>();
  for (const q of queries) {
    const s = q.source.shared?.(q.period);
    if (s && !parts.has(s.name)) parts.set(s.name, sql`${sql.identifier(s.name)} as materialized (${s.body})`);
  }
  return [...parts.values()];
}

/**
 * The rows a figure reads: the source's summary when it has one that holds the grouping (a
 * category it lists by key) and the analysis adds no condition, else the detail rows. Both give
 * the same figure (the bi tests run through the summary; summary.test.ts checks it stays equal).
 */
export function figureSource(q: MeasureQuery, g: Grouping): MeasureQuery {
  const summary = q.source.summary;
  if (!summary || q.extraWhere) return q;
  if (g.by === 'category' && !(g.key && summary.categories && Object.hasOwn(summary.categories, g.key))) return q;
  return { ...q, source: summary };
}

export type Figure = { value: number; order: number };

export type FigureRequest = { q: MeasureQuery; g: Grouping };

/**
 * Many measures' figures, each grouped its own way over its own period, in one statement (a
 * `union all` of one grouped select per request): a page's figures cost one round trip and one
 * plan instead of one per measure, period and grouping (bench/bi-overview.ts). `tables`: the
 * viewer's readable kind tables (readable.ts), so a hidden field counts as empty. Answers a map per
 * request, in order: key → value (and the category's order where it has one).
 */
export async function measureFigures(
  db: Tx,
  requests: FigureRequest[],
  tables: SQL[] = [],
): Promise<Map<string, Figure>[]> {
  if (requests.length === 0) return [];
  requests = requests.map(({ q, g }) => ({ q: figureSource(q, g), g }));
  const parts = requests.map(({ q, g }, i) => {
    const order = g.by === 'category' && g.category.order ? sql`min(${g.category.order})` : sql`0`;
    return sql`(select ${i}::int as i, (${groupKeySql(q, g)})::text as k, (${q.source.value})::float8 as v,
      (${order})::float8 as o ${measureRows(q)} group by 2)`;
  });
  const rows = await queryRows<{ i: number; k: string; v: string | number; o: string | number }>(
    db,
    withParts([...tables, ...sharedParts(requests.map((r) => r.q))], sql.join(parts, sql` union all `)),
  );
  const out = requests.map(() => new Map<string, Figure>());
  for (const r of rows) out[Number(r.i)]!.set(String(r.k), { value: Number(r.v), order: Number(r.o) });
  return out;
}
