import { defineSettingsKind } from '../declare.ts';
import { settingsPages } from '../pages.ts';
import { activePeriod, enabledField, sortField } from './common.ts';

/** recharge: top-up tiers: paying at least the threshold gives gift money and/or items (rules.ts rechargeTierFor). */
export const rechargeKind = defineSettingsKind({
  name: 'recharge',
  ...settingsPages.recharge,
  intro: '一次充值金额达到门槛，按门槛最高的有效档位赠送赠金和项目。',
  introEn: 'A top-up reaching a threshold earns the gifts of the highest active tier it reaches.',
  fields: [
    { key: 'name', label: '档位名称', labelEn: 'Name', widget: 'text', max: 50, required: true, column: true },
    { key: 'threshold', label: '充值金额≥', labelEn: 'Top-up at least', widget: 'money', required: true, column: true },
    { key: 'gift', label: '赠送赠金', labelEn: 'Gift money', widget: 'money', column: true },
    activePeriod,
    sortField,
    enabledField,
  ],
  items: [
    {
      key: 'items',
      label: '赠送项目',
      labelEn: 'Gift items',
      min: 0,
      max: 20,
      fields: [
        { key: 'projectId', label: '项目', labelEn: 'Project', widget: 'ref', source: 'project' },
        { key: 'setMealId', label: '套餐', labelEn: 'Set meal', widget: 'ref', source: 'setMeal' },
        { key: 'sessions', label: '次数', labelEn: 'Sessions', widget: 'number', min: 1, max: 999, required: true },
      ],
      rowCheck: (r) => ((r.projectId == null) === (r.setMealId == null) ? '每项赠品须选择一个项目或一个套餐' : null),
    },
  ],
  unique: [{ keys: ['name'], msg: '档位名称已存在', index: 'clinic_recharge_tier_name_uq' }],
  search: ['name'],
});
