import type { ExamineCounts, ExamineDetail, ExamineListRow, Input, PageResult } from '@crm/shared';
import { call } from '@/shell/call';
import { request } from '@/shell/request';

/** The approval calls of the workbench (docs/api/examine.md, "Using approvals"); answers typed by the shared contracts. */

export type {
  CategoryGroup,
  CategoryItem,
  ExamineDetail,
  FlowInfo,
  FlowTask,
  HistoryEntry,
  NamedUser,
  Person,
  Presets,
  StepType,
  TimelineStep as FlowStep,
} from '@crm/shared';

export type ListTab = 'initiate' | 'waiting' | 'handled' | 'copied';
export type ListFilter = {
  page: number;
  limit: number;
  categoryId?: number;
  status?: number;
  startTime?: string;
  endTime?: string;
  search?: string;
};
export type ExamineRow = ExamineListRow;
export type Counts = ExamineCounts;
export type Permitted = ExamineDetail['permitted'];

export type SaveBody = Input<'/OaExamine/setOaExamine'>;

/** The form as filled so far (designed fields by name; a dedicated type's block as `form`). */
export type FlowFilled = { field?: { fieldName: string; value: unknown }[]; form?: unknown };

const listPath: Record<ListTab, string> = {
  initiate: '/OaExamine/myInitiate',
  waiting: '/OaExamine/myOaExamine',
  handled: '/OaExamine/myOaExamine',
  copied: '/OaExamine/myCopyExamine',
};

export const examineApi = {
  categories: () => call('/OaExamineCategory/queryCategoryGroups'),
  flowInfo: (categoryId: number) => call('/OaExamine/queryExamineFlowInfo', { categoryId }),
  /** The flow for the form as filled so far: each step says whether its condition holds. */
  flowPreview: (categoryId: number, filled: FlowFilled) =>
    call('/OaExamine/queryExamineFlowInfo', { categoryId, ...filled }, { json: true, silent: true }),
  presets: (categoryId: number) => call('/OaExamineCategory/queryExamineUsers', { categoryId }),
  list: (tab: ListTab, filter: ListFilter) =>
    request<PageResult<ExamineRow>>(listPath[tab], {
      ...filter,
      ...(tab === 'waiting' ? { type: 1 } : tab === 'handled' ? { type: 2 } : {}),
    }),
  counts: () => call('/OaExamine/queryExamineCounts'),
  detail: (examineId: number) => call('/OaExamine/queryOaExamineInfo', { examineId }, { silent: true }),
  save: (body: SaveBody) => call('/OaExamine/setOaExamine', body, { json: true }),
  audit: (body: Input<'/OaExamine/auditExamine'>) => call('/OaExamine/auditExamine', body),
  transfer: (body: Input<'/OaExamine/transfer'>) => call('/OaExamine/transfer', body),
  addApprover: (body: Input<'/OaExamine/addApprover'>) => call('/OaExamine/addApprover', body, { json: true }),
  returnTo: (body: Input<'/OaExamine/returnExamine'>) => call('/OaExamine/returnExamine', body),
  urge: (recordId: number) => call('/OaExamine/urge', { recordId }),
  comment: (recordId: number, content: string) => call('/OaExamine/comment', { recordId, content }),
  remove: (examineId: number) => call('/OaExamine/deleteOaExamine', { examineId }),
};

/** Query keys: every change invalidates `['examine']` (lists, counts, details) and the to-do counts. */
export const examineKeys = {
  all: ['examine'] as const,
  categories: ['examine', 'categories'] as const,
  flow: (categoryId: number) => ['examine', 'flow', categoryId] as const,
  flowPreview: (categoryId: number, filled: FlowFilled) => ['examine', 'flow', categoryId, filled] as const,
  presets: (categoryId: number) => ['examine', 'presets', categoryId] as const,
  list: (tab: ListTab, filter: ListFilter) => ['examine', 'list', tab, filter] as const,
  counts: ['examine', 'counts'] as const,
  detail: (examineId: number) => ['examine', 'detail', examineId] as const,
};
