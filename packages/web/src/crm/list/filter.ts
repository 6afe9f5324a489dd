import type { FilterCondition } from '@crm/shared';
import type { FilterData } from '../api';

/** Conditions offered per kind of value (DECISIONS "CRM": is … in); the server checks them again. */
const textConditions: FilterCondition[] = ['is', 'isNot', 'contains', 'notContains', 'in', 'isNull', 'isNotNull'];
const rangeConditions: FilterCondition[] = ['is', 'isNot', 'gt', 'egt', 'lt', 'elt', 'isNull', 'isNotNull'];
const choiceConditions: FilterCondition[] = ['is', 'isNot', 'in', 'isNull', 'isNotNull'];

export type ValueKind = 'text' | 'number' | 'date' | 'choice';

export function valueKindOf(formType: string, hasOptions: boolean): ValueKind {
  if (formType === 'number' || formType === 'floatnumber') return 'number';
  if (formType === 'date' || formType === 'datetime') return 'date';
  if (hasOptions && (formType === 'select' || formType === 'checkbox')) return 'choice';
  return 'text';
}

export function conditionsOf(kind: ValueKind): FilterCondition[] {
  if (kind === 'number' || kind === 'date') return rangeConditions;
  if (kind === 'choice') return choiceConditions;
  return textConditions;
}

export const needsValue = (c: FilterCondition) => c !== 'isNull' && c !== 'isNotNull';

/** One row of the filter editor. */
export type FilterRow = { field?: string; condition: FilterCondition; value?: unknown };

/** A row ready to send: a field, and a value unless the condition needs none. */
export const rowComplete = (r: FilterRow) =>
  Boolean(r.field) &&
  (!needsValue(r.condition) ||
    (Array.isArray(r.value) ? r.value.length > 0 : r.value !== undefined && r.value !== null && r.value !== ''));

/** The rows as the list's `data` object, keyed by field (one condition per field, the last wins). */
export function toFilterData(
  rows: FilterRow[],
  columns: { key: string; name: string; formType: string }[],
): FilterData {
  const out: FilterData = {};
  for (const r of rows) {
    if (!r.field || !rowComplete(r)) continue;
    const col = columns.find((c) => c.key === r.field);
    out[r.field] = {
      name: col?.name,
      formType: col?.formType,
      condition: r.condition,
      ...(needsValue(r.condition) ? { value: r.value } : {}),
    };
  }
  return out;
}

/** A saved filter back into rows (a scene's data, the filter the list holds). */
export const toFilterRows = (data: FilterData): FilterRow[] =>
  Object.entries(data).map(([field, f]) => ({ field, condition: f.condition as FilterCondition, value: f.value }));
