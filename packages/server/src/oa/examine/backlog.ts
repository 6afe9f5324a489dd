import type { AppRegistry } from '../../registry.ts';
import { waitingCount } from './queries.ts';

/** This feature's declarations into the app's registry (registry.ts), made when the app registers it. */
export function registerBacklogCounters(registry: AppRegistry): void {
  // The workbench's approval count: approvals waiting for the user.
  registry.backlog.register('examineNum', (db, user) => waitingCount(db, user.userId));
}
