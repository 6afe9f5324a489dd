import {
  calendarEntriesResponse,
  eventDetailSchema,
  eventIdSchema,
  eventSaveResponse,
  eventSaveSchema,
  noData,
  occurrenceIdSchema,
  occurrenceSaveSchema,
  originalEventsResponse,
  queryEventByDaySchema,
  queryEventSchema,
} from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { registerBacklogCounters } from './backlog.ts';
import { calendar, calendarDay, dueReminders } from './calendar.ts';
import { deleteEvent, deleteOccurrence, eventDetail, saveEvent, saveOccurrence } from './events.ts';
import { registerFeedSources } from './feed.ts';
import { registerReminderSources } from './reminders.ts';

const USE = 'oa:event:use';

/** The schedule (docs/api/schedule.md). Every call is about the viewer's own calendar. */
export function registerScheduleRoutes(app: FastifyInstance, { db, registry }: Ctx): void {
  registerBacklogCounters(registry);
  registerFeedSources(registry);
  registerReminderSources(registry);
  defineRoute(app, {
    method: 'POST',
    url: '/OaEvent/saveEvent',
    // The original client's names of this call (issue 20).
    aliases: ['/OaEvent/add', '/OaEvent/update'],
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
    // The original client's name of this call (issue 20).
    aliases: ['/OaEvent/delete'],
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
    handler: ({ input, user }) => calendar(db, registry.kinds, user, input.startTime, input.endTime),
  });
  // The original's shape of the same read (its calendar takes each end as one date-time).
  defineRoute(app, {
    method: 'POST',
    url: '/OaEvent/queryList',
    access: USE,
    schema: queryEventSchema,
    response: originalEventsResponse,
    handler: async ({ input, user }) =>
      (await calendar(db, registry.kinds, user, input.startTime, input.endTime))
        .filter((e) => e.source === 'event')
        .map((e) => ({
          eventId: e.id,
          title: e.title,
          allDay: e.allDay,
          startTime: `${e.day} ${e.startTime ?? '00:00'}:00`,
          endTime: `${e.endDay} ${e.endTime ?? '23:59'}:00`,
          createUserId: e.createUserId,
        })),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaRecord/queryEventByDay',
    access: USE,
    schema: queryEventByDaySchema,
    response: calendarEntriesResponse,
    handler: ({ input, user }) => calendarDay(db, registry.kinds, user, input.day),
  });
}
