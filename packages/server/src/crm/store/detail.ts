import type { SessionUser } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { people } from '../../org/index.ts';
import { loadRecord } from '../records/access.ts';
import { fieldAccessFor, withoutHidden } from '../records/field-access.ts';
import { toRecordRow } from '../records/row.ts';
import { storeServerKind as sk } from './kind.ts';
import { canChangeOwner, ids, shopNames } from './queries.ts';

const day = (v: unknown) =>
  v === null || v === undefined ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10);

/**
 * The loaded shop for its edit form (spec 3.1 "extra fields"): the record, the viewer's access,
 * IsCanUpdateUserOwner, and the names the form shows for its ids — admin user, main shop,
 * serving employee, signing users and providers — in one query per kind of name.
 */
export async function storeDetail(db: Db, user: SessionUser, id: number) {
  // Read as the viewer may (readable.ts): a hidden field is null here, and so is every name derived from it.
  const fields = await fieldAccessFor(db, user, sk.kind);
  const { row, access } = await loadRecord(db, sk, user, id, 'read', { hidden: fields.hidden });
  const signIds = ids(String(row.sign_item_user_ids ?? ''));
  const serverIds = ids(String(row.server_ids ?? ''));
  const relation = Number(row.relation);
  const names = await people(db, [
    row.owner_user_id as number | null,
    row.create_user_id as number,
    row.admin_user_id as number | null,
    relation,
    ...signIds,
  ]);
  const parentId = row.parent_id === null ? null : Number(row.parent_id);
  const shops = await shopNames(db, [...serverIds, ...(parentId ? [parentId] : [])]);
  const record = toRecordRow(sk, {
    ...row,
    _owner_name: names.get(Number(row.owner_user_id))?.realname,
    _creator_name: names.get(Number(row.create_user_id))?.realname,
  });
  record.signTime = day(row.sign_time);
  record.signTimes = day(row.sign_times);
  return {
    record: withoutHidden(record, fields),
    access,
    IsCanUpdateUserOwner: canChangeOwner(user, access.write),
    adminUserName: names.get(Number(row.admin_user_id))?.realname ?? '',
    parentName: parentId ? (shops.get(parentId) ?? '') : '',
    relationName: names.get(relation)?.realname ?? '',
    signUserIds: signIds.map((userId) => ({ userId, realname: names.get(userId)?.realname ?? '' })),
    servers: serverIds.map((shopId) => ({ shopId, shopName: shops.get(shopId) ?? '' })),
  };
}
