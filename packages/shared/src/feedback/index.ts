import { z } from 'zod';
import { apiTime, pageOf } from '../contracts/common.ts';
import { fileInfoSchema } from '../contracts/files.ts';
import { idField, intEnum, optionalText, pageFields, requiredText } from '../schemas/fields.ts';
import { optionalTimeInput } from '../time/field.ts';

/** Feedback (/manager/system-issue, issue 25): staff send it from the user menu, administrators answer. */
export const FeedbackMsg = {
  typeInvalid: '请选择反馈类型',
  contentRequired: '请输入反馈内容',
  batchRequired: '缺少提交批次',
  notFound: '反馈不存在',
  statusInvalid: '反馈状态有误',
  replyRequired: '请输入回复内容',
  timeInvalid: '时间格式有误',
  senderInvalid: '提交人有误',
  tooManyShots: '截图最多5张',
  imagesOnly: '截图只能是图片',
} as const;

export const FEEDBACK_SHOTS_MAX = 5;
export const feedbackTypes = ['问题', '建议', '其他'] as const;
/** 1 新建, 2 处理中, 3 已完成. */
export const feedbackStatuses = [1, 2, 3] as const;
export const feedbackStatusNames: Record<number, string> = { 1: '新建', 2: '处理中', 3: '已完成' };

export const feedbackText = {
  content: { label: '反馈内容', max: 1000, multiline: true },
  reply: { label: '回复内容', max: 1000, multiline: true },
  page: { label: '页面地址', max: 500 },
  batchId: { label: '提交批次', max: 40 },
} as const;

/**
 * Submit: `batchId` is made by the dialog when it opens; its screenshots are uploaded in that batch
 * and a second submit of the same batch (double click) answers the first feedback.
 */
export const feedbackSubmitSchema = z.object({
  type: z.enum(feedbackTypes, { error: FeedbackMsg.typeInvalid }),
  content: requiredText(feedbackText.content, FeedbackMsg.contentRequired),
  pageUrl: optionalText(feedbackText.page),
  batchId: requiredText(feedbackText.batchId, FeedbackMsg.batchRequired),
});
export type FeedbackSubmitInput = z.infer<typeof feedbackSubmitSchema>;

export const feedbackIdSchema = z.object({ feedbackId: idField(FeedbackMsg.notFound) });

export const feedbackMineSchema = z.object({ ...pageFields });

export const feedbackListSchema = z.object({
  ...pageFields,
  status: intEnum(feedbackStatuses, FeedbackMsg.statusInvalid).optional(),
  type: z.enum(feedbackTypes, { error: FeedbackMsg.typeInvalid }).optional(),
  senderId: idField(FeedbackMsg.senderInvalid).optional(),
  startTime: optionalTimeInput(FeedbackMsg.timeInvalid),
  endTime: optionalTimeInput(FeedbackMsg.timeInvalid),
});
export type FeedbackListInput = z.infer<typeof feedbackListSchema>;

export const feedbackStatusSchema = z.object({
  feedbackId: idField(FeedbackMsg.notFound),
  status: intEnum(feedbackStatuses, FeedbackMsg.statusInvalid),
});

export const feedbackReplySchema = z.object({
  feedbackId: idField(FeedbackMsg.notFound),
  reply: requiredText(feedbackText.reply, FeedbackMsg.replyRequired),
});

export const feedbackRowSchema = z.object({
  feedbackId: z.number().int(),
  type: z.string(),
  content: z.string(),
  pageUrl: z.string(),
  status: z.number().int(),
  senderId: z.number().int(),
  senderName: z.string(),
  reply: z.string(),
  replierName: z.string(),
  replyTime: apiTime.nullable(),
  createTime: apiTime,
  updateTime: apiTime,
});
export type FeedbackRow = z.infer<typeof feedbackRowSchema>;
export const feedbackDetailSchema = feedbackRowSchema.extend({ screenshots: z.array(fileInfoSchema) });
export type FeedbackDetail = z.infer<typeof feedbackDetailSchema>;
export const feedbackPageResponse = pageOf(feedbackRowSchema);

export const feedbackContracts = {
  '/system/feedback/submit': z.object({ feedbackId: z.number().int() }),
  '/system/feedback/mine': feedbackPageResponse,
  '/system/feedback/list': feedbackPageResponse,
  '/system/feedback/detail': feedbackDetailSchema,
  '/system/feedback/setStatus': z.null(),
  '/system/feedback/reply': z.null(),
};
