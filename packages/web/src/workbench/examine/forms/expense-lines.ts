import type { ExpenseKind } from '@crm/shared';

/** A field of an expense line: its key in the block, its label key, its widget. */
export type LineField = {
  key: string;
  label:
    | 'money'
    | 'vehicle'
    | 'endAddress'
    | 'startTime'
    | 'endTime'
    | 'description'
    | 'cause'
    | 'useDate'
    | 'returnDate'
    | 'payTime'
    | 'payee'
    | 'bankAccount'
    | 'bankDeposit'
    | 'detailLine'
    | 'recordDate';
  widget: 'money' | 'text' | 'area' | 'day';
  max?: number;
};

/** The layout of each expense kind's lines (spec approvals §3 "Expense lines"). */
export const expenseLines: Record<ExpenseKind, LineField[]> = {
  travel: [
    { key: 'vehicle', label: 'vehicle', widget: 'text', max: 20 },
    { key: 'endAddress', label: 'endAddress', widget: 'text', max: 50 },
    { key: 'startTime', label: 'startTime', widget: 'day' },
    { key: 'endTime', label: 'endTime', widget: 'day' },
    { key: 'money', label: 'money', widget: 'money' },
    { key: 'description', label: 'description', widget: 'area', max: 200 },
  ],
  reserveFund: [
    { key: 'money', label: 'money', widget: 'money' },
    { key: 'useDate', label: 'useDate', widget: 'day' },
    { key: 'returnDate', label: 'returnDate', widget: 'day' },
    { key: 'cause', label: 'cause', widget: 'area', max: 200 },
  ],
  payment: [
    { key: 'money', label: 'money', widget: 'money' },
    { key: 'payTime', label: 'payTime', widget: 'day' },
    { key: 'payee', label: 'payee', widget: 'text', max: 50 },
    { key: 'bankAccount', label: 'bankAccount', widget: 'text', max: 30 },
    { key: 'bankDeposit', label: 'bankDeposit', widget: 'text', max: 50 },
    { key: 'cause', label: 'cause', widget: 'area', max: 200 },
  ],
  administrative: [
    { key: 'money', label: 'money', widget: 'money' },
    { key: 'recordDate', label: 'recordDate', widget: 'day' },
    { key: 'detail', label: 'detailLine', widget: 'area', max: 200 },
  ],
};

export const emptyLine = (kind: ExpenseKind): Record<string, string> =>
  Object.fromEntries(expenseLines[kind].map((f) => [f.key, '']));
