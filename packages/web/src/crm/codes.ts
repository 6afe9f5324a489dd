import type { CrmKind } from './types';

/**
 * A fixed choice field whose wire value is a code, not its option's words (customer gender 1/2,
 * 是/否 as booleans, shop sex 0/1): the form, the displays and the filter translate through the
 * kind's `fixedCodes` table, so the generic pages send what the kind's schema reads.
 */
export function codeOf(kind: CrmKind, fieldName: string, label: unknown): unknown {
  const table = kind.fixedCodes?.[fieldName];
  if (!table || typeof label !== 'string' || !(label in table)) return label;
  return table[label];
}

export function labelOf(kind: CrmKind, fieldName: string, code: unknown): unknown {
  const table = kind.fixedCodes?.[fieldName];
  if (!table) return code;
  const hit = Object.entries(table).find(([, v]) => v === code || String(v) === String(code));
  return hit ? hit[0] : code;
}

/**
 * A record's value of one field as a person reads it: a coded choice as its option's words, an
 * id the kind names (`shownAs`) as the name the record carries (the id when it carries none).
 */
export function shownValue(kind: CrmKind, record: Record<string, unknown>, fieldName: string): unknown {
  const carried = kind.shownAs?.[fieldName];
  if (carried) {
    const name = record[carried];
    if (typeof name === 'string' && name !== '') return name;
  }
  return labelOf(kind, fieldName, record[fieldName]);
}

/** A record's values with every coded field as its option's words (what a form edits). */
export const labelled = (kind: CrmKind, record: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(record).map(([k, v]) => [k, labelOf(kind, k, v)]));

/** A record's values as a reader sees them (`shownValue` of every field): never a form's values. */
export const shownValues = (kind: CrmKind, record: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.keys(record).map((k) => [k, shownValue(kind, record, k)]));
