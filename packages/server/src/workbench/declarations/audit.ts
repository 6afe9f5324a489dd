import {
  DECL_AUDIT,
  DECL_MANAGE,
  type DeclAuditInput,
  type DeclCellInput,
  type DeclFormDetail,
  type DeclFormPageInput,
  type DeclFormRow,
  DeclMsg,
  DeclStatus,
  isEmptyValue,
  normalizeFieldValues,
  validateFieldValue,
} from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import { defineList, type ListDefinition, listPage } from '../../core/list/builder.ts';
import { queryRows } from '../../core/sql.ts';
import type { Db, Tx } from '../../db/client.ts';
import { inScope, liveTask, requireAuditor, scopeLeaf, taskFields } from './access.ts';

type Row = Record<string, unknown>;

const submitted = sql`(${DeclStatus.waiting}, ${DeclStatus.approved}, ${DeclStatus.rejected})`;

/**
 * A submission an auditor acts on, under its row lock: of a live task they audit, by someone in
 * their data scope (anyone else's answers 申报表不存在, as if it were not there).
 */
async function auditable(tx: Tx, user: SessionUser, submissionId: number) {
  const [r] = await queryRows<Row>(
    tx,
    sql`select s.submission_id, s.task_id, s.user_id, s.status, s.form_values, s.audit_user_id, t.create_user_id
        from decl_submission s join decl_task t on t.task_id = s.task_id and not t.is_deleted
        where s.submission_id = ${submissionId} for update of s`,
  );
  if (!r) throw notFound(DeclMsg.submissionNotFound);
  const task = await liveTask(tx, Number(r.task_id));
  requireAuditor(user, task);
  const [seen] = await queryRows(tx, sql`select 1 where ${inScope(user, sql`${Number(r.user_id)}::int`)}`);
  if (!seen) throw notFound(DeclMsg.submissionNotFound);
  return {
    id: submissionId,
    taskId: task.id,
    status: Number(r.status),
    values: (r.form_values ?? {}) as Record<string, unknown>,
    auditUserId: r.audit_user_id == null ? null : Number(r.audit_user_id),
  };
}

/** auditForm: approve or reject (with the reason) a waiting submission; the same verdict twice is one. */
export async function auditForm(db: Db, user: SessionUser, input: DeclAuditInput): Promise<null> {
  return db.transaction(async (tx) => {
    const s = await auditable(tx, user, input.submissionId);
    if (s.status === input.status && s.auditUserId === user.userId) return null;
    if (s.status !== DeclStatus.waiting) throw badRequest(DeclMsg.notWaiting);
    await tx.execute(sql`update decl_submission set status = ${input.status}, audit_user_id = ${user.userId},
        audited_at = now(), audit_reason = ${input.reason}, update_time = now()
        where submission_id = ${s.id}`);
    return null;
  });
}

/** updateCell: an auditor corrects one value, checked by its field's rule, and the change is logged. */
export async function updateCell(db: Db, user: SessionUser, input: DeclCellInput): Promise<null> {
  return db.transaction(async (tx) => {
    const s = await auditable(tx, user, input.submissionId);
    if (s.status === DeclStatus.revoked) throw badRequest(DeclMsg.cellNotAuditable);
    const field = (await taskFields(tx, s.taskId)).find((f) => f.fieldName === input.fieldName);
    if (!field) throw badRequest(DeclMsg.fieldNotFound);
    const msg = validateFieldValue(field, input.value);
    if (msg) throw badRequest(msg);
    const empty = isEmptyValue(input.value);
    const value = empty ? null : normalizeFieldValues([field], { [field.fieldName]: input.value })[field.fieldName];
    const old = s.values[field.fieldName] ?? null;
    if (JSON.stringify(old) === JSON.stringify(value)) throw badRequest(DeclMsg.cellUnchanged);
    const set = empty
      ? sql`form_values - ${field.fieldName}::text`
      : sql`form_values || jsonb_build_object(${field.fieldName}::text, ${JSON.stringify(value)}::jsonb)`;
    await tx.execute(sql`update decl_submission set form_values = ${set}, update_time = now()
        where submission_id = ${s.id}`);
    await tx.execute(sql`insert into decl_cell_log (submission_id, field_name, field_label, old_value, new_value, user_id)
        values (${s.id}, ${field.fieldName}, ${field.name}, ${JSON.stringify(old)}::jsonb,
          ${JSON.stringify(value)}::jsonb, ${user.userId})`);
    return null;
  });
}

/** The submissions of a task: one definition per leaf whose data scope limits them. */
const formList = (permission: string): ListDefinition =>
  defineList({
    from: sql`decl_submission s join sys_user u on u.user_id = s.user_id`,
    id: sql`s.submission_id`,
    fields: {
      submitTime: { sql: sql`s.submitted_at`, type: 'date' },
      status: { sql: sql`s.status`, type: 'number' },
    },
    search: [sql`u.realname`],
    defaultSort: [{ field: 'submitTime', order: 'desc' }],
    scope: { owner: sql`s.user_id`, permission },
  });
const formLists: Record<string, ListDefinition> = {
  [DECL_AUDIT]: formList(DECL_AUDIT),
  [DECL_MANAGE]: formList(DECL_MANAGE),
};

const formColumns = sql`s.submission_id, s.task_id, s.user_id, u.realname, coalesce(d.name, '') as dept_name, s.status,
  s.form_values, s.submitted_at, coalesce(au.realname, '') as audit_user_name, s.audited_at, s.audit_reason,
  (select count(*)::int from decl_cell_log l where l.submission_id = s.submission_id) as corrections`;
const formJoins = (on: SQL) => sql`join decl_submission s on ${on} join sys_user u on u.user_id = s.user_id
  left join decl_assignee a on a.task_id = s.task_id and a.user_id = s.user_id
  left join sys_dept d on d.dept_id = coalesce(a.dept_id, u.dept_id)
  left join sys_user au on au.user_id = s.audit_user_id`;

const toFormRow = (r: Row): DeclFormRow => ({
  submissionId: Number(r.submission_id),
  taskId: Number(r.task_id),
  userId: Number(r.user_id),
  realname: String(r.realname),
  deptName: String(r.dept_name),
  status: Number(r.status),
  values: (r.form_values ?? {}) as Record<string, unknown>,
  submitTime: r.submitted_at as string,
  auditUserName: String(r.audit_user_name),
  auditTime: (r.audited_at as string | null) ?? null,
  auditReason: String(r.audit_reason),
  corrections: Number(r.corrections),
});

/** webPageQueryForm: a task's submissions (not the revoked) by people in the auditor's scope, paged in SQL. */
export async function formPage(db: Db, user: SessionUser, input: DeclFormPageInput) {
  const task = await liveTask(db, input.taskId);
  requireAuditor(user, task);
  return listPage<Row, DeclFormRow>(
    db,
    formLists[scopeLeaf(user)]!,
    {
      user,
      page: input.page,
      limit: input.limit,
      search: input.search,
      where: [
        sql`s.task_id = ${task.id}`,
        input.status === undefined ? sql`s.status in ${submitted}` : sql`s.status = ${input.status}`,
        input.deptId === undefined
          ? undefined
          : sql`exists (select 1 from decl_assignee a where a.task_id = s.task_id and a.user_id = s.user_id
              and a.dept_id = ${input.deptId})`,
      ],
    },
    { columns: formColumns, joins: formJoins(sql`s.submission_id = page.id`), map: toFormRow },
  );
}

/** queryFormById: one submission with its logged corrections, for its auditors. */
export async function formDetail(db: Db, user: SessionUser, submissionId: number): Promise<DeclFormDetail> {
  const s = await db.transaction((tx) => auditable(tx, user, submissionId));
  const [r] = await queryRows<Row>(
    db,
    sql`select ${formColumns} from (select ${s.id}::int as id) page ${formJoins(sql`s.submission_id = page.id`)}`,
  );
  const logs = await queryRows<Row>(
    db,
    sql`select l.log_id, l.field_name, l.field_label, l.old_value, l.new_value, coalesce(u.realname, '') as user_name, l.create_time
        from decl_cell_log l left join sys_user u on u.user_id = l.user_id
        where l.submission_id = ${s.id} order by l.log_id`,
  );
  return {
    ...toFormRow(r!),
    logs: logs.map((l) => ({
      logId: Number(l.log_id),
      fieldName: String(l.field_name),
      fieldLabel: String(l.field_label),
      oldValue: l.old_value ?? null,
      newValue: l.new_value ?? null,
      userName: String(l.user_name),
      createTime: l.create_time as string,
    })),
  };
}
