import {
  addDays,
  type CalendarEntry,
  companyDay,
  companyInstant,
  dayNumber,
  minutesText,
  NO_REPEAT,
  OCCURRENCE_MOVE_MAX_DAYS,
  type OccurrenceException,
  occurrencesInWindow,
  type RepeatRule,
  reminderDue,
} from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { queryRows } from '../../core/sql.ts';
import { timeText } from '../../core/times.ts';
import type { KindRegistry } from '../../crm/records/registry.ts';
import type { Tx } from '../../db/client.ts';
import { inList } from '../../org/sql-lists.ts';

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

type ExceptionRow = {
  event_id: number;
  series_day: string;
  cancelled: boolean;
  title: string;
  all_day: boolean;
  start_day: string | null;
  end_day: string | null;
  start_min: number | null;
  end_min: number | null;
  remind_minutes: number | null;
};
type Override = {
  startDay: string;
  endDay: string;
  title: string;
  allDay: boolean;
  startMin: number | null;
  endMin: number | null;
  remindMinutes: number | null;
};

/** The one-off changes of these series near the window, by series (one query for all of them). */
async function exceptionsOf(db: Tx, eventIds: number[], from: string, to: string) {
  const out = new Map<number, OccurrenceException<Override>[]>();
  if (eventIds.length === 0) return out;
  const reach = OCCURRENCE_MOVE_MAX_DAYS * 2 + 31;
  const rows = await queryRows<ExceptionRow>(
    db,
    sql`select event_id, series_day::text as series_day, cancelled, title, all_day, start_day::text as start_day,
          end_day::text as end_day, start_min, end_min, remind_minutes
        from oa_event_exception
        where event_id in ${inList(eventIds)}
          and series_day between ${from}::date - ${reach}::int and ${to}::date + ${reach}::int`,
  );
  for (const r of rows) {
    const id = Number(r.event_id);
    const override: Override | null =
      r.cancelled || !r.start_day
        ? null
        : {
            startDay: r.start_day,
            endDay: r.end_day ?? r.start_day,
            title: r.title,
            allDay: r.all_day,
            startMin: r.start_min,
            endMin: r.end_min,
            remindMinutes: r.remind_minutes,
          };
    out.set(id, [...(out.get(id) ?? []), { day: r.series_day, cancelled: r.cancelled, override }]);
  }
  return out;
}

/**
 * My events' occurrences between two days (both included): the series I created or take part
 * in, narrowed in SQL by their first and last day (widened by how far one occurrence may be
 * moved), expanded by shared `occurrencesInWindow` with their one-off changes applied. A
 * multi-day occurrence that started before `from` and is still going is included.
 */
async function eventEntries(db: Tx, userId: number, from: string, to: string, now: Date): Promise<CalendarEntry[]> {
  const rows = await queryRows<EventRow>(
    db,
    sql`select e.event_id, e.title, e.all_day, e.start_day::text as start_day, e.end_day::text as end_day,
          e.start_min, e.end_min, e.repeat, e.remind_minutes, e.create_user_id
        from oa_event_user u join oa_event e on e.event_id = u.event_id
        where u.user_id = ${userId} and not e.is_deleted
          and e.start_day <= ${to}::date + ${OCCURRENCE_MOVE_MAX_DAYS}::int
          and (e.last_day is null
            or e.last_day + (e.end_day - e.start_day) + ${OCCURRENCE_MOVE_MAX_DAYS}::int >= ${from}::date)`,
  );
  const exceptions = await exceptionsOf(
    db,
    rows.map((r) => Number(r.event_id)),
    from,
    to,
  );
  const out: CalendarEntry[] = [];
  for (const r of rows) {
    const span = dayNumber(r.end_day) - dayNumber(r.start_day);
    const repeat = { ...NO_REPEAT, ...r.repeat };
    const placed = occurrencesInWindow(
      repeat,
      r.start_day,
      span,
      exceptions.get(Number(r.event_id)) ?? [],
      from,
      to,
      PER_SERIES,
    );
    for (const o of placed) {
      const x = o.override;
      const allDay = x ? x.allDay : r.all_day;
      const startMin = x ? x.startMin : r.start_min;
      const endMin = x ? x.endMin : r.end_min;
      const remindMinutes = x ? x.remindMinutes : r.remind_minutes;
      out.push({
        source: 'event',
        id: Number(r.event_id),
        title: x ? x.title : r.title,
        allDay,
        day: o.day,
        endDay: o.endDay,
        seriesDay: o.seriesDay,
        changed: x !== null,
        startTime: startMin === null ? null : minutesText(startMin),
        endTime: endMin === null ? null : minutesText(endMin),
        startAt: timeText(companyInstant(o.day, startMin ?? 0))!,
        repeat,
        remindMinutes,
        reminding: reminderDue({ day: o.day, allDay, startMin }, remindMinutes, now),
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
async function followUpEntries(
  db: Tx,
  registered: KindRegistry,
  userId: number,
  from: string,
  to: string,
): Promise<CalendarEntry[]> {
  const lo = companyInstant(from).toISOString();
  const hi = companyInstant(addDays(to, 1)).toISOString();
  const kinds = registered.all().filter((sk) => sk.kind.features.followUps);
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
        const day = companyDay(at);
        const minutes = Math.round((at.getTime() - companyInstant(day).getTime()) / 60_000);
        return {
          source: 'followUp',
          id: Number(r.follow_id),
          title: `${sk.kind.name}跟进：${r.name ?? ''}`,
          allDay: false,
          day,
          endDay: day,
          seriesDay: day,
          changed: false,
          startTime: minutesText(minutes),
          endTime: null,
          startAt: timeText(at)!,
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
export async function calendar(
  db: Tx,
  kinds: KindRegistry,
  user: SessionUser,
  from: string,
  to: string,
  now = new Date(),
) {
  const [events, follows] = await Promise.all([
    eventEntries(db, user.userId, from, to, now),
    followUpEntries(db, kinds, user.userId, from, to),
  ]);
  return [...events, ...follows].sort(order);
}

/** `OaRecord/queryEventByDay`: what is on one day (a multi-day event on each of its days). */
export const calendarDay = (db: Tx, kinds: KindRegistry, user: SessionUser, day: string, now = new Date()) =>
  calendar(db, kinds, user, day, day, now);

/** The workbench's eventNum: entries on my calendar today (China time). */
export async function todayCount(db: Tx, kinds: KindRegistry, user: SessionUser, now = new Date()) {
  return (await calendarDay(db, kinds, user, companyDay(now), now)).length;
}

/**
 * The reminders showing now: occurrences from yesterday to tomorrow (a reminder is at most a
 * day ahead, and an all-day one shows all its day) whose reminder window holds `now`.
 */
export async function dueReminders(db: Tx, user: SessionUser, now = new Date()) {
  const today = companyDay(now);
  const entries = await eventEntries(db, user.userId, addDays(today, -1), addDays(today, 1), now);
  return entries.filter((e) => e.reminding).sort(order);
}
