import type { AppRegistry } from '../../registry.ts';
import { noticeAccess } from './access.ts';

/** The owner kind of a notice's attachments and images (its id is the notice's). */
export const OA_NOTICE_FILES = 'oa_announcement';

/** This feature's declarations into the app's registry (registry.ts), made when the app registers it. */
export function registerFileOwners(registry: AppRegistry): void {
  // A notice's files are seen by exactly those who may open the notice.
  registry.fileOwners.register(OA_NOTICE_FILES, {
    async canSee(db, user, id) {
      try {
        return (await noticeAccess(db, id, user)).visible;
      } catch {
        // A deleted notice's files are nobody's to see.
        return false;
      }
    },
  });
}
