import { ExamineMsg } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { badRequest } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import { inList } from '../../org/sql-lists.ts';

/** Everyone named as an approver or copy recipient must be an active user. */
export async function requireActiveUsers(tx: Tx, ids: number[]) {
  if (ids.length === 0) return;
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from sys_user where status = 1 and user_id in ${inList(ids)}`,
  );
  if (Number(rows[0]?.n) !== new Set(ids).size) throw badRequest(ExamineMsg.inactiveUser);
}

/** The active users among `ids`, in the order given. */
export async function activeUsers(tx: Tx, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ user_id: number }>(
    tx,
    sql`select user_id from sys_user where status = 1 and user_id in ${inList(ids)}`,
  );
  const active = new Set(rows.map((r) => Number(r.user_id)));
  return ids.filter((id) => active.has(id));
}

/** Departments named in a visibility list must exist. */
export async function requireDepts(tx: Tx, ids: number[]) {
  if (ids.length === 0) return;
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from sys_dept where dept_id in ${inList(ids)}`,
  );
  if (Number(rows[0]?.n) !== new Set(ids).size) throw badRequest('所选部门不存在');
}
