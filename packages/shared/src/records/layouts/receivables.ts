import type { FormLayout } from '../form-layout.ts';
import { customerPick } from './contract.ts';

/**
 * The receivable form (crm-records 2–4): 基本信息 — the customer, then one of its approved
 * contracts, then one of that contract's free plans (each waits for the one before; another
 * choice empties what depends on it) — the fixed fields, the custom fields and the attachments;
 * 审核信息 comes with the kind's `review`. Keys are the form's words (web crm/contract/form-source.ts).
 */
export const receivablesFormLayout = {
  customFields: true,
  attachments: true,
  sections: [
    {
      key: 'basicInfo',
      fields: [
        customerPick,
        { field: 'contract', widget: 'approvedContract', label: 'contractId', required: true, gatedBy: 'contractId' },
        { field: 'plan', widget: 'plan', label: 'planId', gatedBy: 'planId' },
        { field: 'number', required: true },
        { field: 'returnTime', widget: 'date', required: true, width: 'half' },
        { field: 'money', required: true, width: 'half' },
        { field: 'returnType', widget: 'choice' },
        { field: 'remark' },
      ],
    },
  ],
} as const satisfies FormLayout;
