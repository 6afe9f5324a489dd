import { defineSettingsKind } from '../declare.ts';
import { settingsPages } from '../pages.ts';

/** The order form's fields an administrator may make required (beyond customer and lines, always required). */
export const orderFormFields = [
  ['consultantId', '顾问', 'Consultant'],
  ['doctorId', '医生', 'Doctor'],
  ['deptId', '结算科室', 'Settlement department'],
  ['salespeople', '业绩归属人', 'Salespeople'],
  ['visitId', '到店记录', 'Visit'],
  ['remark', '备注', 'Remark'],
] as const;

/** openFormConfig: the order form's and the cashier's switches, one set for the company. */
export const orderFormKind = defineSettingsKind({
  name: 'orderForm',
  ...settingsPages.openFormConfig,
  intro: '开单、收银和退费的规则开关，对全公司生效。',
  introEn: 'The rules of ordering, charging and refunds, for the whole company.',
  singleton: true,
  fields: [
    {
      key: 'firstVisitOneConsultant',
      label: '首诊制（初诊只能由一位顾问接待）',
      labelEn: 'One consultant per first visit',
      widget: 'switch',
      default: true,
    },
    {
      key: 'cashierEditsLines',
      label: '收银员可修改开单明细',
      labelEn: 'Cashier may edit lines',
      widget: 'switch',
      default: false,
    },
    { key: 'arrearsAllowed', label: '允许欠款', labelEn: 'Arrears allowed', widget: 'switch', default: true },
    {
      key: 'requiredFields',
      label: '开单必填项',
      labelEn: 'Required order fields',
      widget: 'select',
      multiple: true,
      options: orderFormFields.map(([value, label, labelEn]) => ({ value, label, labelEn })),
      default: ['consultantId', 'salespeople'],
    },
    {
      key: 'topUpPerformance',
      label: '充值业绩计算时点',
      labelEn: 'Top-up performance counts',
      widget: 'select',
      options: [
        { value: 'paid', label: '充值时计业绩', labelEn: 'When paid' },
        { value: 'spent', label: '消费时计业绩', labelEn: 'When spent' },
      ],
      default: 'paid',
      required: true,
      help: '只按其中一种计算，不会重复计入',
      helpEn: 'Counted by one of them only, never twice',
    },
    {
      key: 'expiredRefundable',
      label: '过期项目可退费或转换',
      labelEn: 'Expired sessions may be refunded or converted',
      widget: 'switch',
      default: false,
    },
  ],
});
