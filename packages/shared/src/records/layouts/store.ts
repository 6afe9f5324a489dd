import type { FormLayout } from '../form-layout.ts';

/**
 * The shop form (spec 2.6): 店主基本信息, 负责人信息 (editing, when the owner may change), 门店信息,
 * 其他信息, 财务信息, 12800签约信息. The sections after the first load a frame later (issue 26
 * item 6: the panel opens at once). Keys are the shop form's messages (web crm/store/messages.ts).
 */
export const storeFormLayout = {
  sections: [
    {
      key: 'basic',
      fields: [
        { field: 'name', required: true },
        { field: 'sex', widget: 'sex' },
        { field: 'phone', required: true },
        { field: 'idCard', required: true },
        { field: 'gatIdCard' },
        { field: 'idCardUrl', widget: 'idImage' },
        { field: 'isManageShops', widget: 'yesNo' },
        { field: 'otherManage', required: true },
        { field: 'otherPhone' },
        { field: 'parentLoginShopOwnerId', widget: 'parentShop', label: 'parent', placeholder: 'parentTips' },
      ],
    },
    { key: 'owner', onlyIf: 'ownerEditable', fields: [{ field: 'owner', widget: 'member', label: 'ownerUser' }] },
    {
      key: 'shop',
      later: true,
      fields: [
        { field: 'shopName', required: true },
        { field: 'shopAddress', widget: 'address', required: true },
        { field: 'area', width: 'narrow' },
        { field: 'year', width: 'narrow' },
        { field: 'personnel', width: 'narrow' },
        { field: 'stableMembes', width: 'narrow' },
        { field: 'backbonePhone', widget: 'phone' },
        { field: 'storeBrand' },
        { field: 'storeOutputValue', widget: 'money' },
        { field: 'projectClass', widget: 'projectClass', required: true },
        { field: 'isBeatingClass', widget: 'beatingProjects' },
      ],
    },
    {
      key: 'other',
      later: true,
      fields: [
        { field: 'relation', widget: 'relation', required: true, placeholder: 'relationTips' },
        { field: 'serverIds', widget: 'servers', label: 'servers', extra: 'serversTips' },
        { field: 'adminUser', widget: 'member' },
        { field: 'hasOldCustomer', widget: 'customerType' },
        { field: 'remark' },
        { field: 'businessLicensePhotos', widget: 'photos' },
        { field: 'contractPhotos', widget: 'photos' },
      ],
    },
    {
      key: 'finance',
      later: true,
      fields: [
        { field: 'bankCardNumber', widget: 'bankCard' },
        { field: 'tlNumber' },
        { field: 'money', widget: 'money', required: true },
        { field: 'signTime', widget: 'date', required: true },
        { field: 'signing', widget: 'signingGoals', required: true },
        { field: 'giveProject', widget: 'gifts', extra: 'giveProjectTips' },
      ],
    },
    {
      key: 'signing12800',
      later: true,
      fields: [
        { field: 'hasSign', widget: 'switch' },
        { field: 'signTimes', widget: 'date', required: true, when: { field: 'hasSign', equals: true } },
        {
          field: 'signItemUserIds',
          widget: 'signUsers',
          placeholder: 'signItemTips',
          when: { field: 'hasSign', equals: true },
        },
      ],
    },
  ],
} as const satisfies FormLayout;
