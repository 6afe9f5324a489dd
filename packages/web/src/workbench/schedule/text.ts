import type { RepeatRule } from '@crm/shared';
import type { useScheduleMessages } from './messages';

type T = ReturnType<typeof useScheduleMessages>;

/** 2026-11-23 09:30–10:30, or the days of an all-day event. */
export function whenText(
  t: T,
  e: { allDay: boolean; startDay: string; endDay: string; startTime: string | null; endTime: string | null },
) {
  const days = e.endDay !== e.startDay ? `${e.startDay} ~ ${e.endDay}` : e.startDay;
  if (e.allDay) return `${days} ${t('allDay')}`;
  const end = e.endTime && e.endTime !== e.startTime ? `–${e.endTime}` : '';
  return e.endDay !== e.startDay
    ? `${e.startDay} ${e.startTime} ~ ${e.endDay} ${e.endTime ?? ''}`
    : `${days} ${e.startTime}${end}`;
}

/** 每周（一、三），共4次 */
export function repeatText(t: T, r: RepeatRule) {
  const base =
    r.interval > 1
      ? `${t('every')} ${r.interval} ${t(`unit${r.freq}` as 'unitdaily')}`
      : t(`freq${r.freq}` as 'freqdaily');
  const days =
    r.freq === 'weekly' && r.weekdays.length ? `（${r.weekdays.map((d) => t(`w${d}` as 'w1')).join('、')}）` : '';
  const end = r.until ? `，${t('endsUntil')} ${r.until}` : r.count ? `，${t('endsCount')} ${r.count}` : '';
  return `${base}${days}${end}`;
}
