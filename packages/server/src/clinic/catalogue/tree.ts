import { sql } from 'drizzle-orm';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';

/** The two trees of the catalogue (project classes, body parts) share their shape: rows linked by `pid`. */
export type TreeTable = { table: 'crm_project_class' | 'crm_body_part'; id: 'class_id' | 'part_id' };

/** Nest rows (already in display order) under their parents; an orphan shows at the top. */
export function nest<T extends { pid: number | null; children: T[] }>(rows: T[], idOf: (row: T) => number): T[] {
  const byId = new Map(rows.map((r) => [idOf(r), r]));
  const roots: T[] = [];
  for (const r of rows) {
    const parent = r.pid === null ? undefined : byId.get(r.pid);
    (parent ? parent.children : roots).push(r);
  }
  return roots;
}

/** The ids of a node and everything below it. */
export async function subtreeIds(db: Tx, t: TreeTable, id: number): Promise<number[]> {
  const table = sql.raw(t.table);
  const col = sql.raw(t.id);
  const rows = await queryRows<{ id: number }>(
    db,
    sql`with recursive t as (
          select ${col} as id from ${table} where ${col} = ${id}
          union all select c.${col} from ${table} c join t on c.pid = t.id)
        select id from t`,
  );
  return rows.map((r) => Number(r.id));
}

/** Refuse a parent that does not exist, or that is the node itself or below it (a cycle). */
export async function checkParent(
  db: Tx,
  t: TreeTable,
  node: number | undefined,
  pid: number | null,
  msgs: { missing: Error; self: Error },
) {
  if (pid === null) return;
  const table = sql.raw(t.table);
  const col = sql.raw(t.id);
  const found = await queryRows(db, sql`select 1 from ${table} where ${col} = ${pid}`);
  if (!found.length) throw msgs.missing;
  if (node !== undefined && (await subtreeIds(db, t, node)).includes(pid)) throw msgs.self;
}
