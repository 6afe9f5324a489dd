import type { ReviewListInput } from '@crm/shared';
import { downloadWorkbook } from '@/crm/records/excel/api';
import { call } from '@/shell/call';

/** 顾客评价's calls (docs/clinic-reviews.md). Money in answers is fen; amounts sent are yuan text. */
export type ReviewFilter = Partial<ReviewListInput> & { page: number; limit: number };

export type RuleForm = {
  ruleId?: number;
  name: string;
  value: string;
  threshold: string;
  validDays: number;
  projectIds: number[];
  enabled: boolean;
  remark: string;
  reviewReward: boolean;
  minAverage: number;
  minEach: number;
};

export const evaluateApi = {
  list: (f: ReviewFilter) => call('/evaluate/list', f),
  detail: (reviewId: number) => call('/evaluate/detail', { reviewId }),
  follows: (reviewId: number) => call('/evaluate/followList', { reviewId }),
  follow: (reviewId: number, content: string, closed: boolean) =>
    call('/evaluate/editFollow', { reviewId, content, closed }),
  exportList: (f: ReviewFilter) => {
    const { page: _p, limit: _l, ...filters } = f;
    return downloadWorkbook('/evaluate/excelExport', filters, '顾客评价.xlsx');
  },
  rules: (page: number, limit: number) => call('/evaluate/couponRuleList', { page, limit }),
  saveRule: (form: RuleForm) => call('/evaluate/editCouponRule', form, { json: true }),
  deleteRule: (ruleId: number) => call('/evaluate/delCouponRule', { ruleId }),
  projects: () => call('/api/project/queryList', { page: 1, limit: 1000 }),
};

export const evaluateKeys = {
  all: ['workbench', 'evaluate'] as const,
  list: (f: ReviewFilter) => ['workbench', 'evaluate', 'list', f] as const,
  detail: (id: number) => ['workbench', 'evaluate', 'detail', id] as const,
  follows: (id: number) => ['workbench', 'evaluate', 'follows', id] as const,
  rules: (page: number) => ['workbench', 'evaluate', 'rules', page] as const,
  projects: ['workbench', 'evaluate', 'projects'] as const,
};
