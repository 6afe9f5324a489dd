import type { AppRegistry } from '../../registry.ts';
import { dueReminders } from './calendar.ts';

/** This feature's declarations into the app's registry (registry.ts), made when the app registers it. */
export function registerReminderSources(registry: AppRegistry): void {
  // The shell's pop-ups: event occurrences whose reminder time has come (until they start).
  registry.reminders.register({
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
}
