import type { BucketUnit, CalendarUnit, CategoryKey, DrillKind, Period } from '@crm/shared';
import type { SQL } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';

/**
 * The shape of a measure's source (sources.ts): its own file, so the feature files that build
 * sources (clinic, visits, RFM, customer fields) need not import the list that gathers them.
 */
/** A category's key and order; `keys` lists every value in order when each must show (zeros too). */
/**
 * `where`: the only rows the split reads, for a summary that holds one row per value of each split
 * it offers (`Source.categoriesOnly`: the customer field summary's rows of one field).
 */
export type CategorySql = { key: SQL; order?: SQL; keys?: string[]; where?: SQL };
export type Source = {
  /** The rows; a function of the period when they are made per period (RFM: one row per customer). */
  from: SQL | ((period: Period) => SQL);
  /** A per-period row set `from` reads by `name`, computed once per statement (query.ts `sharedParts`). */
  shared?: (period: Period) => { name: string; body: SQL };
  where?: SQL;
  time: SQL;
  /** `instant`: a timestamptz (days are the company's); `day`: a date column, already a day. */
  timeKind: 'instant' | 'day';
  /**
   * A balance rather than a flow: every row before the period's first day (`opening`) or up to
   * its last (`closing`). Such a measure splits by owner or category, never by bucket.
   */
  span?: 'opening' | 'closing';
  owner: SQL;
  value: SQL;
  drill: { kind: DrillKind; id: SQL; name: SQL; value: SQL };
  /**
   * The category splits this source offers (an analysis names one); some read the period (new or
   * returning). A summary's split may answer undefined: it does not hold this one (a customer
   * field that is no choice field), and the figure reads the rows.
   */
  categories?: Partial<
    Record<CategoryKey, (db: Tx, period: Period) => Promise<CategorySql | undefined> | CategorySql | undefined>
  >;
  /**
   * The same figure from a summary table (bi/summary, issue 24): read instead of the rows when the
   * grouping is none, a bucket, the owner or one of the summary's own `categories` and the analysis
   * adds no condition of its own (query.ts `figureSource`). Drill-downs always read the rows. A
   * summary may have its own coarser `summary` (fewer splits, fewer rows, or months), a list: the
   * first of it that holds the figure. The last level of the chain that holds the grouping and the
   * period is read, so a level that lacks a split (the method) may sit between two that have it
   * (days by method → days → months by method → months).
   */
  summary?: Source | readonly Source[] | SummaryOf;
  /**
   * A summary by month (the time column is the first day of the row's month): read only for a
   * period of whole months grouped by none, month buckets, the owner or a category.
   */
  grain?: 'month';
  /**
   * A summary whose rows hold one row per value of each of its `categories` (the customer field
   * summary: each customer once per field): read only for a split by one of them, whose `where`
   * picks that split's rows.
   */
  categoriesOnly?: boolean;
  /**
   * The columns of a kind's table a summary condenses: it is not read for a viewer from whom one of
   * them is hidden (field permissions, readable.ts), since the rows read them as null.
   */
  reads?: { table: string; columns: readonly string[] };
  /**
   * A distinct count read from a summary of first occurrences (issue 24, h-follow): `calendar(unit,
   * among)` is a summary source whose value adds up, per row of the summary, how many rows are the
   * first of their distinct key (the customer) in their calendar `unit` among everyone's rows
   * (`everyone`) or among their owner's own (`owner`). The distinct count of a whole unit, or of
   * buckets that are whole units, is then a sum: everyone's when no owner filter or split applies,
   * the owner's for the owner split or a scope of one user (query.ts `figureSource`). Any other
   * period, grouping or scope reads the detail rows. A source has either this or `summary`.
   */
  calendar?: (unit: CalendarUnit, among: 'everyone' | 'owner') => Source;
  /**
   * A summary of everyone's rows together (no owner column): read only when the figure counts
   * everyone (no users in scope) and does not split by owner (clinic_deal_day: the customers' money
   * is their current owner's, which a summary by day cannot follow through transfers).
   */
  everyone?: boolean;
  /**
   * The zone a summary's days are in (days of instants, made by its triggers): read only while the
   * company's zone is this one, so a period's days are the same days.
   */
  zone?: string;
  /**
   * Measures over the same rows (the same `from`, `where`, time and owner) told apart by `when`
   * and what they add up (`sum`, whose total is this source's `value`): an analysis computes all of
   * one `shape` in one scan instead of one each (query.ts; the seven payment methods of 收款日报).
   * `distinct`: the measure counts this column's distinct values instead (customers followed up).
   */
  part?: { shape: string; when: SQL; sum: SQL; distinct?: SQL };
};

/**
 * What a figure asks of a summary that holds only some figures (query.ts `figureSource`): its
 * period, whose rows (null: everyone's), and how it is split.
 */
export type SummaryAsk = {
  period: Period;
  users: SQL | null;
  by: 'none' | 'bucket' | 'owner' | 'category';
  unit?: BucketUnit;
  key?: CategoryKey;
};
/**
 * A summary that holds some figures only: the source to read for this ask, or undefined for the
 * detail rows. A distinct count precounted per calendar unit (buying customers per day, week,
 * month, quarter and year) serves a period that is whole units of it; a summary without the owner
 * serves only everyone's figures; one keyed by the hour serves periods that begin on one.
 */
export type SummaryOf = (ask: SummaryAsk) => Source | undefined;
