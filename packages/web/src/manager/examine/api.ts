import type { FieldDefinition, PageResult } from '@crm/shared';
import { request } from '@/shell/request';
import type { NamedUser, StepType } from '@/workbench/examine/api';

/** Approval management calls (docs/api/examine.md, "Categories"). */
export type AdminCategory = {
  categoryId: number;
  title: string;
  className: string;
  icon: number;
  type: string;
  isSystem: boolean;
  remarks: string;
  status: number;
  sort: number;
  examineType: 1 | 2;
  steps: { stepType: StepType; userList: NamedUser[] }[];
  examineUsers: NamedUser[];
  ccUsers: NamedUser[];
  visibleUsers: NamedUser[];
  visibleDeptIds: number[];
  fields: FieldDefinition[];
  createTime: string;
  updateTime: string;
};

export type CategorySaveBody = {
  categoryId?: number;
  title: string;
  className: string;
  icon: number;
  remarks: string;
  status: number;
  examineType: 1 | 2;
  steps: { stepType: StepType; userIds: number[] }[];
  examineUserIds: number[];
  ccUserIds: number[];
  visibleUserIds: number[];
  visibleDeptIds: number[];
};

/** Categories are few: the page loads them all (in sort order) so they can be reordered as a whole. */
export const ALL_CATEGORIES = 1000;

export const categoryApi = {
  list: (search: string) =>
    request<PageResult<AdminCategory>>('/OaExamineCategory/queryExamineCategoryList', {
      page: 1,
      limit: ALL_CATEGORIES,
      search: search || undefined,
    }),
  byId: (categoryId: number) => request<AdminCategory>('/OaExamineCategory/queryCategoryById', { categoryId }),
  save: (body: CategorySaveBody) =>
    request<{ categoryId: number }>('/OaExamineCategory/setExamineCategory', body, { json: true }),
  setStatus: (categoryId: number, status: number) =>
    request<null>('/OaExamineCategory/updateStatus', { categoryId, status }),
  remove: (categoryId: number) => request<null>('/OaExamineCategory/deleteExamineCategory', { categoryId }),
  sort: (categoryIds: number[]) => request<null>('/OaExamineCategory/updateSort', { categoryIds }, { json: true }),
};

/** Under `['examine']` too: a change here refreshes the applicants' picker. */
export const categoryKeys = {
  all: ['examine', 'admin'] as const,
  list: (search: string) => ['examine', 'admin', 'list', search] as const,
};
