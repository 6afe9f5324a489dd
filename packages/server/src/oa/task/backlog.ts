import type { AppRegistry } from '../../registry.ts';
import { openTaskCount } from './queries.ts';

/** This feature's declarations into the app's registry (registry.ts), made when the app registers it. */
export function registerBacklogCounters(registry: AppRegistry): void {
  // The workbench's task count: open tasks the user owns.
  registry.backlog.register('taskNum', (db, user) => openTaskCount(db, user.userId));
}
