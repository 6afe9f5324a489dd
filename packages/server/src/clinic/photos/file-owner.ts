import { sql } from 'drizzle-orm';
import { queryRows } from '../../core/sql.ts';
import { customerServerKind } from '../../crm/customer/kind.ts';
import { loadRecord } from '../../crm/records/access.ts';
import type { AppRegistry } from '../../registry.ts';

/** The owner kind of a photo's image (its id is the photo's). */
export const PHOTO_FILES = 'clinic_photo';

/** This feature's declarations into the app's registry (registry.ts), made when the app registers it. */
export function registerFileOwners(registry: AppRegistry): void {
  // A photo is seen by whoever may read its customer: the file routes (/file/view, /file/download)
  // ask this, so knowing the image's address is not enough.
  registry.fileOwners.register(PHOTO_FILES, {
    async canSee(db, user, photoId) {
      const [p] = await queryRows<{ customer_id: number }>(
        db,
        sql`select customer_id from clinic_photo where photo_id = ${photoId}`,
      );
      if (!p) return false;
      return loadRecord(db, customerServerKind, user, Number(p.customer_id), 'read').then(
        () => true,
        () => false,
      );
    },
  });
}
