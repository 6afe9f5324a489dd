import type { RefSource, SettingsField } from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import { inList } from '../../org/sql-lists.ts';

/**
 * Names of the records a setting refers to, by source: the list answers them beside the ids
 * (`<key>Name`), the save refuses an id that names nothing, and the options call offers them.
 * Users: active ones only are offered; a disabled user still has a name.
 */
const named: Record<RefSource, { byIds: (ids: SQL) => SQL; options: SQL }> = {
  user: {
    byIds: (ids) => sql`select user_id as id, realname as name from sys_user where user_id in ${ids}`,
    options: sql`select user_id as id, realname as name from sys_user where status = 1 order by realname, user_id`,
  },
  dept: {
    byIds: (ids) => sql`select dept_id as id, name from sys_dept where dept_id in ${ids}`,
    options: sql`select dept_id as id, name from sys_dept order by sort, dept_id`,
  },
  role: {
    byIds: (ids) => sql`select role_id as id, role_name as name from sys_role where role_id in ${ids}`,
    options: sql`select role_id as id, role_name as name from sys_role where not is_super order by role_type, role_id`,
  },
  project: {
    byIds: (ids) => sql`select project_id as id, project_name as name from crm_project where project_id in ${ids}`,
    // A disabled project is not offered (the catalogue's rule); one already chosen keeps its name.
    options: sql`select project_id as id, project_name as name from crm_project where enabled
      order by class_id, sort, project_id`,
  },
  projectClass: {
    byIds: (ids) => sql`select class_id as id, class_name as name from crm_project_class where class_id in ${ids}`,
    options: sql`select class_id as id, class_name as name from crm_project_class where enabled
      order by sort, class_id`,
  },
  setMeal: {
    byIds: (ids) => sql`select set_meal_id as id, name from clinic_set_meal where set_meal_id in ${ids}`,
    options: sql`select set_meal_id as id, name from clinic_set_meal where enabled order by sort, set_meal_id`,
  },
};

export type NameBook = Map<RefSource, Map<number, string>>;

/** The names of every id the rows' ref fields hold, in one query per source. */
export async function lookUpNames(tx: Tx, wanted: Map<RefSource, Set<number>>): Promise<NameBook> {
  const book: NameBook = new Map();
  for (const [source, ids] of wanted) {
    const found = new Map<number, string>();
    if (ids.size > 0) {
      const rows = await queryRows<{ id: number; name: string }>(tx, named[source].byIds(inList(ids)));
      for (const r of rows) found.set(Number(r.id), r.name);
    }
    book.set(source, found);
  }
  return book;
}

/** Collect the ids of `fields`' refs in `rows` into `wanted`. */
export function collectRefs(
  fields: SettingsField[],
  rows: Record<string, unknown>[],
  wanted: Map<RefSource, Set<number>>,
) {
  for (const f of fields) {
    if (f.widget !== 'ref') continue;
    const set = wanted.get(f.source) ?? new Set<number>();
    wanted.set(f.source, set);
    for (const r of rows) if (typeof r[f.key] === 'number') set.add(r[f.key] as number);
  }
}

/** Put `<key>Name` beside each ref (empty when the id names nothing). */
export function writeNames(fields: SettingsField[], rows: Record<string, unknown>[], book: NameBook): void {
  for (const f of fields) {
    if (f.widget !== 'ref') continue;
    const names = book.get(f.source);
    for (const r of rows)
      r[`${f.key}Name`] = typeof r[f.key] === 'number' ? (names?.get(r[f.key] as number) ?? '') : '';
  }
}

/** The first ref of `rows` naming no record, as the refusal `<label>不存在`; null when all exist. */
export function missingRef(fields: SettingsField[], rows: Record<string, unknown>[], book: NameBook): string | null {
  for (const f of fields) {
    if (f.widget !== 'ref') continue;
    for (const r of rows)
      if (typeof r[f.key] === 'number' && !book.get(f.source)?.has(r[f.key] as number)) return `所选${f.label}不存在`;
  }
  return null;
}

/** The choices of a picker. */
export const optionsOf = (tx: Tx, source: RefSource) =>
  queryRows<{ id: number; name: string }>(tx, named[source].options).then((rows) =>
    rows.map((r) => ({ value: Number(r.id), label: r.name })),
  );
