import { defineSettingsKind } from '../declare.ts';
import { settingsPages } from '../pages.ts';
import { enabledField, sortField } from './common.ts';

/**
 * discountConfig: the lowest discount rate per role. A deal price below max(price × rate, the
 * project's minimum price) goes through the 折扣审批 approval (rules.ts discountFloorFen).
 */
export const discountKind = defineSettingsKind({
  name: 'discount',
  ...settingsPages.discountConfig,
  intro: '成交价低于“原价×最低折扣”或项目最低价时，开单需提交折扣审批。一人多角色时按最低折扣。',
  introEn:
    'A deal price below price × the lowest rate or the project minimum needs the discount approval. Several roles: the lowest rate.',
  fields: [
    { key: 'roleId', label: '角色', labelEn: 'Role', widget: 'ref', source: 'role', required: true, column: true },
    {
      key: 'minRate',
      label: '最低折扣（%）',
      labelEn: 'Lowest rate (%)',
      widget: 'percent',
      required: true,
      column: true,
      help: '80 表示最低八折',
      helpEn: '80 means at most 20% off',
    },
    sortField,
    enabledField,
  ],
  unique: [{ keys: ['roleId'], msg: '该角色已设置折扣', index: 'clinic_discount_role_uq' }],
});
