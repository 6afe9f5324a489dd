import type { AppRegistry } from '../../registry.ts';
import { todayCount } from './calendar.ts';

/** This feature's declarations into the app's registry (registry.ts), made when the app registers it. */
export function registerBacklogCounters(registry: AppRegistry): void {
  // The workbench's eventNum: what is on my calendar today.
  registry.backlog.register('eventNum', (db, user) => todayCount(db, registry.kinds, user));
}
