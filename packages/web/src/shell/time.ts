import { companyTimeZone, DEFAULT_TIME_ZONE, isTimeZone, parseTimestamp, setCompanyTimeZone } from '@crm/shared';
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { useSyncExternalStore } from 'react';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Times on the web (docs/api.md "Times"): the API writes and reads `yyyy-MM-dd HH:mm:ss` in the
 * company's time zone, a system setting. Pages read an answer's time with `parseTime`/`showTime`
 * and send a picked time with `sendTime`, so everyone sees and enters the company's clock
 * whatever their browser's zone.
 */

const KEY = 'timeZone';
/** The API's form of a time. */
export const API_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

const listeners = new Set<() => void>();

/** Put the company's zone in force (from /sysConfig/query) and remember it for the next start. */
export function setTimeZone(zone: string | null | undefined): void {
  const next = zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
  const changed = next !== companyTimeZone();
  setCompanyTimeZone(next);
  if (changed) for (const l of listeners) l();
  try {
    localStorage.setItem(KEY, next);
  } catch {
    // Private mode: the zone is loaded again on the next start.
  }
}

/** The zone remembered from the last visit, until the settings answer (first paint, login page). */
function restore(): void {
  try {
    const kept = localStorage.getItem(KEY);
    if (kept && isTimeZone(kept)) setCompanyTimeZone(kept);
  } catch {
    // No storage: the default zone.
  }
}
restore();

/**
 * The zone in force, re-rendering when it changes: the shell keys the page with it, so times
 * already shown in the zone remembered from the last visit are shown again in the loaded one.
 */
export function useTimeZone(): string {
  return useSyncExternalStore((l) => {
    listeners.add(l);
    return () => listeners.delete(l);
  }, companyTimeZone);
}

/** A time of an answer as a dayjs in the company's zone; null for none or what is no time. */
export function parseTime(text: string | null | undefined): Dayjs | null {
  if (!text) return null;
  const at = parseTimestamp(text);
  return at ? dayjs(at).tz(companyTimeZone()) : null;
}

/** A time of an answer for display (`YYYY-MM-DD HH:mm` unless told); '' for none. */
export function showTime(text: string | null | undefined, format = 'YYYY-MM-DD HH:mm'): string {
  return parseTime(text)?.format(format) ?? '';
}

/**
 * A picked time as the API reads it: the wall-clock time the picker shows, which is the
 * company's (pickers are given `parseTime` values and the user means the company's clock).
 */
export function sendTime(value: Dayjs | null | undefined): string | null {
  return value?.isValid() ? value.format(API_TIME_FORMAT) : null;
}

/** Now on the company's clock (today's date, greetings, "today" marks). */
export const nowInZone = (): Dayjs => dayjs().tz(companyTimeZone());

/** Today on the company's clock as a plain date (a date picker's value or bound). */
export const companyToday = (): Dayjs => dayjs(nowInZone().format('YYYY-MM-DD'));
