import { CustomerCallMsg, type CustomerEdit } from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { hasPermission } from '../../core/access.ts';
import { badRequest } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import { loadRecord } from '../records/access.ts';
import { fieldAccessFor } from '../records/field-access.ts';
import { customerServerKind } from './kind.ts';

type Row = Record<string, unknown>;

/**
 * The flags of shell spec 3.2/4.3 (docs/decisions.md, "Customer edit restrictions"):
 * isMeiXueGuWen — the customer has its own account in the app with the advisor identity (not
 * 客户, `changeIdentityByUserId`), so its identity is the account's; hasUpdateShopOwner 0 — a closed customer's shop is moved only by the shop's
 * `changeCustomerShopOwnerId`, never from the panel.
 */
export const isAdvisor = (row: Row) =>
  row.user_id !== null && row.user_id !== undefined && Number(row.user_identity ?? 2) !== 1;
export const shopChangeable = (row: Row) => Number(row.deal_status) !== 1;

/**
 * The fields an advisor-customer's account owns: the panel disables them, the server refuses them.
 * Each with its column, from the declaration (fixedColumns).
 */
const advisorFields = ['customerName', 'mobile', 'hasOldCustomer', 'gender', 'idCard', 'gatIdCard'].map(
  (f) => [f, customerServerKind.columns[f]!.column] as const,
);

/**
 * Apply the edit restrictions to a save's fixed values before they are written: refuse a change
 * to a locked field, and keep the stored ID image when the caller may not upload one
 * (editIdCardUrl) — a panel that cannot see the image sends it blank, which must not clear it.
 */
export function restrictCustomerSave(
  user: SessionUser,
  row: Row | null,
  fixed: Record<string, unknown>,
): Record<string, unknown> {
  const canEditImage = hasPermission(user, 'crm:customer:editIdCardUrl');
  if (!row) return canEditImage ? fixed : { ...fixed, idCardUrl: '' };
  const out = canEditImage ? fixed : { ...fixed, idCardUrl: String(row.id_card_url ?? '') };
  // A field left out (hidden from the user, or not sent) keeps its value: no change to refuse.
  const sent = (f: string) => fixed[f] !== undefined;
  if (isAdvisor(row) && advisorFields.some(([f, c]) => sent(f) && String(fixed[f]) !== String(row[c])))
    throw badRequest(CustomerCallMsg.advisorLocked);
  if (!shopChangeable(row) && sent('shopOwnerId') && Number(fixed.shopOwnerId) !== Number(row.shop_owner_id))
    throw badRequest(CustomerCallMsg.shopLocked);
  return out;
}

/**
 * `queryForEdit`: the record as the panel reads it for editing (shell spec 3.2). Needs write
 * access, with the owning shop's name for the autocomplete.
 */
export async function customerForEdit(db: Tx, user: SessionUser, id: number): Promise<CustomerEdit> {
  // Read as the viewer may: a hidden field comes back empty, as on a form that does not show it.
  const { hidden } = await fieldAccessFor(db, user, customerServerKind.kind);
  const { row } = await loadRecord(db, customerServerKind, user, id, 'write', { hidden });
  const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  const [shop] =
    row.shop_owner_id === null
      ? []
      : await queryRows<{ shop_name: string }>(
          db,
          sql`select shop_name from crm_store where id = ${row.shop_owner_id}`,
        );
  return {
    customerId: Number(row.customer_id),
    customerName: String(row.customer_name),
    mobile: text(row.mobile),
    idCard: text(row.id_card),
    gatIdCard: text(row.gat_id_card),
    storeId: row.shop_owner_id === null ? null : Number(row.shop_owner_id),
    storeName: shop?.shop_name ?? '',
    hasOldCustomer: Boolean(row.has_old_customer),
    relation: text(row.relation),
    gender: Number(row.gender ?? 0),
    idCardUrl: text(row.id_card_url),
    hasSign: Boolean(row.has_sign),
    signTime: row.sign_time === null ? null : String(row.sign_time),
    signUserIds: text(row.sign_item_user_ids),
    isMeiXueGuWen: isAdvisor(row) ? 1 : 0,
    hasUpdateShopOwner: shopChangeable(row) ? 1 : 0,
    userId: row.user_id === null ? null : Number(row.user_id),
    batchId: String(row.batch_id),
    fields: (row.fields as Record<string, unknown>) ?? {},
  };
}
