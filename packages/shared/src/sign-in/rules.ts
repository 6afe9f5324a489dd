import { weekdayOf } from '../schedule/repeat.ts';
import { SignInMsg, signInMsg } from './messages.ts';

/** A place one may sign at: a circle of `radius` metres around a point (the map's coordinates). */
export type SignPlace = { name: string; lat: number; lng: number; radius: number };

/** A department's rule as the judging needs it (times `HH:mm`, company time zone; weekdays 1 Mon … 7 Sun). */
export type SignRule = {
  workStart: string;
  workEnd: string;
  lateMinutes: number;
  earlyMinutes: number;
  places: SignPlace[];
  fieldAllowed: boolean;
  workdays: number[];
};

/** 1 上班签到, 2 下班签到. */
export const SignKind = { in: 1, out: 2 } as const;
export const signKinds = [1, 2] as const;
export const signKindNames: Record<number, string> = { 1: '上班', 2: '下班' };

/** A record's own judgement: 1 正常, 2 迟到, 3 早退 (外勤 is its own flag: a field sign can be late too). */
export const SignStatus = { normal: 1, late: 2, early: 3 } as const;

/** What a day's statistics call it; a day may carry several (迟到 and 外勤). */
export const dayStatusNames = { normal: '正常', late: '迟到', early: '早退', missing: '缺卡', field: '外勤' } as const;
export type DayStatus = keyof typeof dayStatusNames;

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;
export const isSignClock = (text: string): boolean => CLOCK.test(text);
/** Minutes after midnight of `HH:mm` or `HH:mm:ss`. */
export const clockMinutes = (text: string): number => {
  const [h, m] = text.split(':').map(Number) as [number, number];
  return h * 60 + m;
};
const clockSeconds = (text: string): number => {
  const [h, m, s = 0] = text.split(':').map(Number) as [number, number, number?];
  return h * 3600 + m * 60 + s;
};

/** Metres between two points on the earth (haversine on the mean radius; ample for a few hundred metres). */
export function distanceMetres(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The place nearest `at`, its distance, and whether `at` is inside some place's circle (the first that holds it). */
export function placeFor(places: SignPlace[], at: { lat: number; lng: number }) {
  let nearest: { place: SignPlace; metres: number } | null = null;
  for (const place of places) {
    const metres = distanceMetres(place, at);
    if (metres <= place.radius) return { place, metres, inside: true };
    if (!nearest || metres < nearest.metres) nearest = { place, metres };
  }
  return nearest ? { ...nearest, inside: false } : null;
}

export const isWorkday = (rule: Pick<SignRule, 'workdays'>, day: string): boolean =>
  rule.workdays.includes(weekdayOf(day));

/** Late: signed in after start + N minutes; early: signed out before end − N minutes (wall clock `HH:mm:ss`). */
export function signStatus(rule: SignRule, kind: number, clock: string): number {
  const at = clockSeconds(clock);
  if (kind === SignKind.in)
    return at > (clockMinutes(rule.workStart) + rule.lateMinutes) * 60 ? SignStatus.late : SignStatus.normal;
  return at < (clockMinutes(rule.workEnd) - rule.earlyMinutes) * 60 ? SignStatus.early : SignStatus.normal;
}

export type SignJudgement =
  | { ok: true; field: boolean; placeName: string; metres: number | null; status: number }
  | { ok: false; msg: string };

/**
 * Judge one sign at `clock` on `day` (company time) from `at`: inside a place it is in range;
 * outside every place it is 外勤 when the rule allows it and a note says why, else refused with
 * the distance to the nearest place. A day that is not a workday needs no sign.
 */
export function judgeSign(
  rule: SignRule,
  sign: { kind: number; day: string; clock: string; at: { lat: number; lng: number }; note?: string | null },
): SignJudgement {
  if (!isWorkday(rule, sign.day)) return { ok: false, msg: SignInMsg.notWorkday };
  const status = signStatus(rule, sign.kind, sign.clock);
  const where = placeFor(rule.places, sign.at);
  if (where?.inside)
    return { ok: true, field: false, placeName: where.place.name, metres: Math.round(where.metres), status };
  if (!rule.fieldAllowed) {
    if (!where) return { ok: false, msg: SignInMsg.placeOrFieldRequired };
    return {
      ok: false,
      msg: signInMsg(SignInMsg.outOfRange, { place: where.place.name, metres: Math.round(where.metres) }),
    };
  }
  if (!sign.note?.trim()) return { ok: false, msg: SignInMsg.fieldNoteRequired };
  return { ok: true, field: true, placeName: '', metres: where ? Math.round(where.metres) : null, status };
}

/** One day's first sign-in and last sign-out as the statistics read them. */
export type DaySigns = {
  inStatus: number | null;
  inField: boolean;
  outStatus: number | null;
  outField: boolean;
};

/**
 * A day's statuses: a workday with a sign missing is 缺卡 once the day is over (`over`; today only
 * counts a missing sign-in after work has ended, `over` = 'in'); a day that is not a workday is
 * never 缺卡 (signs on it are still shown).
 */
export function dayStatuses(workday: boolean, s: DaySigns, over: boolean | 'in'): DayStatus[] {
  const out: DayStatus[] = [];
  if (s.inStatus === SignStatus.late) out.push('late');
  if (s.outStatus === SignStatus.early) out.push('early');
  if (workday && over && (s.inStatus === null || (over === true && s.outStatus === null))) out.push('missing');
  if (s.inField || s.outField) out.push('field');
  if (!out.length && (s.inStatus !== null || s.outStatus !== null)) out.push('normal');
  return out;
}
