import {
  type ExpenseItem,
  expenseSubtotal,
  type FieldDefinition,
  isEmptyValue,
  type TripItem,
  validateFieldValue,
} from '@crm/shared';

/**
 * The form keeps every value in its wire shape (what `setOaExamine` stores and answers), so a
 * record's values prefill the form as they are and the shared rule checks exactly what is sent:
 * dates as text, users and departments as comma-joined ids, checkbox choices comma-joined, a
 * file field as its batchId, expense and trip items as row lists.
 */
export type FieldValues = Record<string, unknown>;

/** The key a field's value is stored under; designer previews have no key yet. */
export const fieldKey = (field: Pick<FieldDefinition, 'fieldName' | 'fieldId'>, index: number): string =>
  field.fieldName ?? (field.fieldId ? `field_${field.fieldId}` : `preview_${index}`);

export const newBatchId = (): string => crypto.randomUUID();

/**
 * The caller's access to a field as `field/queryField` answers it for CRM kinds (1 hidden,
 * 2 read-only, 3 editable); definitions without it (approval forms, previews) are editable.
 */
export const fieldAuthLevel = (field: object): 1 | 2 | 3 => {
  const level = (field as { authLevel?: unknown }).authLevel;
  return level === 1 || level === 2 ? level : 3;
};
/** A field the form may write: not hidden, not read-only (the server refuses changing those). */
export const isWritableField = (field: object): boolean => fieldAuthLevel(field) === 3;

export const emptyExpense = (): ExpenseItem & { batchId: string } => ({
  startAddress: '',
  endAddress: '',
  startTime: '',
  endTime: '',
  traffic: '',
  stay: '',
  diet: '',
  other: '',
  description: '',
  batchId: newBatchId(),
});

export const emptyTrip = (): TripItem => ({
  vehicle: '',
  trip: '',
  startAddress: '',
  endAddress: '',
  startTime: '',
  endTime: '',
  duration: '',
  description: '',
});

const rowIsBlank = (row: Record<string, unknown>) =>
  Object.entries(row).every(([k, v]) => k === 'batchId' || k === 'money' || isEmptyValue(v));

/** What is sent and checked: blank item rows are dropped and each expense row carries its subtotal. */
export function toWire(field: Pick<FieldDefinition, 'formType'>, value: unknown): unknown {
  if (field.formType !== 'examine_cause' && field.formType !== 'business_cause') return value ?? '';
  if (!Array.isArray(value)) return [];
  const rows = (value as Record<string, unknown>[]).filter((r) => r && !rowIsBlank(r));
  return field.formType === 'examine_cause' ? rows.map((r) => ({ ...r, money: expenseSubtotal(r) })) : rows;
}

/** The message a value earns under the shared rule (the server applies the same), or null. */
export const fieldError = (field: FieldDefinition, value: unknown): string | null =>
  validateFieldValue(field, toWire(field, value));

/** The value a new form starts with: the field's default, or one empty row for item lists. */
export function initialValue(field: FieldDefinition): unknown {
  if (field.formType === 'examine_cause') return [emptyExpense()];
  if (field.formType === 'business_cause') return [emptyTrip()];
  const d = field.defaultValue;
  if (d === undefined || d === null || d === '') return undefined;
  if (field.formType === 'checkbox' && Array.isArray(d)) return d.join(',');
  return d;
}

export function initialValues(fields: FieldDefinition[], stored?: FieldValues | null): FieldValues {
  const out: FieldValues = {};
  fields.forEach((f, i) => {
    const key = fieldKey(f, i);
    const saved = stored?.[key];
    if (saved !== undefined && saved !== null) {
      out[key] = Array.isArray(saved) && saved.length === 0 ? initialValue(f) : saved;
    } else {
      out[key] = initialValue(f);
    }
  });
  return out;
}

/**
 * The `field` list of the save call: every field the user may write with its wire value; hidden
 * and read-only ones are left out, so the server keeps what is stored.
 */
export function collectFields(fields: FieldDefinition[], values: FieldValues): { fieldName: string; value: unknown }[] {
  return fields.flatMap((f, i) => {
    if (!isWritableField(f)) return [];
    const key = fieldKey(f, i);
    return [{ fieldName: key, value: toWire(f, values[key]) }];
  });
}

/** Comma list of ids ↔ numbers. */
export const idsOf = (value: unknown): number[] =>
  (Array.isArray(value) ? value : String(value ?? '').split(','))
    .map((v) => Number(v))
    .filter((n) => Number.isInteger(n) && n > 0);

export const listOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.map(String)
    : String(value ?? '')
        .split(',')
        .filter((s) => s !== '');
