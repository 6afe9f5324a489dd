import { fileOwners } from '../../files/owners.ts';
import { noticeAccess } from './access.ts';

/** The owner kind of a notice's attachments and images (its id is the notice's). */
export const OA_NOTICE_FILES = 'oa_announcement';

// A notice's files are seen by exactly those who may open the notice.
fileOwners.register(OA_NOTICE_FILES, {
  async canSee(db, user, id) {
    try {
      return (await noticeAccess(db, id, user)).visible;
    } catch {
      // A deleted notice's files are nobody's to see.
      return false;
    }
  },
});
