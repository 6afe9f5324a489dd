import {
  addDays,
  clockMinutes,
  type DaySigns,
  dayStatuses,
  daysInMonth,
  formatTime,
  isWorkday,
  SIGN_STATS_READ,
  type SignDayRow,
  SignKind,
  type SignMonth,
  type SignQueryInput,
  type SignSummaryRow,
} from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { scopeCondition } from '../../core/data-scope.ts';
import { queryRows } from '../../core/sql.ts';
import { zoneSql } from '../../core/times.ts';
import type { Tx } from '../../db/client.ts';
import { deptAndDescendantsSql } from '../../org/tree.ts';
import { loadRuleBook } from './rules.ts';

/**
 * The month's statistics (/workbench/signQuery): per person and day the first sign-in and last
 * sign-out with the day's statuses, and per person the month's counts. People are the active
 * staff within the viewer's data scope of `oa:signIn:read`; each is judged by the rule of their
 * current department. Days after today are not counted; today is 缺卡 only once work has ended.
 */

type Person = { user_id: number; realname: string; dept_id: number | null; dept_name: string | null };
type Sign = { user_id: number; day: string; kind: number; status: number; field: boolean; wall: string };

export async function signMonth(
  db: Tx,
  user: SessionUser,
  input: SignQueryInput,
  now = new Date(),
): Promise<SignMonth> {
  const where: SQL[] = [sql`u.status = 1`];
  const scope = scopeCondition(user, SIGN_STATS_READ, sql`u.user_id`);
  if (scope) where.push(scope);
  if (input.deptId) where.push(sql`u.dept_id in (${deptAndDescendantsSql(input.deptId)})`);
  if (input.userId) where.push(sql`u.user_id = ${input.userId}`);
  const people = await queryRows<Person>(
    db,
    sql`select u.user_id, u.realname, u.dept_id, d.name as dept_name
        from sys_user u left join sys_dept d on d.dept_id = u.dept_id
        where ${sql.join(where, sql` and `)}
        order by d.sort nulls last, u.dept_id, u.realname, u.user_id`,
  );
  const first = `${input.month}-01`;
  const [y, m] = input.month.split('-').map(Number) as [number, number];
  const last = addDays(first, daysInMonth(y, m) - 1);
  const signs = people.length
    ? await queryRows<Sign>(
        db,
        sql`select user_id, day::text as day, kind, status, field,
              to_char(sign_time at time zone ${zoneSql()}, 'HH24:MI:SS') as wall
            from oa_sign_record
            where day between ${first} and ${last}
              and user_id in (select u.user_id from sys_user u where ${sql.join(where, sql` and `)})
            order by sign_time, record_id`,
      )
    : [];
  // Per person and day: the first sign-in and the last sign-out.
  const byKey = new Map<string, { in?: Sign; out?: Sign }>();
  for (const s of signs) {
    const k = `${s.user_id}/${s.day}`;
    const e = byKey.get(k) ?? {};
    if (Number(s.kind) === SignKind.in) e.in ??= s;
    else e.out = s;
    byKey.set(k, e);
  }

  const rules = await loadRuleBook(db);
  const nowWall = formatTime(now);
  const today = nowWall.slice(0, 10);
  const nowMinutes = clockMinutes(nowWall.slice(11, 16));
  const days: SignDayRow[] = [];
  const summary: SignSummaryRow[] = [];
  for (const p of people) {
    const userId = Number(p.user_id);
    const rule = rules.ruleOfDept(p.dept_id === null ? null : Number(p.dept_id));
    const total: SignSummaryRow = {
      userId,
      realname: p.realname,
      deptName: p.dept_name ?? '',
      workdays: 0,
      signedDays: 0,
      late: 0,
      early: 0,
      missing: 0,
      field: 0,
    };
    for (let day = first; day <= last && day <= today; day = addDays(day, 1)) {
      const e = byKey.get(`${userId}/${day}`) ?? {};
      const workday = rule ? isWorkday(rule, day) : false;
      if (!workday && !e.in && !e.out) continue;
      const over = day < today ? true : rule && nowMinutes >= clockMinutes(rule.workEnd) ? 'in' : false;
      const s: DaySigns = {
        inStatus: e.in ? Number(e.in.status) : null,
        inField: Boolean(e.in?.field),
        outStatus: e.out ? Number(e.out.status) : null,
        outField: Boolean(e.out?.field),
      };
      const statuses = dayStatuses(workday, s, over);
      days.push({
        userId,
        realname: p.realname,
        deptName: p.dept_name ?? '',
        day,
        workday,
        inTime: e.in?.wall ?? null,
        outTime: e.out?.wall ?? null,
        statuses,
      });
      if (workday) total.workdays++;
      if (e.in || e.out) total.signedDays++;
      for (const st of statuses) if (st !== 'normal') total[st]++;
    }
    summary.push(total);
  }
  return { month: input.month, days, people: summary };
}
