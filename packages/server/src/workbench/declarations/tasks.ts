import {
  DECL_AUDIT,
  DECL_MANAGE,
  DeclMsg,
  DeclStatus,
  type DeclTaskDetail,
  type DeclTaskRow,
  type DeclTaskSaveInput,
  type FieldDefinition,
} from '@crm/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { hasPermission } from '../../core/access.ts';
import { badRequest, forbidden, notFound } from '../../core/errors.ts';
import { defineList, listPage } from '../../core/list/builder.ts';
import { queryRows } from '../../core/sql.ts';
import type { Db, Tx } from '../../db/client.ts';
import { createOnce } from '../../db/create-once.ts';
import { FieldLabel, replaceFields } from '../../fields/store.ts';
import { requireActiveUsers, requireDepts } from '../../oa/examine/people-check.ts';
import { idRows, inList } from '../../org/sql-lists.ts';
import { assignedPeopleSql } from '../../org/tree.ts';
import { inScope, isAssignee, liveTask, mayAudit, taskFields } from './access.ts';
import { declTasks } from './tables.ts';

type Row = Record<string, unknown>;

/** What makes two versions of a form the same form for someone who already filled it in. */
const shape = (fields: FieldDefinition[]) =>
  JSON.stringify(fields.map((f) => [f.name, f.formType, f.isNull, f.options, f.maxLength ?? null]));

/**
 * Resolve who fills the task in: the people named and everyone active in the departments named or
 * below them. An edit adds the new ones and drops those no longer named who have not submitted.
 */
async function setAssignees(tx: Tx, taskId: number, input: DeclTaskSaveInput): Promise<void> {
  const named = assignedPeopleSql({
    userIds: idRows(input.userIds),
    deptIds: idRows(input.deptIds),
  });
  await tx.execute(sql`delete from decl_assignee a where a.task_id = ${taskId}
      and a.user_id not in (select user_id from (${named}) n)
      and not exists (select 1 from decl_submission s where s.task_id = a.task_id and s.user_id = a.user_id)`);
  await tx.execute(sql`insert into decl_assignee (task_id, user_id, dept_id)
      select ${taskId}, user_id, dept_id from (${named}) n on conflict do nothing`);
  const [n] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from decl_assignee where task_id = ${taskId}`,
  );
  if (!Number(n?.n)) throw badRequest(DeclMsg.noAssignees);
}

const head = (input: DeclTaskSaveInput) => ({
  title: input.title,
  description: input.description,
  deadline: input.deadline,
  deptIds: [...new Set(input.deptIds)],
  userIds: [...new Set(input.userIds)],
});

/** Issue a task (its form into the field store, its assignees resolved) or edit one. */
export async function saveTask(db: Db, user: SessionUser, input: DeclTaskSaveInput): Promise<number> {
  if (input.deadline.getTime() <= Date.now()) throw badRequest(DeclMsg.deadlinePast);
  await requireDepts(db, input.deptIds);
  await requireActiveUsers(db, input.userIds);
  if (input.taskId) {
    const taskId = input.taskId;
    await db.transaction(async (tx) => {
      await liveTask(tx, taskId, true);
      const [s] = await queryRows(tx, sql`select 1 from decl_submission where task_id = ${taskId} limit 1`);
      if (s && shape(await taskFields(tx, taskId)) !== shape(input.fields)) throw badRequest(DeclMsg.fieldsFixed);
      await tx
        .update(declTasks)
        .set({ ...head(input), updatedAt: new Date() })
        .where(eq(declTasks.id, taskId));
      await replaceFields(tx, FieldLabel.declarationForm, taskId, input.fields);
      await setAssignees(tx, taskId, input);
    });
    return taskId;
  }
  return createOnce(db, declTasks, user.userId, input.batchId, async (tx) => {
    const [row] = await tx
      .insert(declTasks)
      .values({ ...head(input), createUserId: user.userId, batchId: input.batchId })
      .onConflictDoNothing()
      .returning({ id: declTasks.id });
    if (!row) return undefined;
    await replaceFields(tx, FieldLabel.declarationForm, row.id, input.fields);
    await setAssignees(tx, row.id, input);
    return row.id;
  });
}

export async function removeById(db: Db, taskId: number): Promise<null> {
  const done = await db
    .update(declTasks)
    .set({ isDeleted: true, updatedAt: new Date() })
    .where(sql`${declTasks.id} = ${taskId} and not ${declTasks.isDeleted}`)
    .returning({ id: declTasks.id });
  if (!done.length) throw notFound(DeclMsg.taskNotFound);
  return null;
}

/** A task's columns over alias `t`; the counts are of the assignees in the viewer's data scope. */
const rowColumns = (user: SessionUser) => {
  const mine = inScope(user, sql`a.user_id`);
  const subs = (status: SQL) => sql`(select count(*)::int from decl_submission s join decl_assignee a
    on a.task_id = s.task_id and a.user_id = s.user_id where s.task_id = t.task_id and ${status} and ${mine})`;
  return sql`t.task_id, t.title, t.description, t.deadline, t.deadline < now() as overdue, t.create_user_id,
    coalesce(cu.realname, '') as create_user_name, t.create_time,
    (select count(*)::int from decl_assignee a where a.task_id = t.task_id and ${mine}) as assigned_count,
    ${subs(sql`s.status in (${DeclStatus.waiting}, ${DeclStatus.approved}, ${DeclStatus.rejected})`)} as submitted_count,
    ${subs(sql`s.status = ${DeclStatus.waiting}`)} as wait_count`;
};

const toRow = (r: Row): DeclTaskRow => ({
  taskId: Number(r.task_id),
  title: String(r.title),
  description: String(r.description),
  deadline: r.deadline as string,
  overdue: r.overdue === true,
  assignedCount: Number(r.assigned_count),
  submittedCount: Number(r.submitted_count),
  waitCount: Number(r.wait_count),
  createUserId: Number(r.create_user_id),
  createUserName: String(r.create_user_name),
  createTime: r.create_time as string,
});

const taskList = defineList({
  from: sql`decl_task t`,
  id: sql`t.task_id`,
  fields: {
    createTime: { sql: sql`t.create_time`, type: 'date' },
    deadline: { sql: sql`t.deadline`, type: 'date' },
  },
  search: [sql`t.title`],
  defaultSort: [{ field: 'createTime', order: 'desc' }],
  scope: {
    unscoped: "tasks are the company's shared forms (like quizzes); each row's counts follow the viewer's data scope",
  },
});

const rowView = (user: SessionUser) => ({
  columns: rowColumns(user),
  joins: sql`join decl_task t on t.task_id = page.id left join sys_user cu on cu.user_id = t.create_user_id`,
  map: toRow,
});

/** 申报任务: every live task, for those who issue or audit them. */
export const listTasks = (db: Db, user: SessionUser, input: { page: number; limit: number; search: string }) =>
  listPage<Row, DeclTaskRow>(
    db,
    taskList,
    { user, page: input.page, limit: input.limit, search: input.search, where: [sql`not t.is_deleted`] },
    rowView(user),
  );

/**
 * queryWaitAuditFormTaskList: the tasks with submissions waiting for this auditor (every task for
 * the audit leaf, their own for a creator), counting only people in their data scope.
 */
export function waitAuditTasks(db: Db, user: SessionUser, input: { page: number; limit: number; search: string }) {
  const own = hasPermission(user, DECL_AUDIT) ? undefined : sql`t.create_user_id = ${user.userId}`;
  return listPage<Row, DeclTaskRow>(
    db,
    taskList,
    {
      user,
      page: input.page,
      limit: input.limit,
      search: input.search,
      where: [
        sql`not t.is_deleted`,
        own,
        sql`exists (select 1 from decl_submission s where s.task_id = t.task_id and s.status = ${DeclStatus.waiting}
          and ${inScope(user, sql`s.user_id`)})`,
      ],
    },
    rowView(user),
  );
}

/** `GET task/queryTaskById`: the form, for its assignees, its auditors and those who issue forms. */
export async function taskDetail(db: Db, user: SessionUser, taskId: number): Promise<DeclTaskDetail> {
  const task = await liveTask(db, taskId);
  const assigned = await isAssignee(db, taskId, user.userId);
  const canAudit = mayAudit(user, task);
  if (!assigned && !canAudit && !hasPermission(user, DECL_MANAGE)) throw forbidden(DeclMsg.notAssigned);
  const [r] = await queryRows<Row>(
    db,
    sql`select ${rowColumns(user)}, t.dept_ids, t.user_ids from decl_task t
        left join sys_user cu on cu.user_id = t.create_user_id where t.task_id = ${taskId}`,
  );
  const deptIds = (r!.dept_ids as number[]) ?? [];
  const userIds = (r!.user_ids as number[]) ?? [];
  const depts = deptIds.length
    ? await queryRows<Row>(db, sql`select dept_id, name from sys_dept where dept_id in ${inList(deptIds)}`)
    : [];
  const users = userIds.length
    ? await queryRows<Row>(db, sql`select user_id, realname from sys_user where user_id in ${inList(userIds)}`)
    : [];
  const [mine] = await queryRows<Row>(
    db,
    sql`select submission_id, status, form_values, audit_reason, submitted_at from decl_submission
        where task_id = ${taskId} and user_id = ${user.userId}`,
  );
  const [any] = await queryRows(db, sql`select 1 from decl_submission where task_id = ${taskId} limit 1`);
  return {
    ...toRow(r!),
    fields: await taskFields(db, taskId),
    depts: depts.map((d) => ({ deptId: Number(d.dept_id), name: String(d.name) })),
    users: users.map((u) => ({ userId: Number(u.user_id), realname: String(u.realname) })),
    fieldsFixed: any !== undefined,
    canAudit,
    mine: mine
      ? {
          submissionId: Number(mine.submission_id),
          status: Number(mine.status),
          values: mine.form_values as Record<string, unknown>,
          auditReason: String(mine.audit_reason),
          submitTime: mine.submitted_at as string,
        }
      : null,
  };
}
