import { type BiMeasureKey, changeRate, formatMeasure, formatPercent, measures } from '@crm/shared';
import type { Lang } from '@/i18n';

/** A measure's name in the page's language. */
export const measureName = (key: BiMeasureKey, lang: Lang) =>
  lang === 'en' ? measures[key].nameEn : measures[key].name;

/** A figure as the pages show it: ¥ with thousands separators, percentages with one decimal, counts grouped. */
export const showFigure = (key: BiMeasureKey, v: number | undefined) => formatMeasure(key, v ?? 0);

/** A change in percent ("+12.5%", "−3.0%", "—" with nothing to compare with). */
export function showChange(current: number | undefined, base: number | undefined): string {
  const rate = changeRate(current ?? 0, base ?? 0);
  return rate === null ? '—' : `${rate > 0 ? '+' : ''}${formatPercent(rate)}`;
}
