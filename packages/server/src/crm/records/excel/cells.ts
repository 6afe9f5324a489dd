import type { FormType } from '@crm/shared';

/** What a sheet cell holds once formulas, rich text and links are reduced to their value. */
export type Cell = string | number | boolean | Date | null;

/** A cell as exceljs reads it, reduced to a plain value. */
export function plainCell(v: unknown): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v.trim() === '' ? null : v.trim();
  if (typeof v === 'number' || typeof v === 'boolean' || v instanceof Date) return v;
  if (typeof v === 'object') {
    const o = v as { richText?: { text: string }[]; text?: unknown; result?: unknown; error?: unknown };
    if (Array.isArray(o.richText)) return plainCell(o.richText.map((r) => r.text).join(''));
    if ('result' in o) return plainCell(o.result);
    if (o.text !== undefined) return plainCell(o.text);
  }
  return null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Excel keeps a date as the wall-clock time; exceljs hands it over as that time in UTC. */
const dateOf = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const timeOf = (d: Date) => `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;

/** `2026/1/5 9:30` → `2026-01-05 09:30`; anything else stays as typed for the field's rule to refuse. */
function normaliseDate(s: string, withTime: boolean): string {
  const m = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?(?:[ T]+(\d{1,2}):(\d{2})(?::\d{2})?)?$/.exec(s.trim());
  if (!m) return s;
  const day = `${m[1]}-${pad(Number(m[2]))}-${pad(Number(m[3]))}`;
  if (!withTime) return m[4] === undefined ? day : s;
  return `${day} ${pad(Number(m[4] ?? 0))}:${m[5] ?? '00'}`;
}

/**
 * A cell as the value the field's rule and the save expect: numbers as numbers, dates as the
 * forms' `yyyy-MM-dd` / `yyyy-MM-dd HH:mm`, choices comma-joined; empty is null. A value of the
 * wrong kind is passed on as text so the field's own rule answers with its message.
 */
export function fieldValue(formType: FormType, cell: Cell): string | number | null {
  if (cell === null) return null;
  switch (formType) {
    case 'number':
    case 'floatnumber': {
      if (typeof cell === 'number') return cell;
      const s = String(cell).trim();
      return /^[-+]?\d+(\.\d+)?$/.test(s) ? Number(s) : s;
    }
    case 'date':
      return cell instanceof Date ? dateOf(cell) : normaliseDate(String(cell), false);
    case 'datetime':
      return cell instanceof Date ? `${dateOf(cell)} ${timeOf(cell)}` : normaliseDate(String(cell), true);
    case 'checkbox':
      return String(cell)
        .split(/[,，]/)
        .map((s) => s.trim())
        .filter(Boolean)
        .join(',');
    default:
      return cell instanceof Date ? `${dateOf(cell)} ${timeOf(cell)}` : String(cell);
  }
}

/** A cell as the report shows it again. */
export const cellText = (cell: Cell): string =>
  cell === null ? '' : cell instanceof Date ? `${dateOf(cell)} ${timeOf(cell)}` : String(cell);
