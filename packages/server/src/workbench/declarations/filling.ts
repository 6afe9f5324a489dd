import {
  DeclMsg,
  type DeclMyRow,
  DeclStatus,
  type DeclSubmitInput,
  firstFieldError,
  normalizeFieldValues,
} from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest, forbidden } from '../../core/errors.ts';
import { defineList, listPage } from '../../core/list/builder.ts';
import { queryRows } from '../../core/sql.ts';
import type { Db, Tx } from '../../db/client.ts';
import { isAssignee, liveTask, taskFields } from './access.ts';

type Row = Record<string, unknown>;

const myList = defineList({
  from: sql`decl_assignee a join decl_task t on t.task_id = a.task_id and not t.is_deleted`,
  id: sql`t.task_id`,
  fields: { createTime: { sql: sql`t.create_time`, type: 'date' } },
  defaultSort: [{ field: 'createTime', order: 'desc' }],
  scope: { unscoped: "the viewer's own assignments: the caller's where names the viewer" },
});

/** 我的填报: the tasks issued to me, newest first, with where I am in each. */
export const myTasks = (db: Db, user: SessionUser, input: { page: number; limit: number }) =>
  listPage<Row, DeclMyRow>(
    db,
    myList,
    { user, page: input.page, limit: input.limit, where: [sql`a.user_id = ${user.userId}`] },
    {
      columns: sql`t.task_id, t.title, t.deadline, t.deadline < now() as overdue, coalesce(s.status, 0) as status,
        s.submission_id, coalesce(s.audit_reason, '') as audit_reason, s.submitted_at, coalesce(cu.realname, '') as create_user_name`,
      joins: sql`join decl_task t on t.task_id = page.id left join sys_user cu on cu.user_id = t.create_user_id
        left join decl_submission s on s.task_id = t.task_id and s.user_id = ${user.userId}`,
      map: (r) => ({
        taskId: Number(r.task_id),
        title: String(r.title),
        deadline: r.deadline as string,
        overdue: r.overdue === true,
        myStatus: Number(r.status),
        submissionId: r.submission_id == null ? null : Number(r.submission_id),
        auditReason: String(r.audit_reason),
        submitTime: (r.submitted_at as string | null) ?? null,
        createUserName: String(r.create_user_name),
      }),
    },
  );

/** How many tasks wait for `userId` to fill in: open, and not submitted (or rejected, or revoked). */
export async function openCount(db: Db, userId: number): Promise<number> {
  const [r] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from decl_assignee a join decl_task t on t.task_id = a.task_id
        where a.user_id = ${userId} and not t.is_deleted and t.deadline > now()
          and not exists (select 1 from decl_submission s where s.task_id = a.task_id and s.user_id = a.user_id
            and s.status in (${DeclStatus.waiting}, ${DeclStatus.approved}))`,
  );
  return Number(r?.n ?? 0);
}

const lockMine = (tx: Tx, taskId: number, userId: number) =>
  queryRows<Row>(
    tx,
    sql`select submission_id, status, form_values from decl_submission
        where task_id = ${taskId} and user_id = ${userId} for update`,
  );

/** jsonb hands keys back in its own order: compare key by key. */
const sorted = (v: unknown) =>
  JSON.stringify(Object.entries((v ?? {}) as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)));
const sameValues = (a: unknown, b: unknown) => sorted(a) === sorted(b);

/**
 * Submit my form: only mine, only a task issued to me, only before the deadline, every required
 * field. One row per task and person: a second submit of the same values (a double click) answers
 * the first; a rejected or revoked form is submitted again in its row.
 */
export async function submitForm(db: Db, user: SessionUser, input: DeclSubmitInput): Promise<number> {
  return db.transaction(async (tx) => {
    const task = await liveTask(tx, input.taskId);
    if (!(await isAssignee(tx, task.id, user.userId))) throw forbidden(DeclMsg.notAssigned);
    const fields = await taskFields(tx, task.id);
    const known = Object.fromEntries(fields.map((f) => [f.fieldName, input.values[f.fieldName]]));
    const msg = firstFieldError(fields, known);
    if (msg) throw badRequest(msg);
    const values = Object.fromEntries(
      Object.entries(normalizeFieldValues(fields, known)).filter(([, v]) => v !== undefined),
    );
    const [mine] = await lockMine(tx, task.id, user.userId);
    if (mine && Number(mine.status) === DeclStatus.waiting && sameValues(mine.form_values, values))
      return Number(mine.submission_id);
    if (task.deadline.getTime() <= Date.now()) throw badRequest(DeclMsg.deadlinePassed);
    if (mine) {
      const status = Number(mine.status);
      if (status === DeclStatus.approved) throw badRequest(DeclMsg.alreadyApproved);
      if (status === DeclStatus.waiting) throw badRequest(DeclMsg.alreadySubmitted);
      await tx.execute(sql`update decl_submission set form_values = ${JSON.stringify(values)}::jsonb,
          status = ${DeclStatus.waiting}, submitted_at = now(), audit_user_id = null, audited_at = null,
          audit_reason = '', update_time = now() where submission_id = ${Number(mine.submission_id)}`);
      return Number(mine.submission_id);
    }
    const [made] = await queryRows<Row>(
      tx,
      sql`insert into decl_submission (task_id, user_id, form_values, status)
          values (${task.id}, ${user.userId}, ${JSON.stringify(values)}::jsonb, ${DeclStatus.waiting})
          on conflict (task_id, user_id) do nothing returning submission_id`,
    );
    if (made) return Number(made.submission_id);
    // A concurrent submit of mine won the race: its row is the one submission.
    const [won] = await lockMine(tx, task.id, user.userId);
    return Number(won!.submission_id);
  });
}

/** appletRevoke: take my waiting submission back (not once audited); revoking twice is one revoke. */
export async function revokeForm(db: Db, user: SessionUser, taskId: number): Promise<null> {
  return db.transaction(async (tx) => {
    await liveTask(tx, taskId);
    const [mine] = await lockMine(tx, taskId, user.userId);
    if (!mine) throw badRequest(DeclMsg.notSubmitted);
    const status = Number(mine.status);
    if (status === DeclStatus.revoked) return null;
    if (status !== DeclStatus.waiting) throw badRequest(DeclMsg.revokeAfterAudit);
    await tx.execute(sql`update decl_submission set status = ${DeclStatus.revoked}, update_time = now()
        where submission_id = ${Number(mine.submission_id)}`);
    return null;
  });
}
