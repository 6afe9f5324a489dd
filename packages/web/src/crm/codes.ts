import { codeOfWord, type FieldCodes, kindCodes, type RecordKind, wordOfCode } from '@crm/shared';
import type { CrmKind } from './types';

// Per descriptor, computed once: the kind's coded fields and its ids shown by a carried name.
const codeTables = new WeakMap<RecordKind, Record<string, FieldCodes>>();
const codesOf = (kind: CrmKind) => {
  const known = codeTables.get(kind.descriptor);
  if (known) return known;
  const table = kindCodes(kind.descriptor);
  codeTables.set(kind.descriptor, table);
  return table;
};
const carriedName = (kind: CrmKind, fieldName: string) =>
  kind.descriptor.fixedFields.find((f) => f.fieldName === fieldName)?.named?.carried;

/**
 * A fixed choice field whose wire value is a code, not its option's words (customer gender 1/2,
 * 是/否 as booleans, shop sex 0/1): the form, the displays and the filter translate through the
 * field's `codes` in the kind's declaration, so the generic pages send what the kind's schema reads.
 */
export const codeOf = (kind: CrmKind, fieldName: string, label: unknown): unknown =>
  codeOfWord(codesOf(kind)[fieldName], label);

export const labelOf = (kind: CrmKind, fieldName: string, code: unknown): unknown =>
  wordOfCode(codesOf(kind)[fieldName], code);

/**
 * A record's value of one field as a person reads it: a coded choice as its option's words, an
 * id the kind names (`named`) as the name the record carries (the id when it carries none).
 */
export function shownValue(kind: CrmKind, record: Record<string, unknown>, fieldName: string): unknown {
  const carried = carriedName(kind, fieldName);
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
