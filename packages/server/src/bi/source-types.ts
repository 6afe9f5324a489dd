import type { CategoryKey, DrillKind, Period } from '@crm/shared';
import type { SQL } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';

/**
 * The shape of a measure's source (sources.ts): its own file, so the feature files that build
 * sources (clinic, visits, RFM, customer fields) need not import the list that gathers them.
 */
/** A category's key and order; `keys` lists every value in order when each must show (zeros too). */
export type CategorySql = { key: SQL; order?: SQL; keys?: string[] };
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
  /** The category splits this source offers (an analysis names one); some read the period (new or returning). */
  categories?: Partial<Record<CategoryKey, (db: Tx, period: Period) => Promise<CategorySql> | CategorySql>>;
  /**
   * The same figure from a summary table (bi/summary, issue 24): read instead of the rows when the
   * grouping is none, a bucket, the owner or one of the summary's own `categories` and the analysis
   * adds no condition of its own (query.ts `figureSource`). Drill-downs always read the rows. A
   * summary may have its own coarser `summary` (fewer splits, fewer rows), read when it holds the grouping.
   */
  summary?: Source;
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
