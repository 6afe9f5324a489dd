import { defineSettingsKind } from '../declare.ts';
import { settingsPages } from '../pages.ts';
import { poolsIssue } from '../rules.ts';
import { enabledField, sortField } from './common.ts';

/** The roles people work in at a department, and among which its 划扣 consumption is shared. */
export const operatorRoles = [
  { value: 'doctor', label: '医生', labelEn: 'Doctor' },
  { value: 'nurse', label: '护士', labelEn: 'Nurse' },
  { value: 'assistant', label: '配台', labelEn: 'Assistant' },
  { value: 'beautician', label: '美容师', labelEn: 'Beautician' },
  { value: 'consultant', label: '咨询师', labelEn: 'Consultant' },
];

/**
 * deptOperatorConfig: who works at which department in which role, and the 划扣 role pools: the
 * share of a treatment's consumption performance each role gets (summing to 100 %).
 */
export const deptOperatorKind = defineSettingsKind({
  name: 'deptOperator',
  ...settingsPages.deptOperatorConfig,
  intro: '划扣时从科室人员中选择操作人；消耗业绩按角色分成比例分配，各角色合计须为100%。',
  introEn:
    "Treatments pick their staff from a department's people; consumption is shared by the role pools (100 % in all).",
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
    sortField,
    enabledField,
  ],
  items: [
    {
      key: 'members',
      label: '科室人员',
      labelEn: 'Staff',
      min: 0,
      max: 200,
      fields: [
        { key: 'userId', label: '人员', labelEn: 'Person', widget: 'ref', source: 'user', required: true },
        { key: 'role', label: '角色', labelEn: 'Role', widget: 'select', options: operatorRoles, required: true },
      ],
      distinct: { key: 'userId', msg: '科室人员重复' },
    },
    {
      key: 'pools',
      label: '划扣角色分成',
      labelEn: 'Role pools',
      min: 0,
      max: operatorRoles.length,
      fields: [
        { key: 'role', label: '角色', labelEn: 'Role', widget: 'select', options: operatorRoles, required: true },
        { key: 'percent', label: '分成比例（%）', labelEn: 'Share (%)', widget: 'percent', required: true },
      ],
      distinct: { key: 'role', msg: '划扣角色重复' },
    },
  ],
  unique: [{ keys: ['deptId'], msg: '该科室已设置人员', index: 'clinic_dept_operator_dept_uq' }],
  check: (v) => poolsIssue((v.pools as { percent: number | null }[] | undefined) ?? []),
});
