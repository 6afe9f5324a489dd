import { customValuesOf, StoreMsg, type StoreSaveInput } from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest, forbidden } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { customFieldsOf } from '../../fields/store.ts';
import { loadRecord } from '../records/access.ts';
import { logAction } from '../records/actions.ts';
import { saveRecord } from '../records/save.ts';
import { storeServerKind as sk } from './kind.ts';
import { canChangeOwner, checkProjectClasses, checkProjects, checkUsers, checkVisibleShops, ids } from './queries.ts';

/**
 * addShopOwner / editShopOwner: the payload's references checked (main shop and providers the
 * viewer sees, existing classes, projects and active employees), then the record machinery's
 * save (columns, custom fields, photos of both batches, the log) and, when editing with
 * IsCanUpdateUserOwner, the new owner — one transaction.
 */
export async function saveStore(db: Db, user: SessionUser, input: StoreSaveInput, id: number | undefined) {
  const { id: _id, batchId, field, isWebGuWenUpdate: _always1, ownerUserId, ...sent } = input;
  // A field left out (one hidden from the user) is not written: an update keeps the stored value,
  // a create takes the column's default.
  const fixed = Object.fromEntries(Object.entries(sent).filter(([, v]) => v !== undefined)) as typeof sent;
  // Missing or out of scope answers before anything about the payload's references.
  if (id !== undefined) await loadRecord(db, sk, user, id, 'write');
  if (id !== undefined && fixed.parentLoginShopOwnerId === id) throw badRequest(StoreMsg.parentSelf);
  if (id !== undefined && ids(fixed.serverIds).includes(id)) throw badRequest(StoreMsg.serverInvalid);
  if (fixed.parentLoginShopOwnerId)
    await checkVisibleShops(db, user, [fixed.parentLoginShopOwnerId], StoreMsg.parentInvalid);
  await checkVisibleShops(db, user, ids(fixed.serverIds), StoreMsg.serverInvalid);
  await checkProjectClasses(db, ids(fixed.projectClass));
  await checkProjects(db, ids(fixed.isBeatingClass));
  await checkUsers(db, [
    ...(fixed.relation ? [Number(fixed.relation)] : []),
    ...ids(fixed.signItemUserIds),
    ...[fixed.adminUserId, fixed.pid, ownerUserId].filter((v): v is number => typeof v === 'number'),
  ]);
  const custom = await customFieldsOf(db, sk.kind.label);
  const photos = [fixed.businessLicensePhotos, fixed.contractPhotos].filter(Boolean);
  return db.transaction(async (tx) => {
    const saved = await saveRecord(tx, sk, custom, user, { id, batchId, fixed, custom: customValuesOf(field) }, photos);
    if (id !== undefined && ownerUserId !== undefined) {
      const { row, access } = await loadRecord(tx, sk, user, id, 'write');
      if (Number(row.owner_user_id) !== ownerUserId) {
        if (!canChangeOwner(user, access.write)) throw forbidden();
        await tx.execute(
          sql`update crm_store set owner_user_id = ${ownerUserId}, update_time = now() where id = ${id}`,
        );
        await logAction(tx, sk, [
          {
            recordId: id,
            userId: user.userId,
            action: 'transfer',
            changes: [{ field: 'ownerUserId', name: '负责人', before: row.owner_user_id, after: ownerUserId }],
          },
        ]);
      }
    }
    return saved;
  });
}
