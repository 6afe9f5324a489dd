import { z } from 'zod';

/** Messages of the list builder (sorting and filtering on names a list did not declare). */
export const ListMsg = {
  sortFieldUnknown: '不支持按该字段排序',
  filterFieldUnknown: '不支持按该字段筛选',
  filterInvalid: '筛选条件有误',
  orderInvalid: '排序方式有误',
} as const;

export type SortOrder = 'asc' | 'desc';

/**
 * The names of a direction: ours, antd's table (`ascend`), and the original client's numbers
 * (1 descending, 2 ascending).
 */
const orderNames: Record<string, SortOrder> = {
  asc: 'asc',
  desc: 'desc',
  ascend: 'asc',
  descend: 'desc',
  '1': 'desc',
  '2': 'asc',
};

/**
 * Sorting of a list request: a field name the list declares and a direction. Unknown names are
 * refused by the server's list builder, never put into SQL.
 */
export const sortFields = {
  sortField: z.preprocess(
    (v) => (v === null || v === undefined ? '' : typeof v === 'string' ? v.trim() : v),
    z.string({ error: ListMsg.sortFieldUnknown }).max(50, { error: ListMsg.sortFieldUnknown }),
  ),
  order: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : (orderNames[String(v)] ?? v)),
    z.enum(['asc', 'desc'], { error: ListMsg.orderInvalid }).optional(),
  ),
};

/** Filter conditions of record lists (DECISIONS: scenes and filters). */
export const filterConditions = [
  'is',
  'isNot',
  'contains',
  'notContains',
  'isNull',
  'isNotNull',
  'gt',
  'egt',
  'lt',
  'elt',
  'in',
] as const;
export type FilterCondition = (typeof filterConditions)[number];

/** One filter of a list request: a declared field, a condition and its value. */
export type ListFilter = { field: string; condition: FilterCondition; value?: unknown };
