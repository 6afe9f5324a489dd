import {
  type FieldCodes,
  type FieldDefinition,
  type FixedField,
  type FormType,
  type RecordRow,
  reviewStatusColumn,
  systemColumns,
  toApiTime,
  wordOfCode,
} from '@crm/shared';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../core/sql.ts';
import type { Tx } from '../../../db/client.ts';
import type { ServerKind } from '../kind.ts';
import type { KindRegistry } from '../registry.ts';

/** One column of an export: its header, the record's key, how to show its value. */
export type ExportColumn = {
  key: string;
  header: string;
  formType: FormType | 'system-date' | 'system-text';
  /** A coded choice: the cell shows the option's words (男, not 1). */
  codes?: FieldCodes;
  /** An id read as a name (所属门店): the cell shows the name. */
  named?: FixedField['named'];
  /** A link to records of another kind (its declaration's `link`): the cell shows their names. */
  linked?: ServerKind;
};

/** Values no cell can show: files (their batch), product lines, approval widgets. */
const notExported = new Set<string>(['file', 'product', 'examine_cause', 'business_cause']);

/**
 * The export's columns: the kind's fixed fields, its custom fields, the review's state of a kind
 * reviewed on the approval engine (its declaration's `review`, in words), then owner, creator and
 * the times; a field linking to another of the app's kinds carries that kind.
 */
export function exportColumns(sk: ServerKind, custom: FieldDefinition[], kinds: KindRegistry): ExportColumn[] {
  const fixed = sk.kind.fixedFields.map((f) => ({
    key: f.fieldName,
    header: f.name,
    formType: f.formType,
    ...(f.codes ? { codes: f.codes } : {}),
    ...(f.named ? { named: f.named } : {}),
  }));
  const own = custom
    .filter((f) => f.fieldName)
    .map((f) => ({ key: f.fieldName!, header: f.name, formType: f.formType }));
  const fields = [...fixed, ...own]
    .filter((f) => !notExported.has(f.formType))
    .map((f): ExportColumn => {
      const linked = kinds.linkedTo(f.formType);
      return linked ? { ...f, linked } : f;
    });
  const system = systemColumns.map((c) => ({
    key: c.key,
    header: c.name,
    formType: c.type === 'date' ? ('system-date' as const) : ('system-text' as const),
  }));
  const review = sk.kind.review
    ? [
        {
          key: reviewStatusColumn.key,
          header: reviewStatusColumn.name,
          formType: 'system-text' as const,
          codes: reviewStatusColumn.codes,
        },
      ]
    : [];
  return [...fields, ...review, ...system];
}

/**
 * A stored time as a cell shows it: the API's own `yyyy-MM-dd HH:mm:ss` in the company's zone
 * (docs/api.md), so a sheet and a screen show the same text; what is no time is shown as it is.
 */
export function cellTime(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  return String(toApiTime(value instanceof Date || typeof value === 'string' ? value : String(value)));
}

const idsOf = (v: unknown): number[] =>
  (Array.isArray(v) ? v : typeof v === 'string' || typeof v === 'number' ? String(v).split(',') : [])
    .map((x) => Number(x))
    .filter((n) => Number.isSafeInteger(n) && n > 0);

/** Names of the people, departments and related records a batch of rows refers to: one query per kind of name. */
export type Names = {
  user: Map<number, string>;
  structure: Map<number, string>;
  relation: Map<string, string>;
  /** `<field>:<id>` → name, for ids read as names. */
  named: Map<string, string>;
};

export async function namesFor(db: Tx, columns: ExportColumn[], rows: RecordRow[]): Promise<Names> {
  const want = new Map<string, Set<number>>();
  const linkedByLabel = new Map<string, ServerKind>();
  for (const c of columns) {
    if (c.linked) linkedByLabel.set(String(c.linked.kind.label), c.linked);
    const group = c.formType === 'user' || c.formType === 'structure' ? c.formType : c.linked?.kind.label;
    if (group === undefined) continue;
    const set = want.get(String(group)) ?? new Set<number>();
    for (const r of rows) for (const id of idsOf(r[c.key])) set.add(id);
    want.set(String(group), set);
  }
  const names: Names = { user: new Map(), structure: new Map(), relation: new Map(), named: new Map() };
  for (const c of columns) {
    if (!c.named) continue;
    const ids = [...new Set(rows.flatMap((r) => idsOf(r[c.key])))];
    if (ids.length === 0) continue;
    const { table, idColumn, nameColumn } = c.named;
    for (const r of await queryRows<{ id: number; name: string }>(
      db,
      sql`select ${sql.identifier(idColumn)} as id, ${sql.identifier(nameColumn)}::text as name
          from ${sql.identifier(table)} where ${sql.identifier(idColumn)} = any(${`{${ids.join(',')}}`}::int[])`,
    ))
      names.named.set(`${c.key}:${r.id}`, r.name);
  }
  for (const [group, set] of want) {
    const ids = [...set];
    if (ids.length === 0) continue;
    const list = sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
    if (group === 'user') {
      for (const r of await queryRows<{ id: number; name: string }>(
        db,
        sql`select user_id as id, realname as name from sys_user where user_id in (${list})`,
      ))
        names.user.set(Number(r.id), r.name);
    } else if (group === 'structure') {
      for (const r of await queryRows<{ id: number; name: string }>(
        db,
        sql`select dept_id as id, name from sys_dept where dept_id in (${list})`,
      ))
        names.structure.set(Number(r.id), r.name);
    } else {
      const target = linkedByLabel.get(group);
      const nameColumn = target?.columns[target.kind.nameField]?.column;
      if (!target || !nameColumn) continue;
      for (const r of await queryRows<{ id: number; name: string }>(
        db,
        sql`select ${sql.identifier(target.idColumn)} as id, ${sql.identifier(nameColumn)}::text as name
            from ${sql.identifier(target.table)} where ${sql.identifier(target.idColumn)} in (${list})`,
      ))
        names.relation.set(`${group}:${r.id}`, r.name);
    }
  }
  return names;
}

/** A record's value as a cell shows it: times in the company's zone, choices as their labels, people by name. */
export function cellValue(c: ExportColumn, row: RecordRow, names: Names): string | number {
  const v = row[c.key];
  if (v === null || v === undefined || v === '') return '';
  if (c.codes) return String(wordOfCode(c.codes, v));
  if (c.named) return names.named.get(`${c.key}:${v}`) ?? String(v);
  switch (c.formType) {
    case 'system-date':
    case 'datetime':
      return cellTime(v);
    case 'date':
      return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : cellTime(v).slice(0, 10);
    case 'number':
    case 'floatnumber': {
      const n = Number(v);
      return Number.isFinite(n) ? n : String(v);
    }
    case 'checkbox':
      return Array.isArray(v) ? v.join(',') : String(v);
    case 'user':
      return idsOf(v)
        .map((id) => names.user.get(id) ?? '')
        .filter(Boolean)
        .join(',');
    case 'structure':
      return idsOf(v)
        .map((id) => names.structure.get(id) ?? '')
        .filter(Boolean)
        .join(',');
    case 'map_address': {
      const a = v as { address?: unknown; detailAddress?: unknown };
      const parts = Array.isArray(a.address) ? a.address.join('') : typeof a.address === 'string' ? a.address : '';
      return `${parts}${typeof a.detailAddress === 'string' ? a.detailAddress : ''}`;
    }
    default: {
      const label = c.linked?.kind.label;
      if (label !== undefined)
        return idsOf(v)
          .map((id) => names.relation.get(`${label}:${id}`) ?? '')
          .filter(Boolean)
          .join(',');
      if (typeof v === 'boolean') return v ? '是' : '否';
      return typeof v === 'object' ? JSON.stringify(v) : String(v);
    }
  }
}
