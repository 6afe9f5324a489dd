import {
  calendarEntriesResponse,
  eventDetailSchema,
  eventIdSchema,
  eventSaveResponse,
  eventSaveSchema,
  noData,
  occurrenceIdSchema,
  occurrenceSaveSchema,
  queryEventByDaySchema,
  queryEventSchema,
} from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { calendar, calendarDay, dueReminders } from './calendar.ts';
import { deleteEvent, deleteOccurrence, eventDetail, saveEvent, saveOccurrence } from './events.ts';
import './backlog.ts';
import './feed.ts';
import './reminders.ts';

const USE = 'oa:event:use';

/** The schedule (docs/api/schedule.md). Every call is about the viewer's own calendar. */
export function registerScheduleRoutes(app: FastifyInstance, { db }: Ctx): void {
  defineRoute(app, {
    method: 'POST',
    url: '/OaEvent/saveEvent',
    access: USE,
    schema: eventSaveSchema,
    response: eventSaveResponse,
    handler: ({ input, user }) => saveEvent(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaEvent/queryEventInfo',
    access: USE,
    schema: eventIdSchema,
    response: eventDetailSchema,
    handler: ({ input, user }) => eventDetail(db, user, input.eventId),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaEvent/deleteEvent',
    access: USE,
    schema: eventIdSchema,
    response: noData,
    handler: ({ input, user }) => deleteEvent(db, user, input.eventId),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaEvent/saveOccurrence',
    access: USE,
    schema: occurrenceSaveSchema,
    response: eventSaveResponse,
    handler: ({ input, user }) => saveOccurrence(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaEvent/deleteOccurrence',
    access: USE,
    schema: occurrenceIdSchema,
    response: noData,
    handler: ({ input, user }) => deleteOccurrence(db, user, input.eventId, input.day),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaEvent/queryReminders',
    access: USE,
    response: calendarEntriesResponse,
    handler: ({ user }) => dueReminders(db, user),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaRecord/queryEvent',
    access: USE,
    schema: queryEventSchema,
    response: calendarEntriesResponse,
    handler: ({ input, user }) => calendar(db, user, input.startTime, input.endTime),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaRecord/queryEventByDay',
    access: USE,
    schema: queryEventByDaySchema,
    response: calendarEntriesResponse,
    handler: ({ input, user }) => calendarDay(db, user, input.day),
  });
}
