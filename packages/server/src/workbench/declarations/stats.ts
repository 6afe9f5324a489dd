import {
  type DeclAssignee,
  type DeclDeptCount,
  type DeclFormPageInput,
  type DeclStats,
  DeclStatus,
  declStatusNames,
} from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { SessionUser } from '../../auth/session.ts';
import { queryRows } from '../../core/sql.ts';
import { timeText } from '../../core/times.ts';
import { loadExcel } from '../../crm/records/excel/lib.ts';
import { sendWorkbook } from '../../crm/records/excel/reply.ts';
import type { Db } from '../../db/client.ts';
import { inScope, liveTask, requireAuditor, taskFields } from './access.ts';
import { formPage } from './audit.ts';

type Row = Record<string, unknown>;

const notIn = sql`(s.status is null or s.status = ${DeclStatus.revoked})`;

/** Per department the task went to: its assignees in the viewer's scope and where they are. */
async function deptCounts(db: Db, user: SessionUser, taskId: number): Promise<DeclDeptCount[]> {
  const rows = await queryRows<Row>(
    db,
    sql`select coalesce(a.dept_id, 0) as dept_id, coalesce(d.name, '') as dept_name, count(*)::int as assigned,
        count(*) filter (where s.status in (${DeclStatus.waiting}, ${DeclStatus.approved}, ${DeclStatus.rejected}))::int as submitted,
        count(*) filter (where s.status = ${DeclStatus.waiting})::int as waiting,
        count(*) filter (where s.status = ${DeclStatus.approved})::int as approved,
        count(*) filter (where s.status = ${DeclStatus.rejected})::int as rejected,
        count(*) filter (where ${notIn} and t.deadline < now())::int as overdue
      from decl_assignee a join decl_task t on t.task_id = a.task_id
      left join decl_submission s on s.task_id = a.task_id and s.user_id = a.user_id
      left join sys_dept d on d.dept_id = a.dept_id
      where a.task_id = ${taskId} and ${inScope(user, sql`a.user_id`)}
      group by a.dept_id, d.name order by coalesce(a.dept_id, 0)`,
  );
  return rows.map((r) => ({
    deptId: Number(r.dept_id),
    deptName: String(r.dept_name),
    assigned: Number(r.assigned),
    submitted: Number(r.submitted),
    waiting: Number(r.waiting),
    approved: Number(r.approved),
    rejected: Number(r.rejected),
    overdue: Number(r.overdue),
  }));
}

/** queryDeptTypeByOne: the departments a task went to with their counts. */
export async function taskDepts(db: Db, user: SessionUser, taskId: number): Promise<DeclDeptCount[]> {
  requireAuditor(user, await liveTask(db, taskId));
  return deptCounts(db, user, taskId);
}

/** statistical: the task's totals and the same per department, within the viewer's scope. */
export async function taskStats(db: Db, user: SessionUser, taskId: number): Promise<DeclStats> {
  requireAuditor(user, await liveTask(db, taskId));
  const depts = await deptCounts(db, user, taskId);
  const sum = (k: keyof Omit<DeclDeptCount, 'deptId' | 'deptName'>) => depts.reduce((n, d) => n + d[k], 0);
  return {
    assigned: sum('assigned'),
    submitted: sum('submitted'),
    waiting: sum('waiting'),
    approved: sum('approved'),
    rejected: sum('rejected'),
    overdue: sum('overdue'),
    depts,
  };
}

/** taskCreateUserByTaskId: every assignee in the viewer's scope with their state (0 未提交 … 4 已撤回). */
export async function taskAssignees(db: Db, user: SessionUser, taskId: number): Promise<DeclAssignee[]> {
  requireAuditor(user, await liveTask(db, taskId));
  const rows = await queryRows<Row>(
    db,
    sql`select a.user_id, u.realname, coalesce(d.name, '') as dept_name, coalesce(s.status, 0) as state,
        ${notIn} and t.deadline < now() as overdue, s.submission_id, s.submitted_at
      from decl_assignee a join decl_task t on t.task_id = a.task_id join sys_user u on u.user_id = a.user_id
      left join decl_submission s on s.task_id = a.task_id and s.user_id = a.user_id
      left join sys_dept d on d.dept_id = a.dept_id
      where a.task_id = ${taskId} and ${inScope(user, sql`a.user_id`)}
      order by coalesce(a.dept_id, 0), u.realname, a.user_id`,
  );
  return rows.map((r) => ({
    userId: Number(r.user_id),
    realname: String(r.realname),
    deptName: String(r.dept_name),
    state: Number(r.state),
    overdue: r.overdue === true,
    submissionId: r.submission_id == null ? null : Number(r.submission_id),
    submitTime: (r.submitted_at as string | null) ?? null,
  }));
}

/** A value as the form shows it: choices by their labels, several joined. */
export const cellText = (v: unknown): string =>
  v == null ? '' : Array.isArray(v) ? v.map(String).join('、') : String(v);

/** webPageQueryFormExport: the submissions sheet (the form's columns by their names) and the department sheet. */
export async function exportForms(db: Db, user: SessionUser, input: DeclFormPageInput, reply: FastifyReply) {
  const task = await liveTask(db, input.taskId);
  const forms = await formPage(db, user, { ...input, page: 1, limit: 100_000 });
  const fields = await taskFields(db, task.id);
  const depts = await deptCounts(db, user, task.id);
  const ExcelJS = await loadExcel();
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('填报明细');
  sheet.columns = [
    { header: '姓名', key: 'name', width: 12 },
    { header: '部门', key: 'dept', width: 14 },
    { header: '状态', key: 'status', width: 10 },
    { header: '提交时间', key: 'submit', width: 20 },
    ...fields.map((f) => ({ header: f.name, key: `f:${f.fieldName}`, width: 16 })),
    { header: '审核人', key: 'auditor', width: 12 },
    { header: '审核时间', key: 'audit', width: 20 },
    { header: '审核意见', key: 'reason', width: 24 },
    { header: '更正次数', key: 'corrections', width: 10 },
  ];
  for (const r of forms.list)
    sheet.addRow({
      name: r.realname,
      dept: r.deptName,
      status: declStatusNames[r.status],
      submit: timeText(r.submitTime) ?? '',
      ...Object.fromEntries(fields.map((f) => [`f:${f.fieldName}`, cellText(r.values[f.fieldName])])),
      auditor: r.auditUserName,
      audit: timeText(r.auditTime) ?? '',
      reason: r.auditReason,
      corrections: r.corrections,
    });
  const byDept = book.addWorksheet('部门统计');
  byDept.columns = [
    { header: '部门', key: 'deptName', width: 16 },
    { header: '应填', key: 'assigned', width: 8 },
    { header: '已提交', key: 'submitted', width: 8 },
    { header: '待审核', key: 'waiting', width: 8 },
    { header: '已通过', key: 'approved', width: 8 },
    { header: '已驳回', key: 'rejected', width: 8 },
    { header: '逾期未交', key: 'overdue', width: 10 },
  ];
  for (const d of depts) byDept.addRow(d);
  for (const s of [sheet, byDept]) s.getRow(1).font = { bold: true };
  return sendWorkbook(reply, `${task.title}_填报.xlsx`, await book.xlsx.writeBuffer());
}
