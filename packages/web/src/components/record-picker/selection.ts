import type { PickedRecord } from './api';

/** Spec 9: result pages = ceil(totalRow / 10), at least 1. */
export const pageCount = (totalRow: number, pageSize: number) => Math.max(1, Math.ceil(totalRow / pageSize));

/** Paging up and down stays within 1 and the number of pages (spec 4.4). */
export const clampPage = (page: number, pages: number) => Math.min(Math.max(1, page), Math.max(1, pages));

/**
 * A tick or untick of rows on the current page (spec 4.4). Single select keeps only the last
 * ticked row; multi select adds to, or removes from, what was chosen on other pages.
 */
export function applyTick(
  selected: PickedRecord[],
  rows: PickedRecord[],
  ticked: boolean,
  single: boolean,
): PickedRecord[] {
  if (single) {
    const last = rows.at(-1);
    return ticked && last ? [last] : selected.filter((s) => !rows.some((r) => r.id === s.id));
  }
  if (!ticked) return selected.filter((s) => !rows.some((r) => r.id === s.id));
  return [...selected, ...rows.filter((r) => !selected.some((s) => s.id === r.id))];
}
