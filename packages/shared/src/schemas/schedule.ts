import { z } from 'zod';
import {
  dayNumber,
  lastOccurrenceDay,
  OCCURRENCE_MOVE_MAX_DAYS,
  type RepeatRule,
  remindChoices,
  repeatFreqs,
} from '../schedule/repeat.ts';
import { withAliases } from './aliases.ts';
import { boolish, idField, idList, intWithDefault, isDay, optionalId, optionalText, requiredText } from './fields.ts';

/** Messages of the schedule (workbench › 日程, docs/api/schedule.md). */
export const EventMsg = {
  titleRequired: '请输入日程标题',
  notFound: '日程不存在',
  dayInvalid: '日期格式有误',
  timeInvalid: '时间格式有误',
  endBeforeStart: '结束时间不能早于开始时间',
  tooLong: '日程时长不能超过31天',
  repeatInvalid: '重复规则有误',
  intervalInvalid: '重复间隔须在1到99之间',
  countInvalid: '重复次数须在1到999之间',
  untilBeforeStart: '重复截止日期不能早于开始日期',
  weekdaysInvalid: '重复的星期有误',
  remindInvalid: '提醒时间有误',
  participantsInvalid: '参与人有误',
  tooManyParticipants: '参与人不能超过50人',
  creatorOnly: '只有日程的创建人可以修改或删除',
  rangeTooLong: '日期范围不能超过100天',
  rangeInvalid: '结束日期不能早于开始日期',
  notOccurrence: '该日期没有这个日程',
  movedTooFar: '单次日程只能调整到原日期前后31天内',
} as const;

export const eventText = {
  title: { label: '日程标题', max: 100 },
  description: { label: '日程说明', max: 1000, multiline: true },
  batchId: { label: '提交批次', max: 40 },
} as const;

export const EVENT_PARTICIPANTS_MAX = 50;
export const EVENT_MAX_DAYS = 31;
export const EVENT_RANGE_MAX_DAYS = 100;

const day = (msg: string) => z.string({ error: msg }).refine(isDay, { error: msg });
const blankToNull = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v;

const HM = /^([01]\d|2[0-3]):([0-5]\d)$/;
/** `HH:mm` → minutes after midnight; blank is null (an all-day event has none). */
const timeOfDay = z.preprocess(
  blankToNull,
  z
    .string({ error: EventMsg.timeInvalid })
    .nullable()
    .transform((v, ctx) => {
      if (v === null) return null;
      const m = HM.exec(v.trim());
      if (!m) {
        ctx.addIssue({ code: 'custom', message: EventMsg.timeInvalid });
        return z.NEVER;
      }
      return Number(m[1]) * 60 + Number(m[2]);
    }),
);

export const minutesText = (min: number) =>
  `${String(Math.floor(min / 60)).padStart(2, '0')}:${String(min % 60).padStart(2, '0')}`;

const repeatSchema = z
  .object({
    freq: z.enum(repeatFreqs, { error: EventMsg.repeatInvalid }).default('none'),
    interval: intWithDefault(EventMsg.intervalInvalid, 1, { min: 1, max: 99 }),
    weekdays: z
      .array(z.number({ error: EventMsg.weekdaysInvalid }).int().min(1).max(7), { error: EventMsg.weekdaysInvalid })
      .max(7, { error: EventMsg.weekdaysInvalid })
      .default([]),
    until: z.preprocess(blankToNull, day(EventMsg.dayInvalid).nullable()).default(null),
    count: z
      .preprocess(
        blankToNull,
        z
          .number({ error: EventMsg.countInvalid })
          .int({ error: EventMsg.countInvalid })
          .min(1, { error: EventMsg.countInvalid })
          .max(999, { error: EventMsg.countInvalid })
          .nullable(),
      )
      .default(null),
  })
  .transform((r): RepeatRule => ({ ...r, weekdays: [...new Set(r.weekdays)].sort((a, b) => a - b) }));

type TimeFields = {
  allDay: boolean;
  startDay: string;
  endDay: string | null;
  startTime: number | null;
  endTime: number | null;
};

/** The stored times of a form (a series or one occurrence): the end day and minutes checked; null after an issue. */
function timesOf(e: TimeFields, ctx: z.RefinementCtx) {
  const endDay = e.endDay ?? e.startDay;
  const startMin = e.allDay ? null : e.startTime;
  const endMin = e.allDay ? null : (e.endTime ?? e.startTime);
  if (!e.allDay && startMin === null) {
    ctx.addIssue({ code: 'custom', message: EventMsg.timeInvalid, path: ['startTime'] });
    return null;
  }
  const span = dayNumber(endDay) - dayNumber(e.startDay);
  if (span < 0 || (span === 0 && endMin !== null && startMin !== null && endMin < startMin)) {
    ctx.addIssue({ code: 'custom', message: EventMsg.endBeforeStart, path: ['endTime'] });
    return null;
  }
  if (span >= EVENT_MAX_DAYS) {
    ctx.addIssue({ code: 'custom', message: EventMsg.tooLong, path: ['endDay'] });
    return null;
  }
  return { endDay, startMin, endMin };
}

/**
 * Create (no `eventId`) or edit an event; this edits a repeating event as a whole series (one
 * occurrence: `occurrenceSaveSchema`). `batchId` is generated when the form opens: the same form sent twice answers the first event.
 */
const eventSaveFields = z
  .object({
    eventId: optionalId(EventMsg.notFound),
    title: requiredText(eventText.title, EventMsg.titleRequired),
    description: optionalText(eventText.description),
    allDay: z.preprocess(blankToNull, boolish.nullable()).transform((v) => v === true),
    startDay: day(EventMsg.dayInvalid),
    endDay: z.preprocess(blankToNull, day(EventMsg.dayInvalid).nullable()).default(null),
    startTime: timeOfDay.default(null),
    endTime: timeOfDay.default(null),
    participantIds: idList(EventMsg.participantsInvalid)
      .refine((ids) => new Set(ids).size <= EVENT_PARTICIPANTS_MAX, { error: EventMsg.tooManyParticipants })
      .default([]),
    remindMinutes: z
      .preprocess(blankToNull, z.number({ error: EventMsg.remindInvalid }).nullable())
      .refine((v) => v === null || (remindChoices as readonly number[]).includes(v), { error: EventMsg.remindInvalid })
      .default(null),
    repeat: repeatSchema.default({ freq: 'none', interval: 1, weekdays: [], until: null, count: null }),
    batchId: optionalText(eventText.batchId),
  })
  .transform((e, ctx) => {
    const times = timesOf(e, ctx);
    if (!times) return z.NEVER;
    if (e.repeat.until && e.repeat.until < e.startDay) {
      ctx.addIssue({ code: 'custom', message: EventMsg.untilBeforeStart, path: ['repeat', 'until'] });
      return z.NEVER;
    }
    return { ...e, ...times, lastDay: lastOccurrenceDay(e.repeat, e.startDay) };
  });

/**
 * The original client (`OaEvent/add|update`) sends each end as one `yyyy-MM-dd HH:mm:ss` in
 * `startTime`/`endTime`: read as our day and time of day (a body with `startDay` is ours).
 */
function splitOriginalTimes(body: unknown) {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const b = body as Record<string, unknown>;
  if (b.startDay !== undefined) return body;
  const at = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(:\d{2})?$/;
  const out: Record<string, unknown> = { ...b };
  for (const [time, day] of [
    ['startTime', 'startDay'],
    ['endTime', 'endDay'],
  ] as const) {
    const m = typeof b[time] === 'string' ? at.exec((b[time] as string).trim()) : null;
    if (m) {
      out[day] = m[1];
      out[time] = m[2];
    }
  }
  return out;
}
/** Its participants are `ownerUserIds` and its description `remark`. */
export const eventSaveSchema = withAliases(z.preprocess(splitOriginalTimes, eventSaveFields), {
  ownerUserIds: 'participantIds',
  remark: 'description',
});
export type EventSaveInput = z.infer<typeof eventSaveSchema>;

export const eventIdSchema = z.object({ eventId: idField(EventMsg.notFound) });

/**
 * `OaEvent/saveOccurrence`: change one occurrence of a repeating event (this occurrence only):
 * `day` is the day the series puts it on; its new title, times and reminder. It may move, within
 * 31 days of that day. Participants, description and the rule stay the series'.
 */
export const occurrenceSaveSchema = z
  .object({
    eventId: idField(EventMsg.notFound),
    day: day(EventMsg.dayInvalid),
    title: requiredText(eventText.title, EventMsg.titleRequired),
    allDay: z.preprocess(blankToNull, boolish.nullable()).transform((v) => v === true),
    startDay: day(EventMsg.dayInvalid),
    endDay: z.preprocess(blankToNull, day(EventMsg.dayInvalid).nullable()).default(null),
    startTime: timeOfDay.default(null),
    endTime: timeOfDay.default(null),
    remindMinutes: z
      .preprocess(blankToNull, z.number({ error: EventMsg.remindInvalid }).nullable())
      .refine((v) => v === null || (remindChoices as readonly number[]).includes(v), { error: EventMsg.remindInvalid })
      .default(null),
  })
  .transform((e, ctx) => {
    const times = timesOf(e, ctx);
    if (!times) return z.NEVER;
    if (Math.abs(dayNumber(e.startDay) - dayNumber(e.day)) > OCCURRENCE_MOVE_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', message: EventMsg.movedTooFar, path: ['startDay'] });
      return z.NEVER;
    }
    return { ...e, ...times };
  });
export type OccurrenceSaveInput = z.infer<typeof occurrenceSaveSchema>;

/** `OaEvent/deleteOccurrence`: remove one occurrence of a repeating event, the others stay. */
export const occurrenceIdSchema = z.object({ eventId: idField(EventMsg.notFound), day: day(EventMsg.dayInvalid) });

/** `OaRecord/queryEvent`: my calendar between two days (both included, at most 100 days). */
export const queryEventSchema = z
  .object({ startTime: day(EventMsg.dayInvalid), endTime: day(EventMsg.dayInvalid) })
  .superRefine((r, ctx) => {
    if (!isDay(r.startTime) || !isDay(r.endTime)) return;
    const n = dayNumber(r.endTime) - dayNumber(r.startTime);
    if (n < 0) ctx.addIssue({ code: 'custom', message: EventMsg.rangeInvalid });
    else if (n >= EVENT_RANGE_MAX_DAYS) ctx.addIssue({ code: 'custom', message: EventMsg.rangeTooLong });
  });
export type QueryEventInput = z.infer<typeof queryEventSchema>;

/** `OaRecord/queryEventByDay`: one day's entries. */
export const queryEventByDaySchema = z.object({ day: day(EventMsg.dayInvalid) });
