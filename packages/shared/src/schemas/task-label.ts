import { z } from 'zod';
import { idField, idList, optionalId, requiredText, type TextRule } from './fields.ts';

/** Messages of task labels (docs/api/tasks.md "Labels"; the original's `taskLabel/*`). */
export const TaskLabelMsg = {
  nameRequired: '请输入标签名称',
  colorInvalid: '标签颜色有误',
  notFound: '标签不存在',
  nameTaken: '标签名称已存在',
  inUse: '使用中的标签不能删除',
  labelsInvalid: '标签有误',
  tooManyLabels: '一个任务最多10个标签',
} as const;

/** The original's label form allows 10 characters. */
export const taskLabelText = { name: { label: '标签名称', max: 10 } } as const satisfies Record<string, TextRule>;
export const TASK_LABELS_MAX = 10;

/** The palette of the original's label form; any `#rrggbb` is accepted. */
export const taskLabelColors = [
  '#53D397',
  '#20C1BD',
  '#58DADA',
  '#0FC9E7',
  '#3498DB',
  '#4A5BFD',
  '#A463F7',
  '#F24D70',
  '#FF6A00',
  '#FFB540',
] as const;

const color = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z.string({ error: TaskLabelMsg.colorInvalid }).regex(/^#[0-9A-F]{6}$/, { error: TaskLabelMsg.colorInvalid }),
);

/** `taskLabel/setLabel`: create (no `labelId`) or rename and recolour a label. */
export const taskLabelSaveSchema = z.object({
  labelId: optionalId(TaskLabelMsg.notFound),
  name: requiredText(taskLabelText.name, TaskLabelMsg.nameRequired),
  color,
});
export type TaskLabelSaveInput = z.infer<typeof taskLabelSaveSchema>;

export const taskLabelIdSchema = z.object({ labelId: idField(TaskLabelMsg.notFound) });

/** The labels of a task: `"1,2"` (the original's `labelId`), `[1, 2]`; blank clears them. */
export const taskLabelIds = idList(TaskLabelMsg.labelsInvalid).refine((ids) => new Set(ids).size <= TASK_LABELS_MAX, {
  error: TaskLabelMsg.tooManyLabels,
});
