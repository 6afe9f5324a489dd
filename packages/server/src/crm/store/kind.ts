import { storeKind, storeRequiredFields } from '@crm/shared';
import type { ServerKind } from '../records/kind.ts';

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
  idColumn: 'id',
  columns: {
    name: { column: 'name', type: 'text' },
    sex: { column: 'sex', type: 'number' },
    phone: { column: 'phone', type: 'text' },
    idCard: { column: 'id_card', type: 'text' },
    gatIdCard: { column: 'gat_id_card', type: 'text' },
    shopName: { column: 'shop_name', type: 'text' },
    shopAddress: { column: 'shop_address', type: 'text' },
    area: { column: 'area', type: 'number' },
    year: { column: 'year', type: 'number' },
    personnel: { column: 'personnel', type: 'number' },
    stableMembes: { column: 'stable_membes', type: 'number' },
    otherManage: { column: 'other_manage', type: 'text' },
    otherPhone: { column: 'other_phone', type: 'text' },
    storeBrand: { column: 'store_brand', type: 'text' },
    storeOutputValue: { column: 'store_output_value', type: 'number' },
    relation: { column: 'relation', type: 'text' },
    signing: { column: 'signing', type: 'text' },
    money: { column: 'money', type: 'number' },
    signTime: { column: 'sign_time', type: 'text' },
    bankCardNumber: { column: 'bank_card_number', type: 'text' },
    tlNumber: { column: 'tl_number', type: 'text' },
    remark: { column: 'remark', type: 'text' },
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
