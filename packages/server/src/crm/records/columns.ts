import type { listColumnSchema } from '@crm/shared';
import { type FieldDefinition, systemColumns } from '@crm/shared';
import type { z } from 'zod';
import type { ComputedColumn } from './computed-column.ts';
import type { ServerKind } from './kind.ts';
import type { ListColumnSetting } from './tables.ts';

type ListColumn = z.infer<typeof listColumnSchema>;

/** Every column a kind's list can show the viewer: fixed fields, custom fields, then the system columns. */
export function availableColumns(
  sk: ServerKind,
  custom: FieldDefinition[],
  computed: Record<string, ComputedColumn> = {},
  hiddenFields: Set<string> = new Set(),
): Omit<ListColumn, 'width' | 'hidden'>[] {
  const columns = [
    ...sk.kind.fixedFields.map((f) => ({
      key: f.fieldName,
      name: f.name,
      fieldType: 1 as const,
      formType: f.formType,
    })),
    ...custom
      .filter((f) => f.fieldName)
      .map((f) => ({ key: f.fieldName!, name: f.name, fieldType: 0 as const, formType: f.formType })),
    ...systemColumns.map((c) => ({
      key: c.key,
      name: c.name,
      fieldType: 1 as const,
      formType: c.type === 'date' ? 'datetime' : 'text',
    })),
    ...Object.entries(computed)
      .filter(([, c]) => !c.carried)
      .map(([key, c]) => ({
        key,
        name: c.name,
        fieldType: 1 as const,
        formType: c.type === 'number' ? 'number' : c.type === 'date' ? 'datetime' : 'text',
      })),
  ];
  return columns.filter((c) => !hiddenFields.has(c.key));
}

/**
 * The user's list head: their saved order, widths and hidden columns; columns they never
 * arranged (new custom fields) follow, hidden. Without a saved arrangement the kind's default
 * columns show (spec 3.8), then the kind's computed ones not marked optional; the rest are hidden,
 * ready to be switched on.
 */
export function listHead(
  sk: ServerKind,
  custom: FieldDefinition[],
  saved: ListColumnSetting[] | null | undefined,
  computed: Record<string, ComputedColumn> = {},
  hiddenFields: Set<string> = new Set(),
): ListColumn[] {
  const all = availableColumns(sk, custom, computed, hiddenFields);
  const byKey = new Map(all.map((c) => [c.key, c]));
  const order: ListColumnSetting[] = saved?.length
    ? saved
    : [
        ...sk.kind.defaultColumns,
        ...Object.entries(computed)
          .filter(([, c]) => !c.optional)
          .map(([key]) => key),
      ].map((key) => ({ key }));
  const out: ListColumn[] = [];
  for (const s of order) {
    const c = byKey.get(s.key);
    if (!c) continue; // a custom field deleted since
    out.push({ ...c, width: s.width ?? null, hidden: s.hidden ?? false });
    byKey.delete(s.key);
  }
  for (const c of byKey.values()) out.push({ ...c, width: null, hidden: true });
  return out;
}
