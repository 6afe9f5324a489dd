/**
 * The company's wall clock. The API speaks times as `yyyy-MM-dd HH:mm:ss` in the company's time
 * zone (a system setting, default Asia/Shanghai) and reads that form, `yyyy-MM-dd HH:mm` and ISO
 * 8601 with an offset. Server and web keep the zone in force here: one company per server, so
 * one zone per process (the server sets it from its settings cache, the web from the settings
 * it loads).
 */

export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/** An IANA zone name (`Asia/Shanghai`, `UTC`) the runtime knows; offsets such as `+08:00` are not zones. */
export function isTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || !/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The runtime's own spelling of a zone (`asia/shanghai` → `Asia/Shanghai`); call with a valid zone. */
export const canonicalTimeZone = (zone: string): string =>
  new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;

let current = DEFAULT_TIME_ZONE;

/** The zone times are written and read in. */
export const companyTimeZone = (): string => current;

/** Put a zone in force (the settings cache on the server, the session on the web). */
export function setCompanyTimeZone(zone: string): void {
  if (!isTimeZone(zone)) throw new Error(`not a time zone: ${zone}`);
  current = zone;
}

const partFormatters = new Map<string, Intl.DateTimeFormat>();
function partsOf(zone: string): Intl.DateTimeFormat {
  let f = partFormatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partFormatters.set(zone, f);
  }
  return f;
}

/** The zone's offset from UTC in ms at instant `t` (Intl, exact to the second). */
function exactOffset(zone: string, t: number): number {
  const p: Record<string, number> = {};
  for (const { type, value } of partsOf(zone).formatToParts(new Date(t))) p[type] = Number(value);
  const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return wall - (t - (((t % 1000) + 1000) % 1000));
}

// Offsets change at most at a few instants a year: cache them per span of about 24 days, or per
// quarter hour around a change, and only for a span whose both ends agree (so a change at an odd
// second is still exact). A list of times then costs no Intl call.
const SPANS_MS = [2 ** 31, 15 * 60_000];
const offsetCache = new Map<string, Map<number, number>[]>();
function offsetAt(zone: string, t: number): number {
  let levels = offsetCache.get(zone);
  if (!levels) {
    levels = SPANS_MS.map(() => new Map());
    offsetCache.set(zone, levels);
  }
  for (let i = 0; i < SPANS_MS.length; i++) {
    const span = SPANS_MS[i]!;
    const byBucket = levels[i]!;
    const bucket = Math.floor(t / span);
    const hit = byBucket.get(bucket);
    if (hit !== undefined) return hit;
    const start = exactOffset(zone, bucket * span);
    if (start !== exactOffset(zone, bucket * span + span - 1)) continue;
    if (byBucket.size >= 4096) byBucket.clear();
    byBucket.set(bucket, start);
    return start;
  }
  return exactOffset(zone, t);
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** `yyyy-MM-dd HH:mm:ss` of an instant in the zone; "" for an invalid date. */
export function formatTime(at: Date | number, zone: string = current): string {
  const t = typeof at === 'number' ? at : at.getTime();
  if (!Number.isFinite(t)) return '';
  const w = new Date(t + offsetAt(zone, t));
  return `${String(w.getUTCFullYear()).padStart(4, '0')}-${pad2(w.getUTCMonth() + 1)}-${pad2(w.getUTCDate())} ${pad2(
    w.getUTCHours(),
  )}:${pad2(w.getUTCMinutes())}:${pad2(w.getUTCSeconds())}`;
}

/** The instant a wall-clock time of the zone names (one a clock change skips lands an hour beside it). */
export function instantOfWallClock(wallAsUtc: number, zone: string = current): number {
  const first = wallAsUtc - offsetAt(zone, wallAsUtc);
  const second = wallAsUtc - offsetAt(zone, first);
  return second;
}

/** Local text: `yyyy-MM-dd HH:mm[:ss[.fff]]` (a `T` is accepted too), without an offset. */
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?$/;
/** ISO 8601 with an offset: `2026-11-23T10:00:00.000Z`, `…+08:00`. */
const ZONED = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?(Z|[+-](\d{2}):?(\d{2}))$/;

export const TIME_MIN_YEAR = 1900;
export const TIME_MAX_YEAR = 9999;

/**
 * The instant a time of the API names: `yyyy-MM-dd HH:mm:ss` or `yyyy-MM-dd HH:mm` in the zone,
 * or ISO 8601 with an offset. Null for anything else, for a day or hour that does not exist
 * (2026-02-30, 25:00) and outside 1900–9999.
 */
export function parseTime(text: string, zone: string = current): Date | null {
  const local = LOCAL.exec(text);
  const m = local ?? ZONED.exec(text);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (y < TIME_MIN_YEAR || y > TIME_MAX_YEAR || mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return null;
  const ms = Math.floor(Number(`0.${m[7] ?? '0'}`) * 1000);
  const wall = Date.UTC(y, mo - 1, d, h, mi, s, ms);
  // 02-30 rolls over in Date: refuse the day instead.
  if (new Date(wall).getUTCDate() !== d) return null;
  if (local) return new Date(instantOfWallClock(wall, zone));
  if (m[8] === 'Z') return new Date(wall);
  const [oh, om] = [Number(m[9]), Number(m[10])];
  if (oh > 14 || om > 59) return null;
  const offset = (m[8]!.startsWith('-') ? -1 : 1) * (oh * 60 + om) * 60_000;
  return new Date(wall - offset);
}

/** `yyyy-MM-dd HH:mm:ss` exactly: the API's own form, which formatting leaves as it is. */
export const API_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/**
 * The instant a timestamp names as a query may give it as text: what `parseTime` reads, or
 * PostgreSQL's own form (`2026-11-23 10:00:00.123456+08`, `+05:30`). Null for anything else.
 */
export function parseTimestamp(text: string, zone: string = current): Date | null {
  const parsed = parseTime(text, zone);
  if (parsed) return parsed;
  const pg = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}(?:\.\d+)?)([+-]\d{2})(?::?(\d{2}))?$/.exec(text);
  const t = pg ? Date.parse(`${pg[1]}T${pg[2]}${pg[3]}:${pg[4] ?? '00'}`) : Number.NaN;
  return Number.isFinite(t) ? new Date(t) : null;
}

/**
 * What the API answers for a time the server holds: a Date, or text a query gave (see
 * `parseTimestamp`) as the company's `yyyy-MM-dd HH:mm:ss`. Text already in that form is kept;
 * null and undefined pass; anything unreadable is left as it is.
 */
export function toApiTime(v: unknown, zone: string = current): unknown {
  if (v instanceof Date) return formatTime(v, zone);
  if (typeof v === 'string') {
    if (API_TIME.test(v)) return v;
    const at = parseTimestamp(v, zone);
    return at ? formatTime(at, zone) : v;
  }
  return v;
}
