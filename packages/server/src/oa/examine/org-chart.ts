import type { ExamineState, OrgChart } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import { inList } from '../../org/sql-lists.ts';

/**
 * The slice of the organisation one engine step can ask about: the applicant, everyone named in
 * the plan or the tasks, the people an action targets, and their supervisors' status. Loading
 * only these keeps an action cheap in a 10,000-person company.
 */
export async function orgChartFor(
  tx: Tx,
  state: Pick<ExamineState, 'applicantId' | 'plan' | 'tasks'> | null,
  extraIds: number[],
): Promise<OrgChart> {
  const ids = new Set<number>(extraIds);
  if (state) {
    ids.add(state.applicantId);
    for (const p of state.plan) for (const id of p.userIds) ids.add(id);
    for (const t of state.tasks) ids.add(t.userId);
  }
  const rows = ids.size
    ? await queryRows<{ user_id: number; parent_id: number | null; status: number; parent_status: number | null }>(
        tx,
        sql`select u.user_id, u.parent_id, u.status, p.status as parent_status
            from sys_user u left join sys_user p on p.user_id = u.parent_id
            where u.user_id in ${inList(ids)}`,
      )
    : [];
  const admins = await approvalAdmins(tx);
  const supervisor = new Map<number, number | null>();
  const active = new Map<number, boolean>();
  for (const r of rows) {
    supervisor.set(Number(r.user_id), r.parent_id === null ? null : Number(r.parent_id));
    active.set(Number(r.user_id), Number(r.status) === 1);
    if (r.parent_id !== null && !active.has(Number(r.parent_id)))
      active.set(Number(r.parent_id), Number(r.parent_status) === 1);
  }
  for (const id of admins) active.set(id, true);
  return {
    supervisorOf: (id) => supervisor.get(id) ?? null,
    isActive: (id) => active.get(id) === true,
    approvalAdmins: admins,
  };
}

/** Active holders of the approval-management permission; the super admins when there are none. */
export async function approvalAdmins(tx: Tx): Promise<number[]> {
  const rows = await queryRows<{ user_id: number; via: string }>(
    tx,
    sql`select distinct u.user_id, case when r.is_super then 'super' else 'perm' end as via
        from sys_user u
        join sys_user_role ur on ur.user_id = u.user_id
        join sys_role r on r.role_id = ur.role_id
        left join sys_role_permission rp on rp.role_id = r.role_id and rp.permission = 'manage:oa:examine'
        where u.status = 1 and (rp.role_id is not null or r.is_super)
        order by u.user_id`,
  );
  const byPerm = rows.filter((r) => r.via === 'perm').map((r) => Number(r.user_id));
  return byPerm.length > 0 ? [...new Set(byPerm)] : [...new Set(rows.map((r) => Number(r.user_id)))];
}
