import type { Input, TaskListType } from '@crm/shared';
import { call } from '@/shell/call';

/** The task calls of the workbench (docs/api/tasks.md); answers typed by the shared contracts. */

export type { TaskComment, TaskDetail, TaskLabel, TaskLabelTag, TaskRow, TaskWireRow } from '@crm/shared';

export type TaskTab = 'mine' | 'created' | 'joined';
export const tabType: Record<TaskTab, TaskListType> = { mine: 1, created: 2, joined: 3 };

/** status 0: open and done; due narrows open tasks. */
export type TaskFilter = {
  page: number;
  limit: number;
  status: 0 | 1 | 2 | 3;
  due: 'all' | 'overdue' | 'dueSoon';
  priority: number;
  search: string;
  /** Only tasks with this label. */
  labelId?: number;
};

export type SaveTaskBody = Input<'/OaTask/setTask'>;

export const taskApi = {
  list: (tab: TaskTab, f: TaskFilter) => call('/OaTask/queryTaskList', { ...f, type: tabType[tab] }),
  detail: (taskId: number) => call('/OaTask/queryTaskInfo', { taskId }, { silent: true }),
  save: (body: SaveTaskBody) => call('/OaTask/setTask', body, { json: true }),
  setStatus: (taskId: number, status: 1 | 2 | 3) => call('/OaTask/setTaskStatus', { taskId, status }),
  comment: (taskId: number, content: string) => call('/OaTask/comment', { taskId, content }),
  remove: (taskId: number) => call('/OaTask/deleteTask', { taskId }),
  // Labels: one shared list under the original's names (docs/api/tasks.md "Labels").
  labels: () => call('/taskLabel/getLabelList'),
  saveLabel: (body: Input<'/taskLabel/setLabel'>) => call('/taskLabel/setLabel', body),
  removeLabel: (labelId: number) => call('/taskLabel/deleteLabel', { labelId }),
};

/** Query keys: every change invalidates `['task']` (lists and details) and the to-do counts. */
export const taskKeys = {
  all: ['task'] as const,
  list: (tab: TaskTab, f: TaskFilter) => ['task', 'list', tab, f] as const,
  detail: (taskId: number) => ['task', 'detail', taskId] as const,
  labels: ['task', 'labels'] as const,
};
