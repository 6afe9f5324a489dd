import { z } from 'zod';
import { apiTime } from './common.ts';

/** Answers of task labels (docs/api/tasks.md "Labels"), in the original's shape. */
export const taskLabelSchema = z.object({
  labelId: z.number().int(),
  name: z.string(),
  color: z.string(),
  createUserId: z.number().int(),
  createTime: apiTime,
});
export type TaskLabel = z.infer<typeof taskLabelSchema>;
export const taskLabelListResponse = z.array(taskLabelSchema);
export const taskLabelSaveResponse = z.object({ labelId: z.number().int() });

/** A label as a task carries it (`labelList` of the original's task cells and detail). */
export const taskLabelTagSchema = z.object({ labelId: z.number().int(), labelName: z.string(), color: z.string() });
export type TaskLabelTag = z.infer<typeof taskLabelTagSchema>;
