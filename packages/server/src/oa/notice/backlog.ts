import type { AppRegistry } from '../../registry.ts';
import { unreadNoticeCount } from './queries.ts';

/** This feature's declarations into the app's registry (registry.ts), made when the app registers it. */
export function registerBacklogCounters(registry: AppRegistry): void {
  // The workbench's announcementNum: notices waiting for me to read them.
  registry.backlog.register('announcementNum', (db, user) => unreadNoticeCount(db, user));
}
