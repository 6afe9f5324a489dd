import { type FieldDefinition, type FormType, systemColumns } from '@crm/shared';
import { fieldWidgets } from '@/components/dynamic-form';
import { showTime as showApiTime } from '@/shell/time';

const systemKeys = new Set<string>(systemColumns.map((c) => c.key));
const EMPTY = '—';

/** A time as lists and headers show it, on the company's clock (shell/time.ts); '—' for none. */
export const showTime = (v: unknown): string => {
  if (typeof v !== 'string' || !v) return EMPTY;
  return showApiTime(v) || v;
};

/**
 * One value of a record in a list cell or a header: system columns as names and times,
 * 是/否 for the booleans a kind's panel sends, fields through the dynamic display of their
 * type. File fields show no list of files in a cell (that would ask once per row).
 */
export function RecordValue({
  column,
  field,
  value,
  yes,
  no,
}: {
  column: { key: string; formType: string };
  field?: FieldDefinition;
  value: unknown;
  yes: string;
  no: string;
}) {
  if (systemKeys.has(column.key)) {
    if (column.key.endsWith('Time')) return <>{showTime(value)}</>;
    return <>{value === null || value === undefined || value === '' ? EMPTY : String(value)}</>;
  }
  if (typeof value === 'boolean') return <>{value ? yes : no}</>;
  const formType = (field?.formType ?? column.formType) as FormType;
  const entry = fieldWidgets[formType];
  if (!entry || formType === 'file')
    return <>{value === null || value === undefined || value === '' ? EMPTY : String(value)}</>;
  const Display = entry.display;
  const def: FieldDefinition = field ?? {
    fieldName: column.key,
    name: column.key,
    formType,
    isNull: 0,
    isUnique: 0,
    options: [],
    inputTips: '',
  };
  return <Display field={def} value={value} />;
}
