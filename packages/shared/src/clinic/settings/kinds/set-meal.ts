import { defineSettingsKind } from '../declare.ts';
import { settingsPages } from '../pages.ts';
import { activePeriod, enabledField, sortField } from './common.ts';

/**
 * setMeal: a priced bundle of projects. Its total is the sum of the items' in-meal prices,
 * computed by the server on every save, never typed.
 */
export const setMealKind = defineSettingsKind({
  name: 'setMeal',
  ...settingsPages.setMeal,
  intro: '套餐总价为各项目套餐内价格之和，保存时自动计算。',
  introEn: "A set meal's total is the sum of its items' in-meal prices, computed on save.",
  fields: [
    { key: 'name', label: '套餐名称', labelEn: 'Name', widget: 'text', max: 50, required: true, column: true },
    {
      key: 'splittable',
      label: '可拆分',
      labelEn: 'Splittable',
      widget: 'switch',
      default: false,
      column: true,
      help: '可拆分的套餐，其项目可单独退费或转换',
      helpEn: 'A package that can be split: its items can be refunded or converted one by one',
    },
    {
      key: 'priceEditable',
      label: '开单可改价',
      labelEn: 'Price editable',
      widget: 'switch',
      default: false,
      column: true,
    },
    activePeriod,
    { key: 'remark', label: '备注', labelEn: 'Remark', widget: 'text', max: 200, multiline: true },
    sortField,
    enabledField,
  ],
  computed: [{ key: 'total', label: '套餐总价', labelEn: 'Total', widget: 'money' }],
  items: [
    {
      key: 'items',
      label: '套餐项目',
      labelEn: 'Items',
      min: 1,
      max: 50,
      fields: [
        { key: 'projectId', label: '项目', labelEn: 'Project', widget: 'ref', source: 'project', required: true },
        { key: 'sessions', label: '次数', labelEn: 'Sessions', widget: 'number', min: 1, max: 999, required: true },
        { key: 'price', label: '套餐内价格', labelEn: 'In-meal price', widget: 'money', required: true },
      ],
      distinct: { key: 'projectId', msg: '套餐项目重复' },
    },
  ],
  unique: [{ keys: ['name'], msg: '套餐名称已存在', index: 'clinic_set_meal_name_uq' }],
  search: ['name'],
});
