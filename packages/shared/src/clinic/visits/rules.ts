import { VisitType } from './states.ts';

/**
 * The pure rules of booking and triage: the visit type a history suggests, the board's slots,
 * double-booking overlap and the rotation's next consultant. The server and the pages share them.
 */

/** 初诊 without an earlier visit; else 再消费 when they bought before (a charged sale), else 复诊. */
export function visitTypeFromHistory(history: { earlierVisits: number; boughtBefore: boolean }): number {
  if (history.earlierVisits === 0) return VisitType.first;
  return history.boughtBefore ? VisitType.repeatBuyer : VisitType.returning;
}

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes after midnight of `HH:mm`, or null when it is not such a time. */
export function minutesOf(hhmm: string): number | null {
  const m = HHMM.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** `HH:mm` of minutes after midnight (0–1439). */
export function hhmmOf(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

export type BusinessHours = { open: string; close: string; slotMinutes: number };

/**
 * The board's slot starts from opening to closing: every `slotMinutes` from `open`, each slot
 * ending by `close` (a last slot that would run past closing is left out).
 */
export function slotStarts(hours: BusinessHours): string[] {
  const open = minutesOf(hours.open);
  const close = minutesOf(hours.close);
  if (open === null || close === null || hours.slotMinutes <= 0 || close <= open) return [];
  const out: string[] = [];
  for (let at = open; at + hours.slotMinutes <= close; at += hours.slotMinutes) out.push(hhmmOf(at));
  return out;
}

/** Whether [start, end) lies within the business hours (minutes after midnight). */
export function withinHours(hours: BusinessHours, start: number, end: number): boolean {
  const open = minutesOf(hours.open);
  const close = minutesOf(hours.close);
  return open !== null && close !== null && start >= open && end <= close && end > start;
}

/** Whether the slot's start is on the grid (a whole number of slots after opening). */
export function onSlotGrid(hours: BusinessHours, start: number): boolean {
  const open = minutesOf(hours.open);
  return open !== null && start >= open && (start - open) % hours.slotMinutes === 0;
}

/** Half-open intervals overlap: one ending when the next starts is no overlap. */
export const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }): boolean =>
  a.start < b.end && b.start < a.end;

export type Booking = { id: number; doctorId: number | null; start: number; end: number };

/**
 * The first other booking of the same doctor overlapping `candidate` (times in any one unit, e.g.
 * epoch ms), or null. A booking without a doctor never collides; nor does the candidate with itself.
 */
export function doubleBooking(candidate: Booking, others: readonly Booking[]): Booking | null {
  if (candidate.doctorId === null) return null;
  return (
    others.find((o) => o.id !== candidate.id && o.doctorId === candidate.doctorId && overlaps(candidate, o)) ?? null
  );
}

/**
 * The rotation's next consultant for a walk-in: the first member after the one who took the last
 * walk-in today (round robin) who is free; when everyone is busy, simply the next in turn.
 * `members` in rotation order; null when the rotation is empty.
 */
export function nextConsultant(
  members: readonly number[],
  lastAssigned: number | null,
  busy: ReadonlySet<number>,
): number | null {
  if (members.length === 0) return null;
  const last = lastAssigned === null ? -1 : members.indexOf(lastAssigned);
  const turn = Array.from({ length: members.length }, (_, i) => members[(last + 1 + i) % members.length]!);
  return turn.find((u) => !busy.has(u)) ?? turn[0]!;
}

/** Whole minutes from `since` to `now` (never negative): the queue's "waited". */
export const minutesWaited = (since: Date | number, now: Date | number): number =>
  Math.max(0, Math.floor((Number(now) - Number(since)) / 60_000));

/** The seven days of the week (Monday first) containing `day` (`YYYY-MM-DD`). */
export function weekOf(day: string): string[] {
  const d = new Date(`${day}T00:00:00Z`);
  const monday = new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * 86_400_000);
  return Array.from({ length: 7 }, (_, i) => new Date(monday.getTime() + i * 86_400_000).toISOString().slice(0, 10));
}
