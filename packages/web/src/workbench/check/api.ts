import type {
  CheckPlanDetail,
  CheckPlanRow,
  CheckResult,
  CheckSummaryRow,
  CheckTemplateDetail,
  CheckTemplateRow,
  Input,
} from '@crm/shared';
import { downloadWorkbook } from '@/crm/records/excel/api';
import { call } from '@/shell/call';

/** Supervision's calls (docs/workbench-supervision.md); answers typed by the shared contracts. */
export type { CheckPlanDetail, CheckPlanRow, CheckResult, CheckSummaryRow, CheckTemplateDetail, CheckTemplateRow };

export type PlanFilter = { page: number; type: 1 | 2; status?: number; search: string };
export type TemplateBody = Input<'/OaCheck/saveTemplate'>;
export type PlanBody = Input<'/OaCheck/savePlan'>;
export type RecordBody = Input<'/OaCheck/recordItem'>;
export type Rectification = { resultId: number; ownerUserId: number; deadline: string };
export type SummaryFilter = { startDate: string; endDate: string; targetType?: number };

export const checkApi = {
  templates: (page: number, search: string) => call('/OaCheck/queryTemplateList', { page, limit: 15, search }),
  allTemplates: () => call('/OaCheck/queryTemplateList', { page: 1, limit: 200 }),
  template: (templateId: number) => call('/OaCheck/queryTemplate', { templateId }),
  saveTemplate: (body: TemplateBody) => call('/OaCheck/saveTemplate', body, { json: true }),
  deleteTemplate: (templateId: number) => call('/OaCheck/deleteTemplate', { templateId }),
  plans: (f: PlanFilter) => call('/OaCheck/queryPlanList', { ...f, limit: 15 }),
  plan: (planId: number) => call('/OaCheck/queryPlan', { planId }),
  savePlan: (body: PlanBody) => call('/OaCheck/savePlan', body, { json: true }),
  cancelPlan: (planId: number) => call('/OaCheck/cancelPlan', { planId }),
  start: (planId: number) => call('/OaCheck/startPlan', { planId }),
  record: (body: RecordBody) => call('/OaCheck/recordItem', body, { json: true }),
  submit: (planId: number, summary: string, rectifications: Rectification[]) =>
    call('/OaCheck/submitPlan', { planId, summary, rectifications }, { json: true }),
  summary: (f: SummaryFilter) => call('/OaCheck/summary', f),
  exportSummary: (f: SummaryFilter, name: string) => downloadWorkbook('/OaCheck/excelExport', f, name),
};

export const checkKeys = {
  all: ['check'] as const,
  templates: (page: number, search: string) => ['check', 'templates', page, search] as const,
  allTemplates: ['check', 'templates', 'all'] as const,
  template: (id: number) => ['check', 'template', id] as const,
  plans: (f: PlanFilter) => ['check', 'plans', f] as const,
  plan: (id: number) => ['check', 'plan', id] as const,
  summary: (f: SummaryFilter) => ['check', 'summary', f] as const,
};

/** 待检查 blue, 检查中 orange, 已完成 green, 已取消 default. */
export const statusColor: Record<number, string> = { 1: 'blue', 2: 'orange', 3: 'green', 4: 'default' };
