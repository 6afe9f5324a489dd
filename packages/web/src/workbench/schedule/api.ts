import type { Input } from '@crm/shared';
import { call } from '@/shell/call';

/** The schedule calls of the workbench (docs/api/schedule.md); answers typed by the shared contracts. */
export type { CalendarEntry, EventDetail } from '@crm/shared';

export type SaveEventBody = Input<'/OaEvent/saveEvent'>;

/** This occurrence only: `day` is the day the series puts it on. */
export type SaveOccurrenceBody = Input<'/OaEvent/saveOccurrence'>;

export const scheduleApi = {
  range: (startTime: string, endTime: string) => call('/OaRecord/queryEvent', { startTime, endTime }),
  detail: (eventId: number) => call('/OaEvent/queryEventInfo', { eventId }),
  save: (body: SaveEventBody) => call('/OaEvent/saveEvent', body, { json: true }),
  remove: (eventId: number) => call('/OaEvent/deleteEvent', { eventId }),
  saveOccurrence: (body: SaveOccurrenceBody) => call('/OaEvent/saveOccurrence', body, { json: true }),
  removeOccurrence: (eventId: number, day: string) => call('/OaEvent/deleteOccurrence', { eventId, day }),
};

/** Every change invalidates `['schedule']` and the to-do counts. */
export const scheduleKeys = {
  all: ['schedule'] as const,
  range: (from: string, to: string) => ['schedule', 'range', from, to] as const,
  detail: (eventId: number) => ['schedule', 'detail', eventId] as const,
};
