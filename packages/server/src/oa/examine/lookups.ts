import { sql } from 'drizzle-orm';
import { queryRows } from '../../core/sql.ts';
import type { Db } from '../../db/client.ts';

/** Active users grouped by department, as the approver, copy and handover pickers list them. */
export async function usersByDept(db: Db) {
  const rows = await queryRows<{ dept_name: string | null; user_id: number; realname: string; img: string }>(
    db,
    sql`select d.name as dept_name, u.user_id, u.realname, u.img
        from sys_user u left join sys_dept d on d.dept_id = u.dept_id
        where u.status = 1
        order by d.sort nulls last, d.dept_id nulls last, u.user_id`,
  );
  const groups = new Map<string, { userId: number; realName: string; realname: string; img: string }[]>();
  for (const r of rows) {
    const key = r.dept_name ?? '';
    const list = groups.get(key) ?? [];
    list.push({ userId: Number(r.user_id), realName: r.realname, realname: r.realname, img: r.img ?? '' });
    groups.set(key, list);
  }
  return [...groups].map(([deptName, userList]) => ({ deptName, userList }));
}
