import { storeKind, storeRequiredFields } from '@crm/shared';
import { fixedColumns, type ServerKind } from '../records/kind.ts';
import { stores } from './tables.ts';

/**
 * Shops on the record machinery: the calls' prefix is the spec's `Store`. Besides the fixed fields
 * the mapping names the payload's other columns, so one save writes them all, the loaded record
 * answers them and lists may filter on them; the list head still offers the fixed fields only.
 */
export const storeServerKind: ServerKind = {
  kind: storeKind,
  routePrefix: 'api/Store',
  required: storeRequiredFields,
  table: 'crm_store',
  pgTable: stores,
  idColumn: 'id',
  columns: {
    ...fixedColumns(storeKind),
    parentLoginShopOwnerId: { column: 'parent_id', type: 'number' },
    isManageShops: { column: 'is_manage_shops', type: 'number' },
    backbonePhone: { column: 'backbone_phone', type: 'text' },
    projectClass: { column: 'project_class', type: 'text' },
    isBeatingClass: { column: 'is_beating_class', type: 'text' },
    pid: { column: 'pid', type: 'number' },
    businessLicensePhotos: { column: 'business_license_photos', type: 'text' },
    contractPhotos: { column: 'contract_photos', type: 'text' },
    longitude: { column: 'longitude', type: 'number' },
    latitude: { column: 'latitude', type: 'number' },
    adminUserId: { column: 'admin_user_id', type: 'number' },
    giveProject: { column: 'give_project', type: 'text' },
    hasOldCustomer: { column: 'has_old_customer', type: 'number' },
    serverIds: { column: 'server_ids', type: 'text' },
    idCardUrl: { column: 'id_card_url', type: 'text' },
    hasSign: { column: 'has_sign', type: 'boolean' },
    signTimes: { column: 'sign_times', type: 'text' },
    signItemUserIds: { column: 'sign_item_user_ids', type: 'text' },
  },
  // The owner's ID image: seen by whoever reads the shop.
  fileUrlFields: ['idCardUrl'],
};
