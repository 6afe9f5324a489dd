import { z } from 'zod';
import { apiTime, personSchema } from './common.ts';

/** Answers of the schedule (docs/api/schedule.md). */

const repeatRuleSchema = z.object({
  freq: z.enum(['none', 'daily', 'weekly', 'monthly']),
  interval: z.number().int(),
  weekdays: z.array(z.number().int()),
  until: z.string().nullable(),
  count: z.number().int().nullable(),
});

/**
 * One occurrence on the calendar: an event's (its series expanded) or a CRM follow-up's next
 * contact time, which is read-only here and opens its record.
 */
export const calendarEntrySchema = z.object({
  /** `event` or `followUp`. */
  source: z.enum(['event', 'followUp']),
  /** The event's id, or the follow-up's. */
  id: z.number().int(),
  title: z.string(),
  allDay: z.boolean(),
  /** The day this occurrence starts and ends (China time, `YYYY-MM-DD`). */
  day: z.string(),
  endDay: z.string(),
  /** The day the series puts this occurrence on (an exception's key); `day` unless it was moved. */
  seriesDay: z.string(),
  /** This occurrence alone was changed (this occurrence only). */
  changed: z.boolean(),
  /** `HH:mm`, null all day. */
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  /** The occurrence's start as an instant. */
  startAt: apiTime,
  repeat: repeatRuleSchema,
  remindMinutes: z.number().int().nullable(),
  /** Whether the reminder of this occurrence is showing now. */
  reminding: z.boolean(),
  createUserId: z.number().int(),
  readOnly: z.boolean(),
  /** A follow-up's record: its kind's module code, id and name. */
  record: z.object({ label: z.number().int(), recordId: z.number().int(), name: z.string() }).nullable(),
});
export type CalendarEntry = z.infer<typeof calendarEntrySchema>;
export const calendarEntriesResponse = z.array(calendarEntrySchema);
/**
 * The original client's calendar (`OaEvent/queryList`, issue 20): the events of the range, each
 * occurrence with its ends as `yyyy-MM-dd HH:mm:ss` in `startTime`/`endTime` (ours are times of day).
 */
export const originalEventsResponse = z.array(
  z.object({
    eventId: z.number().int(),
    title: z.string(),
    allDay: z.boolean(),
    startTime: z.string(),
    endTime: z.string(),
    createUserId: z.number().int(),
  }),
);

export const eventDetailSchema = z.object({
  eventId: z.number().int(),
  title: z.string(),
  description: z.string(),
  allDay: z.boolean(),
  startDay: z.string(),
  endDay: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  repeat: repeatRuleSchema,
  remindMinutes: z.number().int().nullable(),
  creator: personSchema,
  participants: z.array(personSchema),
  /** Only the creator edits and deletes. */
  canEdit: z.boolean(),
  createTime: apiTime,
});
export type EventDetail = z.infer<typeof eventDetailSchema>;
export const eventSaveResponse = z.object({ eventId: z.number().int() });
