import type { SettingsField, SettingsItems, SettingsKind } from '@crm/shared';
import dayjs, { type Dayjs } from 'dayjs';

/**
 * Between the API's values and the form's: money is answered in whole fen and shown and sent as
 * yuan text (the save reads it, like the catalogue's and the orders' calls: docs/clinic-money.md);
 * numbers are text while typed; a date range is one picker of two days.
 */

/** 128050 → '1280.50'. */
export function fenToYuan(fen: number | null | undefined): string {
  if (fen === null || fen === undefined) return '';
  const abs = Math.abs(fen);
  return `${fen < 0 ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** What the save sends for a money field: the typed yuan text trimmed, null when blank (the schema reads or refuses it). */
export function yuanInput(text: unknown): string | null {
  if (text === undefined || text === null) return null;
  const trimmed = String(text).trim();
  return trimmed === '' ? null : trimmed;
}

type Values = Record<string, unknown>;

function fieldToForm(f: SettingsField, row: Values, out: Values) {
  const v = row[f.key];
  switch (f.widget) {
    case 'money':
      out[f.key] = fenToYuan(v as number | null);
      return;
    case 'number':
    case 'percent':
      out[f.key] = v === null || v === undefined ? '' : String(v);
      return;
    case 'dateRange': {
      const from = row[f.key] as string | null;
      const to = row[f.endKey] as string | null;
      out[f.key] = [from ? dayjs(from) : null, to ? dayjs(to) : null];
      return;
    }
    case 'ref':
      out[f.key] = v ?? undefined;
      return;
    default:
      out[f.key] = v;
  }
}

function fieldToInput(f: SettingsField, values: Values, out: Values) {
  const v = values[f.key];
  switch (f.widget) {
    case 'money':
      out[f.key] = yuanInput(v);
      return;
    case 'dateRange': {
      const [from, to] = (v as [Dayjs | null, Dayjs | null] | null) ?? [null, null];
      out[f.key] = from ? from.format('YYYY-MM-DD') : null;
      out[f.endKey] = to ? to.format('YYYY-MM-DD') : null;
      return;
    }
    default:
      out[f.key] = v === undefined ? null : v;
  }
}

const rowsOf = (v: unknown): Values[] => (Array.isArray(v) ? (v as Values[]) : []);

/** A row (or a singleton) as the form edits it; a new row starts from the declaration's defaults. */
export function toForm(kind: SettingsKind, row: Values | null): Values {
  const source = row ?? defaultsOf(kind);
  const out: Values = {};
  for (const f of kind.fields) fieldToForm(f, source, out);
  for (const items of kind.items ?? [])
    out[items.key] = rowsOf(source[items.key]).map((r) => {
      const o: Values = {};
      for (const f of items.fields) fieldToForm(f, r, o);
      return o;
    });
  return out;
}

/** The form's values as the save's body (what the shared schema parses). */
export function toInput(kind: SettingsKind, values: Values): Values {
  const out: Values = {};
  for (const f of kind.fields) fieldToInput(f, values, out);
  for (const items of kind.items ?? []) out[items.key] = itemsToInput(items, values[items.key]);
  return out;
}

const itemsToInput = (items: SettingsItems, v: unknown) =>
  rowsOf(v).map((r) => {
    const o: Values = {};
    for (const f of items.fields) fieldToInput(f, r ?? {}, o);
    return o;
  });

function defaultsOf(kind: SettingsKind): Values {
  const out: Values = {};
  for (const f of kind.fields)
    if (f.widget === 'switch') out[f.key] = f.default;
    else if (f.widget === 'select') out[f.key] = f.default ?? (f.multiple ? [] : null);
  for (const items of kind.items ?? []) out[items.key] = items.min > 0 ? [{}] : [];
  return out;
}
