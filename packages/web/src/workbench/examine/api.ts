import type {
  AutoReason,
  ExamineCounts,
  ExamineListRow,
  ExaminePermitted,
  FieldDefinition,
  PageResult,
  TaskStatus,
} from '@crm/shared';
import { request } from '@/shell/request';

/** The approval calls of the workbench (docs/api/examine.md, "Using approvals"). */

export type NamedUser = { userId: number; realname: string };
export type Person = NamedUser & { img: string; deptName?: string };

export type CategoryItem = {
  categoryId: number;
  title: string;
  icon: number;
  remarks: string;
  /** `general` (普通审批), `custom` (an administrator's fields), or a dedicated form's type. */
  type: string;
  examineType: 1 | 2;
  fields: FieldDefinition[];
};
export type CategoryGroup = { className: string; list: CategoryItem[] };

export type StepType = 1 | 2 | 3 | 4;
export type FlowInfo = {
  examineType: 1 | 2;
  examineSteps: { stepType: StepType; userList: NamedUser[] }[];
  examineUser: number | null;
  examineUserName: string;
};
export type Presets = { examineUsers: NamedUser[]; ccUsers: NamedUser[] };

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

export type FlowTask = {
  seq: number;
  user: Person | null;
  status: TaskStatus;
  reason: AutoReason | null;
  remarks: string | null;
  from: Person | null;
  superseded: boolean;
};
export type FlowStep = {
  stepId: number;
  kind: 'supervisor' | 'users' | 'previousSupervisor';
  mode: 'or' | 'and';
  origin: 'flow' | 'chosen' | 'next' | 'addBefore' | 'addAfter';
  isCurrent: boolean;
  /** The people the step names (或签/会签, chosen or added), known before it starts. */
  users: Person[];
  tasks: FlowTask[];
};
export type HistoryEntry = {
  seq: number;
  round: number;
  stepId: number | null;
  kind:
    | 'submit'
    | 'approve'
    | 'reject'
    | 'withdraw'
    | 'transfer'
    | 'addBefore'
    | 'addAfter'
    | 'return'
    | 'auto'
    | 'finish';
  user: Person | null;
  reason: AutoReason | null;
  remarks: string | null;
  targets: string[];
  status: number | null;
  time: string | null;
};
export type Permitted = ExaminePermitted;
export type ExamineDetail = {
  examineId: number;
  recordId: number;
  categoryId: number;
  categoryTitle: string;
  categoryType: string;
  examineType: 1 | 2;
  icon: number;
  fields: FieldDefinition[];
  content: string;
  detail: string;
  batchId: string;
  values: Record<string, unknown>;
  relation: Record<string, number[]>;
  status: number;
  round: number;
  createTime: string;
  /** Latest submission (createTime is the first). */
  submitTime: string;
  updateTime: string;
  createUser: Person | null;
  checkUsers: Person[];
  ccUsers: (Person & { read: boolean })[];
  flow: FlowStep[];
  currentStepId: number | null;
  returnableSteps: number[];
  history: HistoryEntry[];
  comments: { commentId: number; user: Person | null; content: string; createTime: string }[];
  permitted: Permitted;
};

export type SaveBody = {
  oaExamine: { categoryId: number; examineId?: number; batchId: string; content: string; detail: string };
  field: { fieldName: string; value: unknown }[];
  checkUserId: string;
  ccUserId: string;
  /** Saved attachments removed in the editor: they leave the approval with this save. */
  removedFileIds?: number[];
};

const listPath: Record<ListTab, string> = {
  initiate: '/OaExamine/myInitiate',
  waiting: '/OaExamine/myOaExamine',
  handled: '/OaExamine/myOaExamine',
  copied: '/OaExamine/myCopyExamine',
};

export const examineApi = {
  categories: () => request<CategoryGroup[]>('/OaExamineCategory/queryAllExamineCategoryList'),
  flowInfo: (categoryId: number) => request<FlowInfo>('/OaExamine/queryExamineFlowInfo', { categoryId }),
  presets: (categoryId: number) => request<Presets>('/OaExamineCategory/queryExamineUsers', { categoryId }),
  list: (tab: ListTab, filter: ListFilter) =>
    request<PageResult<ExamineRow>>(listPath[tab], {
      ...filter,
      ...(tab === 'waiting' ? { type: 1 } : tab === 'handled' ? { type: 2 } : {}),
    }),
  counts: () => request<Counts>('/OaExamine/queryExamineCounts'),
  detail: (examineId: number) =>
    request<ExamineDetail>('/OaExamine/queryOaExamineInfo', { examineId }, { silent: true }),
  save: (body: SaveBody) =>
    request<{ examineId: number; recordId: number; status: number }>('/OaExamine/setOaExamine', body, { json: true }),
  audit: (body: { recordId: number; status: 1 | 2 | 4; remarks?: string; nextUserId?: number }) =>
    request<{ status: number }>('/OaExamine/auditExamine', body),
  transfer: (body: { recordId: number; toUserId: number; remarks?: string }) =>
    request<{ status: number }>('/OaExamine/transfer', body),
  addApprover: (body: { recordId: number; userIds: number[]; position: 'before' | 'after'; remarks?: string }) =>
    request<{ status: number }>('/OaExamine/addApprover', body, { json: true }),
  returnTo: (body: { recordId: number; toStepId: number; remarks: string }) =>
    request<{ status: number }>('/OaExamine/returnExamine', body),
  urge: (recordId: number) => request<null>('/OaExamine/urge', { recordId }),
  comment: (recordId: number, content: string) =>
    request<{ commentId: number }>('/OaExamine/comment', { recordId, content }),
  remove: (examineId: number) => request<null>('/OaExamine/deleteOaExamine', { examineId }),
};

/** Query keys: every change invalidates `['examine']` (lists, counts, details) and the to-do counts. */
export const examineKeys = {
  all: ['examine'] as const,
  categories: ['examine', 'categories'] as const,
  flow: (categoryId: number) => ['examine', 'flow', categoryId] as const,
  presets: (categoryId: number) => ['examine', 'presets', categoryId] as const,
  list: (tab: ListTab, filter: ListFilter) => ['examine', 'list', tab, filter] as const,
  counts: ['examine', 'counts'] as const,
  detail: (examineId: number) => ['examine', 'detail', examineId] as const,
};
