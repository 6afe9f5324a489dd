import { OaTaskStatus, TaskLabelMsg, type TaskLabelSaveInput, type TaskLabelTag, TaskMsg } from '@crm/shared';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest, conflict, forbidden, notFound } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import type { Db, Tx } from '../../db/client.ts';
import { visibleTask } from './access.ts';
import { oaTaskLabelLinks, oaTaskLabels, oaTasks } from './tables.ts';

/**
 * Task labels (the original's `taskLabel/*`). Like the original, the labels are one list shared by
 * everyone who uses tasks: any of them may add, rename or delete one; putting labels on a task is
 * an edit of the task, so only those who may edit it may (its creator or owner).
 */

const labelColumns = {
  labelId: oaTaskLabels.id,
  name: oaTaskLabels.name,
  color: oaTaskLabels.color,
  createUserId: oaTaskLabels.createUserId,
  createTime: oaTaskLabels.createdAt,
};

export function listLabels(db: Db) {
  return db.select(labelColumns).from(oaTaskLabels).orderBy(asc(oaTaskLabels.id));
}

/** `getLabelListByOwn`: the labels on the tasks I own, created or take part in. */
export function myLabels(db: Db, user: SessionUser) {
  const me = user.userId;
  return db
    .select(labelColumns)
    .from(oaTaskLabels)
    .where(
      sql`exists (select 1 from oa_task_label_link l join oa_task t on t.task_id = l.task_id
        where l.label_id = ${oaTaskLabels.id} and not t.is_deleted
          and (t.owner_user_id = ${me} or t.create_user_id = ${me}
            or exists (select 1 from oa_task_user u where u.task_id = t.task_id and u.user_id = ${me})))`,
    )
    .orderBy(asc(oaTaskLabels.id));
}

export async function labelById(db: Db, labelId: number) {
  const [row] = await db.select(labelColumns).from(oaTaskLabels).where(eq(oaTaskLabels.id, labelId));
  if (!row) throw notFound(TaskLabelMsg.notFound);
  return row;
}

async function requireFreeName(tx: Tx, name: string, exceptId?: number) {
  const [taken] = await tx
    .select({ id: oaTaskLabels.id })
    .from(oaTaskLabels)
    .where(and(eq(oaTaskLabels.name, name), exceptId ? ne(oaTaskLabels.id, exceptId) : undefined));
  if (taken) throw conflict(TaskLabelMsg.nameTaken);
}

/** `setLabel`: a new label, or a label renamed and recoloured (the unique index settles a race on the name). */
export function saveLabel(db: Db, user: SessionUser, input: TaskLabelSaveInput) {
  return db.transaction(async (tx) => {
    await requireFreeName(tx, input.name, input.labelId);
    if (input.labelId) {
      const [row] = await tx
        .update(oaTaskLabels)
        .set({ name: input.name, color: input.color })
        .where(eq(oaTaskLabels.id, input.labelId))
        .returning({ labelId: oaTaskLabels.id });
      if (!row) throw notFound(TaskLabelMsg.notFound);
      return row;
    }
    const [row] = await tx
      .insert(oaTaskLabels)
      .values({ name: input.name, color: input.color, createUserId: user.userId })
      .returning({ labelId: oaTaskLabels.id });
    return row!;
  });
}

/** `deleteLabel`: as in the original, a label on a live task stays (使用中的标签不能删除). */
export function deleteLabel(db: Db, labelId: number) {
  return db.transaction(async (tx) => {
    const [label] = await tx.select().from(oaTaskLabels).where(eq(oaTaskLabels.id, labelId)).for('update');
    if (!label) throw notFound(TaskLabelMsg.notFound);
    const [used] = await queryRows<{ n: number }>(
      tx,
      sql`select 1 as n from oa_task_label_link l join oa_task t on t.task_id = l.task_id
          where l.label_id = ${labelId} and not t.is_deleted limit 1`,
    );
    if (used) throw badRequest(TaskLabelMsg.inUse);
    // Links left on deleted tasks go with it.
    await tx.delete(oaTaskLabelLinks).where(eq(oaTaskLabelLinks.labelId, labelId));
    await tx.delete(oaTaskLabels).where(eq(oaTaskLabels.id, labelId));
    return null;
  });
}

/**
 * Replace a task's labels inside the caller's transaction. The labels are locked (key share)
 * so one deleted meanwhile is refused rather than linked.
 */
export async function setLabelsOf(tx: Tx, taskId: number, labelIds: number[]) {
  const ids = [...new Set(labelIds)];
  if (ids.length) {
    const found = await tx
      .select({ id: oaTaskLabels.id })
      .from(oaTaskLabels)
      .where(inArray(oaTaskLabels.id, ids))
      .for('key share');
    if (found.length !== ids.length) throw badRequest(TaskLabelMsg.notFound);
  }
  await tx.delete(oaTaskLabelLinks).where(eq(oaTaskLabelLinks.taskId, taskId));
  if (ids.length) await tx.insert(oaTaskLabelLinks).values(ids.map((labelId) => ({ taskId, labelId })));
}

/** The original's tag picker (`task/setTask {taskId, labelId}`): whoever may edit the task may label it. */
export function labelTask(db: Db, user: SessionUser, taskId: number, labelIds: number[]) {
  return db.transaction(async (tx) => {
    const access = await visibleTask(tx, taskId, user, true);
    if (access.task.status === OaTaskStatus.archived) throw badRequest(TaskMsg.archivedReadOnly);
    if (!access.permitted.edit) throw forbidden(TaskMsg.managersOnly);
    await setLabelsOf(tx, taskId, labelIds);
    await tx.update(oaTasks).set({ updatedAt: new Date() }).where(eq(oaTasks.id, taskId));
    return { taskId };
  });
}

/** The labels of some tasks, by task, in label order. */
export async function labelsOfTasks(db: Tx, taskIds: number[]): Promise<Map<number, TaskLabelTag[]>> {
  const out = new Map<number, TaskLabelTag[]>();
  if (!taskIds.length) return out;
  const rows = await db
    .select({
      taskId: oaTaskLabelLinks.taskId,
      labelId: oaTaskLabels.id,
      labelName: oaTaskLabels.name,
      color: oaTaskLabels.color,
    })
    .from(oaTaskLabelLinks)
    .innerJoin(oaTaskLabels, eq(oaTaskLabels.id, oaTaskLabelLinks.labelId))
    .where(inArray(oaTaskLabelLinks.taskId, taskIds))
    .orderBy(asc(oaTaskLabels.id));
  for (const { taskId, ...tag } of rows) {
    const list = out.get(taskId) ?? [];
    list.push(tag);
    out.set(taskId, list);
  }
  return out;
}

/** A list row's labels as one JSON column over task alias `t` (the list reads its page in one query). */
export const labelListColumn = sql`(select coalesce(json_agg(json_build_object('labelId', l.label_id,
    'labelName', l.name, 'color', l.color) order by l.label_id), '[]'::json)
  from oa_task_label_link k join oa_task_label l on l.label_id = k.label_id where k.task_id = t.task_id) as label_list`;
