import { reminders } from '../../workbench/reminders.ts';
import { dueReminders } from './calendar.ts';

// The shell's pop-ups: event occurrences whose reminder time has come (until they start).
reminders.register({
  permission: 'oa:event:use',
  async due(db, user, now) {
    return (await dueReminders(db, user, now)).map((e) => ({
      kind: 'event' as const,
      key: `event-${e.id}-${e.day}`,
      id: e.id,
      title: e.title,
      state: 'remind' as const,
      at: e.startAt,
      allDay: e.allDay,
      link: `/workbench/schedule-new?view=day&day=${e.day}`,
    }));
  },
});
