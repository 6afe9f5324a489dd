import { defineSettingsKind } from '../declare.ts';
import { settingsPages } from '../pages.ts';
import { enabledField, sortField } from './common.ts';

/** rotationConfig: the order in which a department's consultants take walk-in customers. */
export const rotationKind = defineSettingsKind({
  name: 'rotation',
  ...settingsPages.rotationConfig,
  intro: '散客到店时，分诊台按顺序轮流分配顾问。',
  introEn: 'The triage desk assigns walk-ins to the consultants in this order.',
  fields: [
    {
      key: 'deptId',
      label: '科室',
      labelEn: 'Department',
      widget: 'ref',
      source: 'dept',
      required: true,
      column: true,
    },
    { key: 'remark', label: '备注', labelEn: 'Remark', widget: 'text', max: 200, column: true },
    sortField,
    enabledField,
  ],
  items: [
    {
      key: 'members',
      label: '轮诊顾问',
      labelEn: 'Consultants in order',
      min: 1,
      max: 100,
      fields: [{ key: 'userId', label: '顾问', labelEn: 'Consultant', widget: 'ref', source: 'user', required: true }],
      distinct: { key: 'userId', msg: '轮诊顾问重复' },
    },
  ],
  unique: [{ keys: ['deptId'], msg: '该科室已设置轮诊', index: 'clinic_rotation_dept_uq' }],
  search: ['remark'],
});
