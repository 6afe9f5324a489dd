import {
  addDays,
  type CalendarEntry,
  chinaDay,
  chinaInstant,
  dayNumber,
  minutesText,
  NO_REPEAT,
  occurrenceDays,
  type RepeatRule,
  reminderDue,
} from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { queryRows } from '../../core/sql.ts';
import { allServerKinds } from '../../crm/records/registry.ts';
import type { Tx } from '../../db/client.ts';

type EventRow = {
  event_id: number;
  title: string;
  all_day: boolean;
  start_day: string;
  end_day: string;
  start_min: number | null;
  end_min: number | null;
  repeat: RepeatRule;
  remind_minutes: number | null;
  create_user_id: number;
};

/** At most this many occurrences of one series in one answer (a daily series over 100 days is 100). */
const PER_SERIES = 200;

/**
 * My events' occurrences between two days (both included): the series I created or take part
 * in, narrowed in SQL by their first and last day, expanded by shared `occurrenceDays`. A
 * multi-day occurrence that started before `from` and is still going is included.
 */
async function eventEntries(db: Tx, userId: number, from: string, to: string, now: Date): Promise<CalendarEntry[]> {
  const rows = await queryRows<EventRow>(
    db,
    sql`select e.event_id, e.title, e.all_day, e.start_day::text as start_day, e.end_day::text as end_day,
          e.start_min, e.end_min, e.repeat, e.remind_minutes, e.create_user_id
        from oa_event_user u join oa_event e on e.event_id = u.event_id
        where u.user_id = ${userId} and not e.is_deleted and e.start_day <= ${to}::date
          and (e.last_day is null or e.last_day + (e.end_day - e.start_day) >= ${from}::date)`,
  );
  const out: CalendarEntry[] = [];
  for (const r of rows) {
    const span = dayNumber(r.end_day) - dayNumber(r.start_day);
    const repeat = { ...NO_REPEAT, ...r.repeat };
    for (const day of occurrenceDays(repeat, r.start_day, addDays(from, -span), to, PER_SERIES)) {
      const occ = { day, allDay: r.all_day, startMin: r.start_min };
      out.push({
        source: 'event',
        id: Number(r.event_id),
        title: r.title,
        allDay: r.all_day,
        day,
        endDay: addDays(day, span),
        startTime: r.start_min === null ? null : minutesText(r.start_min),
        endTime: r.end_min === null ? null : minutesText(r.end_min),
        startAt: chinaInstant(day, r.start_min ?? 0).toISOString(),
        repeat,
        remindMinutes: r.remind_minutes,
        reminding: reminderDue(occ, r.remind_minutes, now),
        createUserId: Number(r.create_user_id),
        readOnly: false,
        record: null,
      });
    }
  }
  return out;
}

/**
 * Follow-ups with a next contact time on the records I own, one query per kind (a handful):
 * they start from my records (owner index) and reach their follow-ups by (label, record).
 */
async function followUpEntries(db: Tx, userId: number, from: string, to: string): Promise<CalendarEntry[]> {
  const lo = chinaInstant(from).toISOString();
  const hi = chinaInstant(addDays(to, 1)).toISOString();
  const kinds = allServerKinds().filter((sk) => sk.kind.features.followUps);
  const lists = await Promise.all(
    kinds.map(async (sk) => {
      const nameColumn = sk.columns[sk.kind.nameField]?.column ?? sk.idColumn;
      const rows = await queryRows<{
        follow_id: number;
        record_id: number;
        next_time: string;
        name: string;
        create_user_id: number;
      }>(
        db,
        sql`select f.follow_id, f.record_id, f.next_time, r.${sql.identifier(nameColumn)}::text as name, f.create_user_id
            from ${sql.identifier(sk.table)} r
            join crm_follow_record f on f.label = ${sk.kind.label} and f.record_id = r.${sql.identifier(sk.idColumn)}
            where r.owner_user_id = ${userId} and f.next_time >= ${lo}::timestamptz and f.next_time < ${hi}::timestamptz
            order by f.next_time limit 500`,
      );
      return rows.map((r): CalendarEntry => {
        const at = new Date(r.next_time);
        const day = chinaDay(at);
        const minutes = Math.round((at.getTime() - chinaInstant(day).getTime()) / 60_000);
        return {
          source: 'followUp',
          id: Number(r.follow_id),
          title: `${sk.kind.name}跟进：${r.name ?? ''}`,
          allDay: false,
          day,
          endDay: day,
          startTime: minutesText(minutes),
          endTime: null,
          startAt: at.toISOString(),
          repeat: NO_REPEAT,
          remindMinutes: null,
          reminding: false,
          createUserId: Number(r.create_user_id),
          readOnly: true,
          record: { label: sk.kind.label, recordId: Number(r.record_id), name: r.name ?? '' },
        };
      });
    }),
  );
  return lists.flat();
}

const order = (a: CalendarEntry, b: CalendarEntry) =>
  a.day.localeCompare(b.day) ||
  Number(b.allDay) - Number(a.allDay) ||
  a.startAt.localeCompare(b.startAt) ||
  a.id - b.id;

/** `OaRecord/queryEvent`: my calendar between two days, events and follow-ups, by start. */
export async function calendar(db: Tx, user: SessionUser, from: string, to: string, now = new Date()) {
  const [events, follows] = await Promise.all([
    eventEntries(db, user.userId, from, to, now),
    followUpEntries(db, user.userId, from, to),
  ]);
  return [...events, ...follows].sort(order);
}

/** `OaRecord/queryEventByDay`: what is on one day (a multi-day event on each of its days). */
export const calendarDay = (db: Tx, user: SessionUser, day: string, now = new Date()) =>
  calendar(db, user, day, day, now);

/** The workbench's eventNum: entries on my calendar today (China time). */
export async function todayCount(db: Tx, user: SessionUser, now = new Date()) {
  return (await calendarDay(db, user, chinaDay(now), now)).length;
}

/**
 * The reminders showing now: occurrences from yesterday to tomorrow (a reminder is at most a
 * day ahead, and an all-day one shows all its day) whose reminder window holds `now`.
 */
export async function dueReminders(db: Tx, user: SessionUser, now = new Date()) {
  const today = chinaDay(now);
  const entries = await eventEntries(db, user.userId, addDays(today, -1), addDays(today, 1), now);
  return entries.filter((e) => e.reminding).sort(order);
}
