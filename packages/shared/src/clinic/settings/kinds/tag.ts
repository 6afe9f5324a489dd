import { defineSettingsKind } from '../declare.ts';
import { settingsPages } from '../pages.ts';
import { enabledField, sortField } from './common.ts';

/** antd's preset tag colours: what the customer list renders a tag in. */
const colours: [string, string, string][] = [
  ['magenta', '洋红', 'Magenta'],
  ['red', '红', 'Red'],
  ['volcano', '火山', 'Volcano'],
  ['orange', '橙', 'Orange'],
  ['gold', '金', 'Gold'],
  ['green', '绿', 'Green'],
  ['cyan', '青', 'Cyan'],
  ['blue', '蓝', 'Blue'],
  ['geekblue', '极客蓝', 'Geek blue'],
  ['purple', '紫', 'Purple'],
];

/** markManage: customer tags (VIP, 敏感肌 …), set on a customer's detail and filtered on the list. */
export const tagKind = defineSettingsKind({
  name: 'tag',
  ...settingsPages.markManage,
  intro: '标签显示在顾客列表和详情中，可按标签筛选顾客。',
  introEn: 'Tags show on the customer list and detail; the list filters by them.',
  fields: [
    { key: 'name', label: '标签名称', labelEn: 'Name', widget: 'text', max: 20, required: true, column: true },
    {
      key: 'color',
      label: '颜色',
      labelEn: 'Colour',
      widget: 'select',
      options: colours.map(([value, label, labelEn]) => ({ value, label, labelEn })),
      default: 'blue',
      required: true,
      column: true,
    },
    { key: 'groupName', label: '分组', labelEn: 'Group', widget: 'text', max: 20, column: true },
    sortField,
    enabledField,
  ],
  unique: [{ keys: ['name'], msg: '标签名称已存在', index: 'clinic_tag_name_uq' }],
  search: ['name', 'groupName'],
});
