/**
 * Tasks (workbench › 任务): statuses, what each involved person may do, and the due state the
 * lists and the detail show. Pure, so the server enforces exactly what the pages offer.
 */

import { parseTimestamp } from '../time/clock.ts';

export const OaTaskStatus = { open: 1, done: 2, archived: 3 } as const;
export type OaTaskStatus = (typeof OaTaskStatus)[keyof typeof OaTaskStatus];
export const oaTaskStatuses = [1, 2, 3] as const;

/** 0 none, 1 low, 2 medium, 3 high (DingTalk's and Feishu's four levels). */
export const taskPriorities = [0, 1, 2, 3] as const;
export type TaskPriority = (typeof taskPriorities)[number];

/** Moves between statuses: complete, reopen, archive (from open or done) and restore. */
const transitions: Record<OaTaskStatus, OaTaskStatus[]> = {
  1: [2, 3],
  2: [1, 3],
  3: [1],
};

export function canMoveTask(from: number, to: number): boolean {
  return (transitions[from as OaTaskStatus] ?? []).includes(to as OaTaskStatus);
}

/** An open task due within this long is 即将到期. */
export const DUE_SOON_MS = 24 * 3600_000;

/** none: no due time or not open; onTime; dueSoon (within a day); overdue (past its due time, still open). */
export type TaskDueState = 'none' | 'onTime' | 'dueSoon' | 'overdue';

export function taskDueState(
  task: { status: number; dueTime: string | Date | null | undefined },
  now: Date = new Date(),
): TaskDueState {
  if (task.status !== OaTaskStatus.open || !task.dueTime) return 'none';
  const due = (typeof task.dueTime === 'string' ? parseTimestamp(task.dueTime) : task.dueTime)?.getTime() ?? Number.NaN;
  if (!Number.isFinite(due)) return 'none';
  const left = due - now.getTime();
  if (left < 0) return 'overdue';
  return left <= DUE_SOON_MS ? 'dueSoon' : 'onTime';
}

/**
 * How a person stands to a task. A subtask's managers include those of its parent: whoever
 * runs the parent task runs its steps too.
 */
export type TaskInvolvement = {
  /** Creator or owner of the task, or of its parent. */
  isManager: boolean;
  /** Creator of the task or of its parent. */
  isCreator: boolean;
  isSubtask: boolean;
  status: number;
};

export type TaskPermitted = {
  edit: boolean;
  complete: boolean;
  reopen: boolean;
  archive: boolean;
  restore: boolean;
  delete: boolean;
  comment: boolean;
  addSubtask: boolean;
};

/**
 * What someone who can see the task may do. Anyone involved completes and reopens it and
 * comments (participants report their part done, as in DingTalk); only its managers edit,
 * archive, restore and add subtasks; only its creator deletes. An archived task is read-only
 * until restored.
 */
export function taskPermitted(t: TaskInvolvement): TaskPermitted {
  const live = t.status !== OaTaskStatus.archived;
  return {
    edit: t.isManager && live,
    complete: t.status === OaTaskStatus.open,
    reopen: t.status === OaTaskStatus.done,
    archive: t.isManager && live,
    restore: t.isManager && !live,
    delete: t.isCreator,
    comment: live,
    addSubtask: t.isManager && !t.isSubtask && t.status === OaTaskStatus.open,
  };
}
