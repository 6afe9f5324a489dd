import type { AdminCategory, Input } from '@crm/shared';
import { call } from '@/shell/call';

/** Approval management calls (docs/api/examine.md, "Categories"); answers typed by the shared contracts. */
export type { AdminCategory };

export type CategorySaveBody = Input<'/OaExamineCategory/setExamineCategory'>;

/** Categories are few: the page loads them all (in sort order) so they can be reordered as a whole. */
export const ALL_CATEGORIES = 1000;

export const categoryApi = {
  list: (search: string) =>
    call('/OaExamineCategory/queryExamineCategoryList', {
      page: 1,
      limit: ALL_CATEGORIES,
      search: search || undefined,
    }),
  byId: (categoryId: number) => call('/OaExamineCategory/queryCategoryById', { categoryId }),
  save: (body: CategorySaveBody) => call('/OaExamineCategory/setExamineCategory', body, { json: true }),
  setStatus: (categoryId: number, status: number) => call('/OaExamineCategory/updateStatus', { categoryId, status }),
  remove: (categoryId: number) => call('/OaExamineCategory/deleteExamineCategory', { categoryId }),
  sort: (categoryIds: number[]) => call('/OaExamineCategory/updateSort', { categoryIds }, { json: true }),
};

/** Under `['examine']` too: a change here refreshes the applicants' picker. */
export const categoryKeys = {
  all: ['examine', 'admin'] as const,
  list: (search: string) => ['examine', 'admin', 'list', search] as const,
};
