import type { AppRegistry } from '../../registry.ts';
import { visibleLog } from './access.ts';

/** The owner kind of a work log's attachments and images (its id is the log's). */
export const OA_LOG_FILES = 'oa_log';

/** This feature's declarations into the app's registry (registry.ts), made when the app registers it. */
export function registerFileOwners(registry: AppRegistry): void {
  // A log's files are seen by exactly those who may read the log.
  registry.fileOwners.register(OA_LOG_FILES, {
    async canSee(db, user, id) {
      try {
        await visibleLog(db, id, user);
        return true;
      } catch {
        return false;
      }
    },
  });
}
