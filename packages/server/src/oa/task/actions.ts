import { canMoveTask, OaTaskStatus, TaskMsg, type TaskSaveFullInput, type TaskSaveInput } from '@crm/shared';
import { eq, or } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { notifyBadges } from '../../core/badges.ts';
import { badRequest, forbidden } from '../../core/errors.ts';
import type { Db, Tx } from '../../db/client.ts';
import { createOnce } from '../../db/create-once.ts';
import { removeStored, syncOwnedFiles } from '../../files/attach.ts';
import type { FileStorage } from '../../files/storage.ts';
import { requireActiveUsers } from '../examine/people-check.ts';
import { visibleTask } from './access.ts';
import { OA_TASK_FILES } from './file-owner.ts';
import { labelTask, setLabelsOf } from './labels.ts';
import { oaTaskComments, oaTasks, oaTaskUsers } from './tables.ts';

/** The owner is involved already: participants are the others. */
const participantsOf = (input: { participantIds: number[] }, ownerId: number) =>
  [...new Set(input.participantIds)].filter((id) => id !== ownerId);

async function setParticipants(tx: Tx, taskId: number, ids: number[]) {
  await tx.delete(oaTaskUsers).where(eq(oaTaskUsers.taskId, taskId));
  if (ids.length) await tx.insert(oaTaskUsers).values(ids.map((userId) => ({ taskId, userId })));
}

/**
 * Create a task (with the subtasks named in the form) or a subtask of a task I manage; one
 * transaction. The same client batch twice answers the first task: the unique index on
 * (creator, batch) decides a race between two submits.
 */
async function createTask(db: Db, user: SessionUser, input: TaskSaveFullInput): Promise<number> {
  const me = user.userId;
  return createOnce(db, oaTasks, me, input.batchId, async (tx) => {
    if (input.parentId) {
      if (input.subtasks.length) throw badRequest(TaskMsg.nestedSubtask);
      const parent = await visibleTask(tx, input.parentId, user, true);
      if (parent.parent) throw badRequest(TaskMsg.nestedSubtask);
      if (parent.task.status === OaTaskStatus.archived) throw badRequest(TaskMsg.archivedReadOnly);
      if (!parent.permitted.addSubtask) throw forbidden(TaskMsg.managersOnly);
    }
    const ownerId = input.ownerUserId ?? me;
    const participants = participantsOf(input, ownerId);
    await requireActiveUsers(tx, [
      ...new Set([ownerId, ...participants, ...input.subtasks.flatMap((s) => (s.ownerUserId ? [s.ownerUserId] : []))]),
    ]);
    const [row] = await tx
      .insert(oaTasks)
      .values({
        title: input.title,
        description: input.description,
        priority: input.priority,
        startTime: input.startTime,
        dueTime: input.dueTime,
        ownerUserId: ownerId,
        createUserId: me,
        parentId: input.parentId ?? null,
        batchId: input.batchId,
      })
      .onConflictDoNothing()
      .returning({ id: oaTasks.id });
    // Lost the race to the same batch's first submit: answer its task, create nothing.
    if (!row) return undefined;
    await setParticipants(tx, row.id, participants);
    if (input.labelIds?.length) await setLabelsOf(tx, row.id, input.labelIds);
    if (input.subtasks.length) {
      await tx.insert(oaTasks).values(
        input.subtasks.map((s) => ({
          title: s.title,
          dueTime: s.dueTime,
          ownerUserId: s.ownerUserId ?? ownerId,
          createUserId: me,
          parentId: row.id,
        })),
      );
    }
    await syncOwnedFiles(tx, { kind: OA_TASK_FILES, id: row.id }, { uploaderId: me, batchIds: [input.batchId] });
    // Their open-task badge and due reminders move (heard at commit).
    await notifyBadges(tx, [ownerId, ...input.subtasks.map((s) => s.ownerUserId ?? ownerId)], ['oa']);
    return row.id;
  });
}

/** Edit a live task I manage: its texts, times, owner, participants and attachments. */
async function updateTask(db: Db, storage: FileStorage, user: SessionUser, taskId: number, input: TaskSaveFullInput) {
  const removed = await db.transaction(async (tx) => {
    const access = await visibleTask(tx, taskId, user, true);
    if (access.task.status === OaTaskStatus.archived) throw badRequest(TaskMsg.archivedReadOnly);
    if (!access.permitted.edit) throw forbidden(TaskMsg.managersOnly);
    const ownerId = input.ownerUserId ?? access.task.ownerUserId;
    const participants = participantsOf(input, ownerId);
    await requireActiveUsers(tx, [...new Set([ownerId, ...participants])]);
    const batchId = access.task.batchId || input.batchId;
    await tx
      .update(oaTasks)
      .set({
        title: input.title,
        description: input.description,
        priority: input.priority,
        startTime: input.startTime,
        dueTime: input.dueTime,
        ownerUserId: ownerId,
        batchId,
        updatedAt: new Date(),
      })
      .where(eq(oaTasks.id, taskId));
    await setParticipants(tx, taskId, participants);
    if (input.labelIds) await setLabelsOf(tx, taskId, input.labelIds);
    await notifyBadges(tx, [access.task.ownerUserId, ownerId], ['oa']);
    return syncOwnedFiles(
      tx,
      { kind: OA_TASK_FILES, id: taskId },
      { uploaderId: user.userId, batchIds: [batchId], removedIds: input.removedFileIds },
    );
  });
  await removeStored(storage, removed);
}

export async function saveTask(db: Db, storage: FileStorage, user: SessionUser, input: TaskSaveInput) {
  if (input.labelsOnly) return labelTask(db, user, input.taskId, input.labelIds);
  if (input.taskId) {
    await updateTask(db, storage, user, input.taskId, input);
    return { taskId: input.taskId };
  }
  return { taskId: await createTask(db, user, input) };
}

/**
 * Complete (2), reopen (1 from done), archive (3), restore (1 from archived). Asking for the
 * status the task already has answers it unchanged: a second click is not an error.
 */
export function setTaskStatus(db: Db, user: SessionUser, taskId: number, status: number) {
  return db.transaction(async (tx) => {
    const { task, permitted } = await visibleTask(tx, taskId, user, true);
    if (task.status === status) return { status };
    if (!canMoveTask(task.status, status))
      throw badRequest(task.status === OaTaskStatus.archived ? TaskMsg.archivedReadOnly : TaskMsg.statusInvalid);
    const allowed =
      status === OaTaskStatus.done
        ? permitted.complete
        : status === OaTaskStatus.archived
          ? permitted.archive
          : task.status === OaTaskStatus.done
            ? permitted.reopen
            : permitted.restore;
    if (!allowed) throw forbidden(TaskMsg.managersOnly);
    await tx
      .update(oaTasks)
      .set({ status, completedTime: status === OaTaskStatus.done ? new Date() : null, updatedAt: new Date() })
      .where(eq(oaTasks.id, taskId));
    await notifyBadges(tx, [task.ownerUserId], ['oa']);
    return { status };
  });
}

export async function commentTask(db: Db, user: SessionUser, taskId: number, content: string) {
  const { permitted } = await visibleTask(db, taskId, user);
  if (!permitted.comment) throw badRequest(TaskMsg.archivedReadOnly);
  const [row] = await db
    .insert(oaTaskComments)
    .values({ taskId, userId: user.userId, content })
    .returning({ id: oaTaskComments.id });
  return { commentId: row!.id };
}

/** The creator deletes a task, and its subtasks with it (one statement). */
export async function deleteTask(db: Db, user: SessionUser, taskId: number) {
  const { permitted } = await visibleTask(db, taskId, user);
  if (!permitted.delete) throw forbidden(TaskMsg.creatorOnly);
  await db
    .update(oaTasks)
    .set({ isDeleted: true, updatedAt: new Date() })
    .where(or(eq(oaTasks.id, taskId), eq(oaTasks.parentId, taskId)));
  return null;
}
