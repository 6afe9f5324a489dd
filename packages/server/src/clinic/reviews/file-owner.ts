import { sql } from 'drizzle-orm';
import { hasPermission } from '../../core/access.ts';
import { queryRows } from '../../core/sql.ts';
import { customerServerKind } from '../../crm/customer/kind.ts';
import { loadRecord } from '../../crm/records/access.ts';
import type { AppRegistry } from '../../registry.ts';

/** A review's photo (owner id: the review). */
export const REVIEW_FILES = 'clinic_review';
/** A photo uploaded through a review link, not yet submitted (owner id: the link); nobody sees it. */
export const REVIEW_STAGED_FILES = 'clinic_review_link';

/** This feature's declarations into the app's registry (registry.ts), made when the app registers it. */
export function registerFileOwners(registry: AppRegistry): void {
  // A review's photos are seen by whoever reads reviews and may read its customer.
  registry.fileOwners.register(REVIEW_FILES, {
    async canSee(db, user, reviewId) {
      if (!hasPermission(user, 'oa:evaluate:read')) return false;
      const [r] = await queryRows<{ customer_id: number }>(
        db,
        sql`select customer_id from clinic_review where review_id = ${reviewId}`,
      );
      if (!r) return false;
      return loadRecord(db, customerServerKind, user, Number(r.customer_id), 'read').then(
        () => true,
        () => false,
      );
    },
  });
}
