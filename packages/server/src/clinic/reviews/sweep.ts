import { sql } from 'drizzle-orm';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import { removeStored } from '../../files/attach.ts';
import type { FileStorage } from '../../files/storage.ts';
import { REVIEW_STAGED_FILES } from './file-owner.ts';

/**
 * Photos a customer uploaded through a review link that can no longer submit (expired, revoked,
 * used up, or gone) are abandoned: nobody can see them and no review will take them. They are
 * deleted a bounded number at a time beside each review upload, as staged uploads are beside
 * every upload (files/attach.ts sweepStaged), so no scheduler is needed.
 */
export async function sweepReviewPhotos(db: Tx, storage: FileStorage, now = new Date(), limit = 50): Promise<number> {
  const gone = await queryRows<{ storage_key: string }>(
    db,
    sql`delete from sys_file where file_id in (
          select f.file_id from sys_file f left join sys_open_link l on l.link_id = f.owner_id
          where f.owner_kind = ${REVIEW_STAGED_FILES}
            and (l.link_id is null or l.expire_time < ${now} or l.revoke_time is not null
                 or (l.max_uses is not null and l.use_count >= l.max_uses))
          limit ${limit})
        returning storage_key`,
  );
  await removeStored(
    storage,
    gone.map((g) => g.storage_key),
  );
  return gone.length;
}
