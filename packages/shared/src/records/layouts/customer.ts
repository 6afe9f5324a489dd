import type { FormLayout } from '../form-layout.ts';

/**
 * The customer side panel (shell spec 2.8, 4.3): the fixed fields in the spec's order, the
 * signing block under 是否12800签约, the custom fields below. Keys are the panel's messages (web
 * crm/customer/messages.ts); the flags come from the loaded customer and the user's permissions.
 */
export const customerFormLayout = {
  width: 600,
  customFields: true,
  sections: [
    {
      key: 'basic',
      fields: [
        { field: 'customerName', required: true, lockedIf: 'advisor' },
        { field: 'mobile', required: true, lockedIf: 'advisor' },
        { field: 'hasOldCustomer', widget: 'yesNo', lockedIf: 'advisor' },
        { field: 'gender', widget: 'gender', lockedIf: 'advisor' },
        // The person types the shop's name; the id (and its 服务三级) come with the chosen shop.
        {
          field: 'shopName',
          widget: 'shop',
          label: 'shop',
          placeholder: 'shopTips',
          required: true,
          gatedBy: 'shopOwnerId',
          lockedIf: 'shopLocked',
          check: 'blur',
        },
        { field: 'shopOwnerId', widget: 'hidden' },
        { field: 'relation', widget: 'hidden' },
        { field: 'idCard', required: true, lockedIf: 'advisor' },
        { field: 'gatIdCard', lockedIf: 'advisor' },
        { field: 'idCardUrl', widget: 'idImage', onlyIf: 'canLookImage', lockedIf: 'cannotEditImage' },
        { field: 'hasSign', widget: 'yesNo' },
        { field: 'signTime', widget: 'date', required: true, when: { field: 'hasSign', equals: true } },
        {
          field: 'signItemUserIds',
          widget: 'signUsers',
          label: 'signUsers',
          placeholder: 'signUsersTips',
          when: { field: 'hasSign', equals: true },
        },
      ],
    },
  ],
} as const satisfies FormLayout;
