import type { FormLayout } from '../form-layout.ts';

/**
 * The customer of a contract or a receivable, picked from the customer list: the picker's value
 * (`{id, name}`), its permission and rule those of `customerId`.
 */
export const customerPick = {
  field: 'customer',
  widget: 'customer',
  label: 'customerId',
  placeholder: 'chooseCustomer',
  required: true,
  gatedBy: 'customerId',
} as const;

/**
 * The contract form (crm-records 2–4): 基本信息 — the customer picked from the customer list, the
 * opportunity among that customer's (choosing one brings its products and money), the fixed
 * fields — then the product lines, the custom fields and the attachments; the generic form adds
 * 审核信息 and 保存草稿 / 提交审核 because the kind declares `review`. Keys are the form's words
 * (web crm/contract/form-source.ts); a fixed field is named by its declaration.
 */
export const contractFormLayout = {
  customFields: true,
  attachments: true,
  sections: [
    {
      key: 'basicInfo',
      fields: [
        customerPick,
        { field: 'business', widget: 'business', label: 'business' },
        { field: 'num', required: true },
        { field: 'name', required: true },
        { field: 'money', required: true },
        { field: 'orderDate', widget: 'date', width: 'half' },
        { field: 'startTime', widget: 'date', width: 'half' },
        { field: 'endTime', widget: 'date', width: 'half' },
        { field: 'remark' },
        { field: 'productLines', widget: 'productLines', label: 'products' },
      ],
    },
  ],
} as const satisfies FormLayout;
