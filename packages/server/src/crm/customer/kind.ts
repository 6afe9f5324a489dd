import { customerKind } from '@crm/shared';
import type { ServerKind } from '../records/kind.ts';

/** The customer kind on the server: its descriptor mapped onto `crm_customer` (tables.ts). */
export const customerServerKind: ServerKind = {
  kind: customerKind,
  routePrefix: 'CrmCustomer',
  table: 'crm_customer',
  idColumn: 'customer_id',
  columns: {
    customerName: { column: 'customer_name', type: 'text' },
    mobile: { column: 'mobile', type: 'text' },
    hasOldCustomer: { column: 'has_old_customer', type: 'boolean' },
    gender: { column: 'gender', type: 'number' },
    shopOwnerId: { column: 'shop_owner_id', type: 'number' },
    relation: { column: 'relation', type: 'text' },
    idCard: { column: 'id_card', type: 'text' },
    gatIdCard: { column: 'gat_id_card', type: 'text' },
    idCardUrl: { column: 'id_card_url', type: 'text' },
    hasSign: { column: 'has_sign', type: 'boolean' },
    signTime: { column: 'sign_time', type: 'text' },
    signItemUserIds: { column: 'sign_item_user_ids', type: 'text' },
    // Set only by their own calls (setDealStatus, lock), never by the save form; the detail's header shows them.
    dealStatus: { column: 'deal_status', type: 'number' },
    isLock: { column: 'is_lock', type: 'boolean' },
  },
};
