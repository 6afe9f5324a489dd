import type { AppRegistry } from '../../registry.ts';
import { unreadLogCount } from './queries.ts';

/** This feature's declarations into the app's registry (registry.ts), made when the app registers it. */
export function registerBacklogCounters(registry: AppRegistry): void {
  // The workbench's logNum: logs sent to me that I have not opened.
  registry.backlog.register('logNum', (db, user) => unreadLogCount(db, user.userId));
}
