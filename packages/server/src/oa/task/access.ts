import { TaskMsg, type TaskPermitted, taskPermitted } from '@crm/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { forbidden, notFound } from '../../core/errors.ts';
import type { Tx } from '../../db/client.ts';
import { oaTasks, oaTaskUsers } from './tables.ts';

export type TaskRecord = typeof oaTasks.$inferSelect;

export type TaskAccess = {
  task: TaskRecord;
  parent: TaskRecord | null;
  participantIds: number[];
  /** Owner, creator or participant of the task, or of its parent (a subtask is part of its parent's work). */
  visible: boolean;
  permitted: TaskPermitted;
};

const involves = (t: TaskRecord, parts: number[], me: number) =>
  t.ownerUserId === me || t.createUserId === me || parts.includes(me);

/**
 * A live task as `viewer` stands to it (docs/decisions.md, "Task visibility"). `lock` takes the
 * task's row lock, so a change and its checks see one state.
 */
export async function taskAccess(tx: Tx, taskId: number, viewer: SessionUser, lock = false): Promise<TaskAccess> {
  const q = tx
    .select()
    .from(oaTasks)
    .where(and(eq(oaTasks.id, taskId), eq(oaTasks.isDeleted, false)));
  const [task] = lock ? await q.for('update') : await q;
  if (!task) throw notFound(TaskMsg.notFound);
  const [parent] = task.parentId
    ? await tx
        .select()
        .from(oaTasks)
        .where(and(eq(oaTasks.id, task.parentId), eq(oaTasks.isDeleted, false)))
    : [];
  if (task.parentId && !parent) throw notFound(TaskMsg.notFound);
  const ids = parent ? [task.id, parent.id] : [task.id];
  const rows = await tx.select().from(oaTaskUsers).where(inArray(oaTaskUsers.taskId, ids));
  const participantIds = rows.filter((r) => r.taskId === task.id).map((r) => r.userId);
  const parentParts = rows.filter((r) => r.taskId === parent?.id).map((r) => r.userId);
  const me = viewer.userId;
  const visible = involves(task, participantIds, me) || (parent !== undefined && involves(parent, parentParts, me));
  const isCreator = task.createUserId === me || parent?.createUserId === me;
  const isManager = isCreator || task.ownerUserId === me || parent?.ownerUserId === me;
  const permitted = taskPermitted({ isManager, isCreator, isSubtask: Boolean(parent), status: task.status });
  return { task, parent: parent ?? null, participantIds, visible, permitted };
}

/** The task if `viewer` may see it; anyone else is refused with 无权访问. */
export async function visibleTask(tx: Tx, taskId: number, viewer: SessionUser, lock = false) {
  const access = await taskAccess(tx, taskId, viewer, lock);
  if (!access.visible) throw forbidden();
  return access;
}
