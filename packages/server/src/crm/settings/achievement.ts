import { type achievementListSchema, CrmSettingMsg, type setAchievementSchema } from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { badRequest } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import { inList } from '../../org/sql-lists.ts';
import { achievements } from './tables.ts';

const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100) / 100;

/**
 * One year's targets on one measure: every department (type 1), or every active user (type 2,
 * of one department when `deptId` is given), each with its twelve months (0 where none is set)
 * and their sum. One statement.
 */
export async function listAchievements(db: Tx, input: z.infer<typeof achievementListSchema>) {
  const target = sql`left join crm_achievement a on a.obj_type = ${input.type} and a.obj_id = o.id
      and a.year = ${input.year} and a.status = ${input.status}`;
  const rows = await queryRows<{ id: number; name: string; dept_name: string | null; months: string[] | null }>(
    db,
    input.type === 1
      ? sql`select o.id, o.name, '' as dept_name, a.months::float8[] as months from
            (select dept_id as id, name from sys_dept) o ${target} order by o.id`
      : sql`select o.id, o.name, d.name as dept_name, a.months::float8[] as months from
            (select user_id as id, realname as name, dept_id from sys_user where status = 1
              ${input.deptId ? sql`and dept_id = ${input.deptId}` : sql``}) o
            left join sys_dept d on d.dept_id = o.dept_id ${target} order by o.id`,
  );
  return rows.map((r) => {
    const months = Array.from({ length: 12 }, (_, i) => cents(r.months?.[i]));
    return {
      objId: Number(r.id),
      name: r.name,
      deptName: r.dept_name ?? '',
      months,
      yearTarget: cents(months.reduce((a, b) => a + b, 0)),
    };
  });
}

/** Store the targets given, all or none; each department or user must exist. */
export async function setAchievements(db: Tx, input: z.infer<typeof setAchievementSchema>) {
  if (input.list.length === 0) return;
  const ids = [...new Set(input.list.map((r) => r.objId))];
  const found = await queryRows<{ id: number }>(
    db,
    input.type === 1
      ? sql`select dept_id as id from sys_dept where dept_id in ${inList(ids)}`
      : sql`select user_id as id from sys_user where user_id in ${inList(ids)}`,
  );
  if (found.length !== ids.length)
    throw badRequest(input.type === 1 ? CrmSettingMsg.deptNotFound : CrmSettingMsg.userNotFound);
  await db.transaction(async (tx) => {
    for (const row of input.list) {
      const months = row.months.map((m) => cents(m).toFixed(2));
      const yearTarget = cents(row.months.reduce((a, b) => a + b, 0)).toFixed(2);
      await tx
        .insert(achievements)
        .values({ objType: input.type, objId: row.objId, year: input.year, status: input.status, months, yearTarget })
        .onConflictDoUpdate({
          target: [achievements.objType, achievements.objId, achievements.year, achievements.status],
          set: { months, yearTarget, updatedAt: new Date() },
        });
    }
  });
}
