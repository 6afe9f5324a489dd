import { z } from 'zod';
import { apiTime, pageOf, personSchema } from './common.ts';
import { taskLabelTagSchema } from './task-label.ts';

/** Answers of tasks (docs/api/tasks.md). */

const dueState = z.enum(['none', 'onTime', 'dueSoon', 'overdue']);

/** A row of the task lists, and a subtask of the detail. */
export const taskRowSchema = z.object({
  taskId: z.number().int(),
  title: z.string(),
  priority: z.number().int(),
  /** 1 open, 2 done, 3 archived. */
  status: z.number().int(),
  startTime: apiTime.nullable(),
  dueTime: apiTime.nullable(),
  /** From shared `taskDueState` at the time of the answer. */
  dueState,
  ownerUserId: z.number().int(),
  ownerName: z.string(),
  createUserId: z.number().int(),
  createUserName: z.string(),
  parentId: z.number().int().nullable(),
  parentTitle: z.string(),
  subtaskCount: z.number().int(),
  subtaskDone: z.number().int(),
  completedTime: apiTime.nullable(),
  createTime: apiTime,
  updateTime: apiTime,
});
export type TaskRow = z.infer<typeof taskRowSchema>;
/** A list row with the original client's names beside ours (issue 20: its task cells read these). */
export const taskWireRowSchema = taskRowSchema.extend({
  name: z.string(),
  stopTime: apiTime.nullable(),
  mainUser: z.object({ userId: z.number().int(), realname: z.string(), img: z.string() }),
  childAllCount: z.number().int(),
  childWCCount: z.number().int(),
  commentCount: z.number().int(),
  /** 1 when done. */
  isEnd: z.union([z.literal(0), z.literal(1)]),
  /** Its labels, by name (the original's task cells show them as coloured tags). */
  labelList: z.array(taskLabelTagSchema),
});
export type TaskWireRow = z.infer<typeof taskWireRowSchema>;
export const taskPageResponse = pageOf(taskWireRowSchema);
export const taskRowsResponse = z.array(taskRowSchema);

export const taskCommentItemSchema = z.object({
  commentId: z.number().int(),
  content: z.string(),
  createTime: apiTime,
  user: personSchema,
});
export type TaskComment = z.infer<typeof taskCommentItemSchema>;

export const taskPermittedSchema = z.object({
  edit: z.boolean(),
  complete: z.boolean(),
  reopen: z.boolean(),
  archive: z.boolean(),
  restore: z.boolean(),
  delete: z.boolean(),
  comment: z.boolean(),
  addSubtask: z.boolean(),
});

export const taskDetailSchema = taskRowSchema.extend({
  description: z.string(),
  /** The batch its attachments live in (`file/queryByBatchId`). */
  batchId: z.string(),
  owner: personSchema,
  creator: personSchema,
  participants: z.array(personSchema),
  subtasks: z.array(taskRowSchema),
  comments: z.array(taskCommentItemSchema),
  permitted: taskPermittedSchema,
  labelList: z.array(taskLabelTagSchema),
});
export type TaskDetail = z.infer<typeof taskDetailSchema>;

export const taskSaveResponse = z.object({ taskId: z.number().int() });
export const taskStatusResponse = z.object({ status: z.number().int() });
export const taskCommentResponse = z.object({ commentId: z.number().int() });

/**
 * `OaTask/queryTaskLog` (the original's `task/queryWorkTaskLog`, its detail's 活动 list): what is
 * known of a task's history, its creation and its completion (no other change is logged), oldest first.
 */
export const taskLogResponse = z.array(
  z.object({
    userId: z.number().int(),
    realname: z.string(),
    img: z.string(),
    content: z.string(),
    createTime: apiTime,
  }),
);
