import {
  type AnalysisDef,
  type AnalysisPath,
  analyses,
  type BiAnalysis,
  type BiMeasureKey,
  type BiQuery,
  type BucketUnit,
  baseMeasuresOf,
  biPermission,
  bucketKeys,
  bucketLastYear,
  bucketUnitFor,
  derivedValue,
  measures,
  type Period,
  previousPeriod,
  resolvePeriod,
  samePeriodLastYear,
  todayIn,
} from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../auth/session.ts';
import { queryRows } from '../core/sql.ts';
import type { KindRegistry } from '../crm/records/registry.ts';
import type { Tx } from '../db/client.ts';
import { inList } from '../org/sql-lists.ts';
import { type Figure, type Grouping, type HiddenColumns, measureFigures } from './query.ts';
import { readableTables } from './readable.ts';
import { scopedUsers } from './scope.ts';
import { type CategorySql, isTargetMeasure, sources } from './sources.ts';
import { targetFigures } from './targets.ts';

/** Everything an analysis's figures, export and drill-down share for one request. */
export type Prepared = {
  path: AnalysisPath;
  def: AnalysisDef;
  input: BiQuery;
  period: Period;
  unit: BucketUnit | null;
  users: SQL | null;
  /** At most one user in scope (query.ts `MeasureQuery.single`). */
  single: boolean;
  extraWhere?: SQL;
  category?: CategorySql;
  /** The kinds' tables as the viewer may read them (field permissions): `with` parts, none when nothing is hidden. */
  tables: SQL[];
  /** Per kind table, the columns read differently for the viewer: no summary of them is read (query.ts). */
  hidden: HiddenColumns;
};

/** An analysis's own condition: the opportunity analyses read one stage group when `typeId` names it. */
const analysisWhere: Partial<Record<AnalysisPath, (input: BiQuery) => SQL | undefined>> = {
  '/biFunnel/sellFunnel': (i) => (i.typeId ? sql`r.type_id = ${i.typeId}` : undefined),
  '/biFunnel/addBusinessAnalyze': (i) => (i.typeId ? sql`r.type_id = ${i.typeId}` : undefined),
  '/biFunnel/win': (i) => (i.typeId ? sql`r.type_id = ${i.typeId}` : undefined),
};

export async function prepare(
  db: Tx,
  kinds: KindRegistry,
  user: SessionUser,
  path: AnalysisPath,
  input: BiQuery,
): Promise<Prepared> {
  const def: AnalysisDef = analyses[path];
  const users = await scopedUsers(db, user, biPermission(def.group), input);
  const single =
    users !== null &&
    (input.userId !== undefined ||
      (await queryRows<{ one: boolean }>(db, sql`select count(*) <= 1 as one from (${users}) u`))[0]!.one);
  const period = resolvePeriod(input, todayIn());
  // Targets exist by month only: their analysis always splits by month.
  const unit =
    def.dimension !== 'bucket' ? null : def.group === 'achievement' ? 'month' : (input.bucket ?? bucketUnitFor(period));
  let category: CategorySql | undefined;
  if (def.category) {
    const of = sources[baseMeasuresOf(def.measures[0]!)[0] as keyof typeof sources].categories?.[def.category];
    if (!of) throw new Error(`${path}: its measures offer no ${def.category} split`);
    category = await of(db, period);
    if (!category) throw new Error(`${path}: its measures' rows hold no ${def.category} split`);
  }
  const { tables, hidden } = await readableTables(db, user, kinds.all());
  return {
    path,
    def,
    input,
    period,
    unit,
    users,
    single,
    extraWhere: analysisWhere[path]?.(input),
    category,
    tables,
    hidden,
  };
}

export const groupingOf = (p: Prepared): Grouping =>
  p.unit
    ? { by: 'bucket', unit: p.unit }
    : p.category
      ? { by: 'category', category: p.category, key: p.def.category }
      : p.def.dimension === 'owner'
        ? { by: 'owner' }
        : { by: 'none' };

const money = (v: number) => Math.round(v * 100) / 100;

type Figures = Map<BiMeasureKey, Map<string, Figure>>;

/**
 * Every base measure the analysis needs, for each (period, grouping) asked: the row measures of
 * all of them in one statement (query.ts), targets from targets.ts.
 */
async function figuresOf(db: Tx, p: Prepared, wants: { period: Period; g: Grouping }[]): Promise<Figures[]> {
  const keys = [...new Set(p.def.measures.flatMap(baseMeasuresOf))];
  const rowMeasures = keys.filter((k) => !isTargetMeasure(k));
  const got = await measureFigures(
    db,
    wants.flatMap(({ period, g }) =>
      rowMeasures.map((k) => ({
        q: {
          source: sources[k as keyof typeof sources],
          period,
          users: p.users,
          single: p.single,
          extraWhere: p.extraWhere,
        },
        g,
      })),
    ),
    p.tables,
    p.hidden,
  );
  const out: Figures[] = [];
  for (const [i, { period, g }] of wants.entries()) {
    const figs: Figures = new Map(rowMeasures.map((k, j) => [k, got[i * rowMeasures.length + j]!]));
    for (const k of keys.filter(isTargetMeasure)) {
      const unit = g.by === 'bucket' ? g.unit : g.by === 'owner' ? 'owner' : null;
      const m = await targetFigures(db, k, period, p.users, p.input.deptId, unit);
      figs.set(k, new Map([...m].map(([key, v]) => [key, { value: v, order: 0 }])));
    }
    out.push(figs);
  }
  return out;
}

/** The analysis's measures for one row key, ratios from their parts. */
function valuesAt(p: Prepared, figs: Map<BiMeasureKey, Map<string, Figure>>, key: string): Record<string, number> {
  const base = (k: BiMeasureKey) => figs.get(k)?.get(key)?.value ?? 0;
  const out: Record<string, number> = {};
  for (const k of p.def.measures) {
    const def = measures[k] as { ratio?: [BiMeasureKey, BiMeasureKey] };
    out[k] = def.ratio ? derivedValue(k, base(def.ratio[0]), base(def.ratio[1])) : money(base(k));
  }
  return out;
}

/** The people an owner split lists: every active user counted (zeros too), then any other owner found. */
async function ownerLabels(db: Tx, p: Prepared, found: Set<string>): Promise<[string, string][]> {
  const listed = await queryRows<{ user_id: number; realname: string }>(
    db,
    sql`select user_id, realname from sys_user where status = 1
      ${p.users ? sql`and user_id = any(array(${p.users}))` : sql``} order by dept_id nulls last, user_id`,
  );
  const out: [string, string][] = listed.map((u) => [String(u.user_id), u.realname]);
  const known = new Set(out.map(([k]) => k));
  const others = [...found].filter((k) => !known.has(k));
  if (others.length) {
    const ids = others.filter((k) => k !== '').map(Number);
    const names = ids.length
      ? await queryRows<{ user_id: number; realname: string }>(
          db,
          sql`select user_id, realname from sys_user where user_id in ${inList(ids)}`,
        )
      : [];
    const nameOf = new Map(names.map((n) => [String(n.user_id), n.realname]));
    for (const k of others) out.push([k, k === '' ? '无负责人' : (nameOf.get(k) ?? k)]);
  }
  return out;
}

/** The rows' keys and labels, in the order the page shows them. */
async function rowKeys(db: Tx, p: Prepared, figs: Map<BiMeasureKey, Map<string, Figure>>): Promise<[string, string][]> {
  const found = new Set([...figs.values()].flatMap((m) => [...m.keys()]));
  if (p.unit) return bucketKeys(p.period, p.unit).map((k) => [k, k]);
  if (p.def.dimension === 'owner') return ownerLabels(db, p, found);
  if (p.category?.keys) {
    const listed = new Set(p.category.keys);
    return [...p.category.keys, ...[...found].filter((k) => k !== '' && !listed.has(k))].map((k) => [k, k]);
  }
  const first = figs.get(baseMeasuresOf(p.def.measures[0]!)[0]!)!;
  const order = (k: string) => [...figs.values()].map((m) => m.get(k)?.order).find((o) => o !== undefined) ?? 0;
  return [...found]
    .sort(
      (a, b) => order(a) - order(b) || (first.get(b)?.value ?? 0) - (first.get(a)?.value ?? 0) || a.localeCompare(b),
    )
    .map((k) => [k, k]);
}

/** An analysis's answer: rows (with their comparisons where the analysis compares) and totals of three periods. */
export async function runAnalysis(db: Tx, p: Prepared): Promise<BiAnalysis> {
  const previous = previousPeriod(p.period);
  const lastYear = samePeriodLastYear(p.period);
  const g = groupingOf(p);
  const none: Grouping = { by: 'none' };
  const compare = Boolean(p.def.compareRows && p.unit);
  // One statement for the whole answer: the rows, their comparisons and the three totals.
  const [figs, totalNow, totalBefore, totalYearAgo, before, yearAgo] = await figuresOf(db, p, [
    { period: p.period, g },
    { period: p.period, g: none },
    { period: previous, g: none },
    { period: lastYear, g: none },
    ...(compare
      ? [
          { period: previous, g },
          { period: lastYear, g },
        ]
      : []),
  ]);
  const keys = await rowKeys(db, p, figs!);
  let rows: BiAnalysis['rows'] = keys.map(([key, label]) => ({ key, label, values: valuesAt(p, figs!, key) }));

  if (compare && p.unit) {
    const unit = p.unit;
    const lastKeys = bucketKeys(previous, unit);
    const lastOfPrevious = lastKeys.at(-1) ?? '';
    rows = rows.map((r, i) => ({
      ...r,
      previous: i > 0 ? rows[i - 1]!.values : valuesAt(p, before!, lastOfPrevious),
      lastYear: valuesAt(p, yearAgo!, bucketLastYear(r.key, unit)),
    }));
  }
  // Rankings: largest first; ties keep the list's order.
  if (p.def.ranking) {
    const k = p.def.measures[0]!;
    rows = [...rows].sort((a, b) => (b.values[k] ?? 0) - (a.values[k] ?? 0));
  }

  const total = {
    values: valuesAt(p, totalNow!, ''),
    previous: valuesAt(p, totalBefore!, ''),
    lastYear: valuesAt(p, totalYearAgo!, ''),
  };
  return {
    period: {
      start: p.period.start,
      end: p.period.end,
      previousStart: previous.start,
      previousEnd: previous.end,
      lastYearStart: lastYear.start,
      lastYearEnd: lastYear.end,
    },
    dimension: p.def.dimension,
    bucket: p.unit,
    measures: p.def.measures,
    rows,
    total,
  };
}
