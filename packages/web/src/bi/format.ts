import {
  type BiMeasureKey,
  changeRate,
  formatMeasure,
  formatPercent,
  measures,
  visitTypeNames,
  visitTypeNamesEn,
} from '@crm/shared';
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

/**
 * The words the statistics calls answer for a group they make themselves (an empty field, no owner,
 * no department, a visit's type), in English: the server keeps the spec's Chinese, the page names them.
 */
const groupWordsEn: Record<string, string> = {
  未填写: 'Not filled in',
  无负责人: 'No owner',
  未设置科室: 'No department',
  未分类: 'Uncategorised',
  未分派: 'Unassigned',
  未知: 'Unknown',
  未知地区: 'Unknown region',
  新客户: 'New customers',
  老客户: 'Existing customers',
  ...Object.fromEntries(Object.entries(visitTypeNames).map(([code, zh]) => [zh, visitTypeNamesEn[Number(code)] ?? zh])),
};
/** A group's label in English: each part of a compound one ("未设置科室 · 门店") on its own. */
export const groupWordEn = (label: string): string =>
  label
    .split(' · ')
    .map((part) => groupWordsEn[part] ?? part)
    .join(' · ');
