import type { SettingsField } from '../fields.ts';

/** The conventional switch and order of list kinds (the status and sort routes look for these keys). */
export const enabledField: SettingsField = {
  key: 'enabled',
  label: '启用',
  labelEn: 'Enabled',
  widget: 'switch',
  default: true,
  column: true,
};
export const sortField: SettingsField = {
  key: 'sort',
  label: '排序',
  labelEn: 'Order',
  widget: 'number',
  min: 0,
  max: 9999,
  column: true,
  help: '数字小的排在前面',
  helpEn: 'Smaller numbers come first',
};
/** When a configuration is active: either day may be open. */
export const activePeriod: SettingsField = {
  key: 'activeFrom',
  endKey: 'activeTo',
  label: '生效日期',
  endLabel: '截止日期',
  labelEn: 'Active period',
  widget: 'dateRange',
  column: true,
};
