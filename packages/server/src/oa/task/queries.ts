import {
  DUE_SOON_MS,
  type QueryTaskInput,
  type RelationListInput,
  type TaskDetail,
  type TaskListInput,
  type TaskRow,
  type TaskWireRow,
  taskDueState,
} from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { defineList, listPage } from '../../core/list/builder.ts';
import { queryRows } from '../../core/sql.ts';
import { timeText, zoneSql } from '../../core/times.ts';
import type { Db, Tx } from '../../db/client.ts';
import { people } from '../../org/names.ts';
import { visibleTask } from './access.ts';
import { labelListColumn, labelsOfTasks } from './labels.ts';

type Row = Record<string, unknown>;

/** The columns of a task row over alias `t` (with `ou`, `cu`, `p` joined by `rowJoins`). */
const rowColumns = sql`t.task_id, t.title, t.priority, t.status, t.start_time, t.due_time, t.owner_user_id,
  coalesce(ou.realname, '') as owner_name, t.create_user_id, coalesce(cu.realname, '') as create_user_name,
  t.parent_id, coalesce(p.title, '') as parent_title,
  (select count(*)::int from oa_task s where s.parent_id = t.task_id and not s.is_deleted and s.status <> 3) as subtask_count,
  (select count(*)::int from oa_task s where s.parent_id = t.task_id and not s.is_deleted and s.status = 2) as subtask_done,
  t.completed_time, t.create_time, t.update_time`;
const rowJoins = sql`left join sys_user ou on ou.user_id = t.owner_user_id
  left join sys_user cu on cu.user_id = t.create_user_id
  left join oa_task p on p.task_id = t.parent_id`;

export function toTaskRow(r: Row, now: Date): TaskRow {
  const status = Number(r.status);
  const dueTime = timeText(r.due_time);
  return {
    taskId: Number(r.task_id),
    title: String(r.title),
    priority: Number(r.priority),
    status,
    startTime: timeText(r.start_time),
    dueTime,
    dueState: taskDueState({ status, dueTime }, now),
    ownerUserId: Number(r.owner_user_id),
    ownerName: String(r.owner_name),
    createUserId: Number(r.create_user_id),
    createUserName: String(r.create_user_name),
    parentId: r.parent_id === null ? null : Number(r.parent_id),
    parentTitle: String(r.parent_title),
    subtaskCount: Number(r.subtask_count),
    subtaskDone: Number(r.subtask_done),
    completedTime: timeText(r.completed_time),
    createTime: timeText(r.create_time)!,
    updateTime: timeText(r.update_time)!,
  };
}

/** The original client's names of a list row's facts (issue 20): its task views read these. */
function withOriginal(row: TaskRow, r: Row): TaskWireRow {
  return {
    ...row,
    name: row.title,
    stopTime: row.dueTime,
    mainUser: { userId: row.ownerUserId, realname: row.ownerName, img: String(r.owner_img ?? '') },
    childAllCount: row.subtaskCount,
    childWCCount: row.subtaskDone,
    commentCount: Number(r.comment_count ?? 0),
    isEnd: row.status === 2 ? 1 : 0,
    labelList: (r.label_list ?? []) as TaskWireRow['labelList'],
  };
}

const UNSCOPED =
  'a task is seen by its owner, creator and participants only; roles’ data scope does not widen it (docs/decisions.md, "Task visibility")';

const taskList = defineList({
  from: sql`oa_task t`,
  id: sql`t.task_id`,
  fields: {
    createTime: { sql: sql`t.create_time`, type: 'date' },
    updateTime: { sql: sql`t.update_time`, type: 'date' },
    startTime: { sql: sql`t.start_time`, type: 'date' },
    dueTime: { sql: sql`t.due_time`, type: 'date' },
    priority: { sql: sql`t.priority`, type: 'number' },
    status: { sql: sql`t.status`, type: 'number' },
    title: { sql: sql`t.title`, type: 'text' },
  },
  search: [sql`t.title`],
  defaultSort: [{ field: 'createTime', order: 'desc' }],
  scope: { unscoped: UNSCOPED },
});

/** Open tasks past their due time, or due within a day: the same bounds as shared `taskDueState`. */
function dueCondition(due: TaskListInput['due'], now: Date): SQL | undefined {
  if (due === 'all') return undefined;
  if (due === 'overdue') return sql`t.status = 1 and t.due_time < ${now.toISOString()}::timestamptz`;
  const soon = new Date(now.getTime() + DUE_SOON_MS).toISOString();
  return sql`t.status = 1 and t.due_time >= ${now.toISOString()}::timestamptz and t.due_time <= ${soon}::timestamptz`;
}

/** 我负责的 (1), 我创建的 (2), 我参与的 (3), all three (0, the original client's 全部); archived tasks only when asked for. */
export async function listTasks(db: Db, user: SessionUser, input: TaskListInput, now = new Date()) {
  const me = user.userId;
  const tab = {
    1: sql`t.owner_user_id = ${me}`,
    2: sql`t.create_user_id = ${me}`,
    3: sql`exists (select 1 from oa_task_user u where u.task_id = t.task_id and u.user_id = ${me})`,
    0: sql`(t.owner_user_id = ${me} or t.create_user_id = ${me}
      or exists (select 1 from oa_task_user u where u.task_id = t.task_id and u.user_id = ${me}))`,
  }[input.type];
  return taskPage(
    db,
    user,
    input,
    [
      sql`not t.is_deleted`,
      tab,
      input.status ? sql`t.status = ${input.status}` : sql`t.status <> 3`,
      input.priority >= 0 ? sql`t.priority = ${input.priority}` : undefined,
      dueCondition(input.due, now),
      input.labelId
        ? sql`exists (select 1 from oa_task_label_link k where k.task_id = t.task_id and k.label_id = ${input.labelId})`
        : undefined,
    ],
    now,
  );
}

/**
 * `task/queryTaskRelation`: the tasks about a CRM record (the original's 任务 tab of its detail
 * page) among those the viewer owns, created or takes part in; archived ones too.
 */
export function relatedTasks(db: Db, user: SessionUser, input: RelationListInput, now = new Date()) {
  const me = user.userId;
  return taskPage(
    db,
    user,
    input,
    [
      sql`not t.is_deleted`,
      sql`(t.owner_user_id = ${me} or t.create_user_id = ${me}
        or exists (select 1 from oa_task_user u where u.task_id = t.task_id and u.user_id = ${me}))`,
      sql`coalesce(t.relation -> ${input.key}, '[]'::jsonb) @> ${JSON.stringify([input.id])}::jsonb`,
    ],
    now,
  );
}

function taskPage(
  db: Db,
  user: SessionUser,
  input: { page: number; limit: number; search?: string; sortField?: string; order?: TaskListInput['order'] },
  where: (SQL | undefined)[],
  now: Date,
) {
  return listPage<Row, TaskWireRow>(
    db,
    taskList,
    {
      user,
      page: input.page,
      limit: input.limit,
      search: input.search,
      sortField: input.sortField || undefined,
      order: input.order,
      where,
    },
    {
      columns: sql`${rowColumns}, coalesce(ou.img, '') as owner_img,
        (select count(*)::int from oa_task_comment c where c.task_id = t.task_id) as comment_count, ${labelListColumn}`,
      joins: sql`join oa_task t on t.task_id = page.id ${rowJoins}`,
      map: (r) => withOriginal(toTaskRow(r, now), r),
    },
  );
}

async function taskRows(db: Tx, where: SQL, order: SQL, limit = 1000, now = new Date()) {
  const rows = await queryRows<Row>(
    db,
    sql`select ${rowColumns} from oa_task t ${rowJoins} where ${where} order by ${order} limit ${limit}`,
  );
  return rows.map((r) => toTaskRow(r, now));
}

/**
 * `OaRecord/queryTask`: my open tasks (owned or taken part in) due between two days, China
 * time, both included; soonest first.
 */
export function dueTasks(db: Db, user: SessionUser, input: QueryTaskInput) {
  const me = user.userId;
  const day = (d: string, plus = 0) => sql`((${d}::date + ${plus}::int)::timestamp at time zone ${zoneSql()})`;
  const where = [
    sql`not t.is_deleted and t.status = 1 and t.due_time is not null`,
    sql`(t.owner_user_id = ${me} or exists (select 1 from oa_task_user u where u.task_id = t.task_id and u.user_id = ${me}))`,
    input.startTime ? sql`t.due_time >= ${day(input.startTime)}` : undefined,
    input.endTime ? sql`t.due_time < ${day(input.endTime, 1)}` : undefined,
  ].filter((w): w is SQL => w !== undefined);
  return taskRows(db, sql.join(where, sql` and `), sql`t.due_time asc, t.task_id asc`, input.limit);
}

/** The detail drawer: the task, its people, subtasks, comments and what the viewer may do. */
export async function taskDetail(db: Db, user: SessionUser, taskId: number): Promise<TaskDetail> {
  const access = await visibleTask(db, taskId, user);
  const { task } = access;
  const now = new Date();
  const [row] = await taskRows(db, sql`t.task_id = ${taskId}`, sql`t.task_id`, 1, now);
  const subtasks = await taskRows(
    db,
    sql`t.parent_id = ${taskId} and not t.is_deleted`,
    sql`t.create_time asc, t.task_id asc`,
    1000,
    now,
  );
  const comments = await queryRows<{ comment_id: number; user_id: number; content: string; create_time: string }>(
    db,
    sql`select comment_id, user_id, content, create_time from oa_task_comment
        where task_id = ${taskId} order by create_time asc, comment_id asc`,
  );
  const who = await people(db, [
    task.ownerUserId,
    task.createUserId,
    ...access.participantIds,
    ...comments.map((c) => Number(c.user_id)),
  ]);
  const labels = await labelsOfTasks(db, [taskId]);
  const person = (id: number) => who.get(id) ?? { userId: id, realname: '', img: '', deptName: '' };
  return {
    ...row!,
    description: task.description,
    batchId: task.batchId,
    owner: person(task.ownerUserId),
    creator: person(task.createUserId),
    participants: access.participantIds.map(person),
    subtasks,
    comments: comments.map((c) => ({
      commentId: Number(c.comment_id),
      content: c.content,
      createTime: timeText(c.create_time)!,
      user: person(Number(c.user_id)),
    })),
    permitted: access.permitted,
    labelList: labels.get(taskId) ?? [],
  };
}

/** The workbench's taskNum: open tasks I own. */
export async function openTaskCount(db: Db, userId: number): Promise<number> {
  const [r] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from oa_task where owner_user_id = ${userId} and status = 1 and not is_deleted`,
  );
  return Number(r?.n ?? 0);
}

/**
 * The 活动 list of the original client's task detail (`task/queryWorkTaskLog`): no activity log
 * is kept, so it answers what the task itself records: its creation by its creator and, once
 * done, its completion, shown under its owner (the feed's rule, workbench feed.ts).
 */
export async function taskLog(db: Db, user: SessionUser, taskId: number) {
  const { task } = await visibleTask(db, taskId, user);
  const who = await people(db, [task.createUserId, task.ownerUserId]);
  const entry = (userId: number, content: string, createTime: Date) => {
    const p = who.get(userId);
    return { userId, realname: p?.realname ?? '', img: p?.img ?? '', content, createTime };
  };
  const log = [entry(task.createUserId, `创建了任务：${task.title}`, task.createdAt)];
  if (task.completedTime) log.push(entry(task.ownerUserId, '任务已完成', task.completedTime));
  return log;
}
