import type { SignRuleSaveInput } from '@crm/shared';
import { downloadWorkbook } from '@/crm/records/excel/api';
import { call } from '@/shell/call';

/** Staff sign-in (/OaSignIn/*, docs/workbench-sign-in.md); answers typed by the shared contracts. */
export type { SignDayRow, SignMonth, SignRuleRow, SignSummaryRow } from '@crm/shared';

export type SignFilter = { month: string; deptId?: number; userId?: number };

export const signApi = {
  myLink: () => call('/OaSignIn/myLink'),
  month: (f: SignFilter) => call('/OaSignIn/month', f),
  exportMonth: (f: SignFilter) => downloadWorkbook('/OaSignIn/excelExport', f, `签到统计_${f.month}.xlsx`),
  rules: () => call('/OaSignIn/ruleList'),
  saveRule: (rule: SignRuleSaveInput) => call('/OaSignIn/saveRule', rule, { json: true }),
  deleteRule: (deptId: number) => call('/OaSignIn/deleteRule', { deptId }),
};

export const signKeys = {
  rules: ['signIn', 'rules'] as const,
  month: (f: SignFilter) => ['signIn', 'month', f.month, f.deptId ?? 0, f.userId ?? 0] as const,
};
