import { formatTime, mayDeletePhoto, PhotoMsg } from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { hasPermission } from '../../core/access.ts';
import { forbidden } from '../../core/errors.ts';
import type { Ctx } from '../../core/route.ts';
import { queryRows } from '../../core/sql.ts';
import { removeStored } from '../../files/attach.ts';
import { DELETE_ANY, requireCustomer } from './read.ts';

/**
 * Delete a photo: its uploader on the day of the upload, or a holder of `oa:photo:delete`; the
 * customer must still be visible to the deleter. Deleting again answers as done (a double click).
 * The image's bytes go once the row is gone.
 */
export async function deletePhoto(ctx: Ctx, user: SessionUser, photoId: number): Promise<void> {
  const keys = await ctx.db.transaction(async (tx) => {
    const [p] = await queryRows<{ customer_id: number; file_id: number; create_user_id: number; create_time: Date }>(
      tx,
      sql`select customer_id, file_id, create_user_id, create_time from clinic_photo where photo_id = ${photoId}
          for update`,
    );
    if (!p) return [];
    await requireCustomer(tx, user, Number(p.customer_id));
    const day = (at: Date) => formatTime(at).slice(0, 10);
    const allowed = mayDeletePhoto({
      own: Number(p.create_user_id) === user.userId,
      uploadedToday: day(new Date(p.create_time)) === day(new Date()),
      anyPhoto: hasPermission(user, DELETE_ANY),
    });
    if (!allowed) throw forbidden(PhotoMsg.deleteNotOwn);
    // The file row cascades to the photo row.
    const gone = await queryRows<{ key: string }>(
      tx,
      sql`delete from sys_file where file_id = ${p.file_id} returning storage_key as key`,
    );
    return gone.map((g) => g.key);
  });
  await removeStored(ctx.storage, keys);
}
