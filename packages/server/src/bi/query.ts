import {
  type BucketUnit,
  bucketsWhole,
  type CategoryKey,
  companyTimeZone,
  type Period,
  periodInstants,
  wholeUnit,
} from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows } from '../core/sql.ts';
import { zoneSql } from '../core/times.ts';
import type { Tx } from '../db/client.ts';
import { withParts } from './readable.ts';
import type { CategorySql, Source } from './source-types.ts';

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
  /** The users in scope are at most one (a user filter, a rep's own scope): an owner's count is theirs. */
  single?: boolean;
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
  if (source.part) conditions.push(source.part.when);
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

/** Per kind table, the columns read differently for the viewer (field permissions: readable.ts). */
export type HiddenColumns = ReadonlyMap<string, ReadonlySet<string>>;
const nothingHidden: HiddenColumns = new Map();

/** A summary gives the figure for this period, grouping and viewer. */
function holds(s: Source, q: MeasureQuery, g: Grouping, hidden: HiddenColumns): boolean {
  if (g.by === 'category' ? !(g.key && s.categories && Object.hasOwn(s.categories, g.key)) : s.categoriesOnly)
    return false;
  if (s.grain === 'month' && !(bucketsWhole(q.period, 'month') && (g.by !== 'bucket' || g.unit === 'month')))
    return false;
  if (s.everyone && (q.users || g.by === 'owner')) return false;
  if (s.zone && s.zone !== companyTimeZone()) return false;
  const gone = s.reads && hidden.get(s.reads.table);
  return !gone || !s.reads!.columns.some((c) => gone.has(c));
}

/**
 * The rows a figure reads: the coarsest of the source's summaries that holds the grouping (a
 * category it lists by key, a period its grain divides, nothing it condenses hidden from the
 * viewer; an `everyone` summary only for everyone's figures not split by owner; a `zone`d one only
 * while the company's zone is its) and the analysis adds no condition, else the detail rows. Both
 * give the same figure (the bi tests run through the summaries; summary.test.ts checks they stay
 * equal).
 */
export function figureSource(
  q: MeasureQuery,
  g: Grouping,
  hidden: HiddenColumns = nothingHidden,
  skipped: ReadonlySet<Source> = new Set(),
): MeasureQuery {
  if (q.extraWhere) return q;
  const calendar = q.source.calendar;
  if (calendar) {
    // A distinct count: the period (none, owner) or each bucket must be a whole calendar unit, and
    // the count everyone's or one owner's (a scope of several users without their split is neither).
    const unit =
      g.by === 'bucket'
        ? bucketsWhole(q.period, g.unit)
          ? g.unit
          : null
        : g.by === 'category'
          ? null
          : wholeUnit(q.period);
    const among = g.by === 'owner' || q.users ? 'owner' : 'everyone';
    if (!unit || (among === 'owner' && g.by !== 'owner' && !q.single)) return q;
    return figureSource({ ...q, source: calendar(unit, among) }, g, hidden, skipped);
  }
  // Down the chain of summaries: at each level the first of its list that holds the figure; a level
  // of one summary that does not (it lacks the split) is passed through to its coarser ones.
  let best = q;
  let level: Source | undefined = q.source;
  while (level?.summary) {
    // A function picks the summary for this figure (or none): h-money's by-hour and per-unit counts.
    const declared = level.summary;
    const got =
      typeof declared === 'function'
        ? declared({
            period: q.period,
            users: q.users,
            by: g.by,
            unit: g.by === 'bucket' ? g.unit : undefined,
            key: g.by === 'category' ? g.key : undefined,
          })
        : declared;
    const list: readonly Source[] = got === undefined ? [] : Array.isArray(got) ? got : [got as Source];
    const pick = list.find((s) => !skipped.has(s) && holds(s, q, g, hidden));
    if (pick) best = { ...q, source: pick };
    level = pick ?? (list.length === 1 ? list[0] : undefined);
  }
  return best;
}

/**
 * The requests as read: each from its `figureSource`; a split by a category the summary defines
 * its own way (the customer field summary's rows of one field) is resolved by the summary (once
 * per split and period), and when the summary answers that it does not hold it after all, the
 * next that holds the grouping is tried, the detail rows last.
 */
export async function readRequests(
  db: Tx,
  requests: FigureRequest[],
  hidden: HiddenColumns = nothingHidden,
): Promise<FigureRequest[]> {
  const resolved = new Map<unknown, Map<string, Promise<CategorySql | undefined>>>();
  const resolve = (own: NonNullable<NonNullable<Source['categories']>[CategoryKey]>, period: Period) => {
    const byPeriod = resolved.get(own) ?? new Map<string, Promise<CategorySql | undefined>>();
    resolved.set(own, byPeriod);
    const at = `${period.start}|${period.end}`;
    if (!byPeriod.has(at)) byPeriod.set(at, Promise.resolve(own(db, period)));
    return byPeriod.get(at)!;
  };
  const out: FigureRequest[] = [];
  for (const { q, g } of requests) {
    const skipped = new Set<Source>();
    for (;;) {
      const read = figureSource(q, g, hidden, skipped);
      const own = g.by === 'category' && g.key ? read.source.categories?.[g.key] : undefined;
      if (g.by !== 'category' || !own || read === q || own === q.source.categories?.[g.key!]) {
        out.push({ q: read, g });
        break;
      }
      const category = await resolve(own, q.period);
      if (category) {
        out.push({ q: read, g: { ...g, category } });
        break;
      }
      skipped.add(read.source);
    }
  }
  return out;
}

/** Ids of objects (a source, a category, a users subquery) by identity, for keys. */
function identities() {
  const ids = new Map<unknown, number>();
  return (o: unknown) => {
    if (o === undefined || o === null) return 0;
    if (!ids.has(o)) ids.set(o, ids.size + 1);
    return ids.get(o)!;
  };
}

/** A grouping's key among groupings (the same split of the same rows). */
const groupingKey = (g: Grouping, id: (o: unknown) => number) =>
  `${g.by}:${g.by === 'bucket' ? g.unit : g.by === 'category' ? id(g.category) : ''}`;

/**
 * One read of a period's rows: the requests over the same rows (one `part` shape, else one
 * source), period, users and condition, grouped by at most one split (`grouping`) and, for those
 * that ask no split (`none`), in total too: `grouping sets`, so a page's rows and their total
 * cost one scan, not two.
 */
type Scan = { grouping: Grouping | null; members: number[] };

function scans(requests: FigureRequest[], summaries: boolean[]): Scan[] {
  const id = identities();
  const byRows = new Map<string, Scan[]>();
  const out: Scan[] = [];
  for (const [i, { q, g }] of requests.entries()) {
    const rows = q.source.part ? `part:${q.source.part.shape}` : `source:${id(q.source)}`;
    const key = [rows, summaries[i], q.period.start, q.period.end, id(q.users), id(q.extraWhere)].join('|');
    const list = byRows.get(key) ?? [];
    byRows.set(key, list);
    const split = g.by === 'none' ? null : groupingKey(g, id);
    let scan = list.find((s) => split === null || s.grouping === null || groupingKey(s.grouping, id) === split);
    if (!scan) {
      scan = { grouping: null, members: [] };
      list.push(scan);
      out.push(scan);
    }
    if (split !== null) scan.grouping ??= g;
    scan.members.push(i);
  }
  return out;
}

/** The distinct requests, and for each request the index of its equal among them. */
function sameRequests(requests: FigureRequest[]): { unique: FigureRequest[]; of: number[] } {
  const id = identities();
  const seen = new Map<string, number>();
  const unique: FigureRequest[] = [];
  const of = requests.map((r) => {
    const { q, g } = r;
    const key = [id(q.source), q.period.start, q.period.end, groupingKey(g, id), id(q.users), id(q.extraWhere)].join(
      '|',
    );
    let at = seen.get(key);
    if (at === undefined) {
      at = unique.length;
      seen.set(key, at);
      unique.push(r);
    }
    return at;
  });
  return { unique, of };
}

export type Figure = { value: number; order: number };

export type FigureRequest = { q: MeasureQuery; g: Grouping };

/**
 * Many measures' figures, each grouped its own way over its own period, in one statement (a
 * `union all` of one grouped select per request): a page's figures cost one round trip and one
 * plan instead of one per measure, period and grouping (bench/bi-overview.ts). `tables`: the
 * viewer's readable kind tables (readable.ts), so a hidden field counts as empty; `hidden`, their
 * columns read differently (no summary of them is read). Answers a map per
 * request, in order: key → value (and the category's order where it has one).
 */
export async function measureFigures(
  db: Tx,
  requests: FigureRequest[],
  tables: SQL[] = [],
  hidden: HiddenColumns = nothingHidden,
): Promise<Map<string, Figure>[]> {
  if (requests.length === 0) return [];
  // The same figure asked twice (a year's previous period is the same year last year) is read once.
  const { unique, of } = sameRequests(requests);
  if (unique.length < requests.length) {
    const got = await measureFigures(db, unique, tables, hidden);
    return of.map((u) => got[u]!);
  }
  const read = await readRequests(db, requests, hidden);
  const summaries = read.map(({ q }, i) => q !== requests[i]!.q);
  requests = read;
  const orderOf = (g: Grouping) => (g.by === 'category' && g.category.order ? sql`min(${g.category.order})` : sql`0`);
  const parts: SQL[] = [];
  for (const { grouping, members } of scans(requests, summaries)) {
    const { q } = requests[members[0]!]!;
    const g = grouping ?? { by: 'none' };
    // Each request's value and row count (under its own condition when the rows are a shape's).
    const values = members.map((m, j) => {
      const source = requests[m]!.q.source;
      const part = source.part;
      const value = !part
        ? source.value
        : part.distinct
          ? sql`count(distinct case when ${part.when} then ${part.distinct} end)`
          : sql`coalesce(sum(${part.sum}) filter (where ${part.when}), 0)`;
      const n = part ? sql`count(*) filter (where ${part.when})` : sql`count(*)`;
      return sql`(${value})::float8 as ${sql.identifier(`v${j}`)}, ${n} as ${sql.identifier(`n${j}`)}`;
    });
    const list = (prefix: string) =>
      sql.join(
        members.map((_, j) => sql`g.${sql.identifier(`${prefix}${j}`)}`),
        sql`, `,
      );
    const totals = members.map((m) => requests[m]!.g.by === 'none');
    // With a split and a total both asked, the total is the grouping set (): its key comes out null
    // (a null split key is 'null', as it always read).
    const both = grouping !== null && totals.some(Boolean);
    const rows: MeasureQuery = { ...q, source: { ...q.source, part: undefined } };
    parts.push(sql`(select u.i, coalesce(g.k, '') as k, u.v, case when g.k is null then 0 else g.o end as o
      from (select coalesce((${groupKeySql(q, g)})::text, 'null') as k, (${orderOf(g)})::float8 as o,
        ${sql.join(values, sql`, `)} ${measureRows(rows, g.by === 'category' ? g.category.where : undefined)} group by ${both ? sql`grouping sets ((1), ())` : sql`1`}) g
      cross join lateral unnest(array[${sql.raw(members.join(', '))}]::int[], array[${list('v')}]::float8[],
        array[${list('n')}]::bigint[], array[${sql.raw(totals.join(', '))}]::boolean[]) as u(i, v, n, t)
      where u.n > 0${both ? sql` and u.t = (g.k is null)` : sql``})`);
  }
  const statement = withParts([...tables, ...sharedParts(requests.map((r) => r.q))], sql.join(parts, sql` union all `));
  // No JIT: the union's summed cost always passes jit_above_cost, and compiling its expressions took
  // 30 of the performance overview's 42 s and ≈ 1.5 s of a year's follow-ups at full size (bench/RESULTS.md).
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return queryRows<{ i: number; k: string; v: string | number; o: string | number }>(tx, statement);
  });
  const out = requests.map(() => new Map<string, Figure>());
  for (const r of rows) out[Number(r.i)]!.set(String(r.k), { value: Number(r.v), order: Number(r.o) });
  return out;
}
