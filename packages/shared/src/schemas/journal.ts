import { z } from 'zod';
import { richTextField } from '../editor/config.ts';
import {
  idField,
  idList,
  intEnum,
  optionalDay,
  optionalId,
  optionalText,
  pageFields,
  requiredText,
  searchField,
} from './fields.ts';

/** Messages of work logs (workbench › 日志, docs/api/journal.md). */
export const JournalMsg = {
  contentRequired: '请填写工作内容',
  notFound: '日志不存在',
  categoryInvalid: '日志类型有误',
  recipientsInvalid: '接收人有误',
  tooManyRecipients: '接收人不能超过100人',
  customersInvalid: '关联客户有误',
  tooManyCustomers: '关联客户不能超过50个',
  listTypeInvalid: '日志列表类型有误',
  commentRequired: '请输入评论内容',
  authorOnly: '只有日志的作者可以修改或删除',
} as const;

/** 1 日报, 2 周报, 3 月报. */
export const logCategories = [1, 2, 3] as const;
export type LogCategory = (typeof logCategories)[number];

/** The three parts of a log as each kind names them (zh, en). */
export const logPartLabels: Record<LogCategory, { content: string; tomorrow: string; question: string }> = {
  1: { content: '今日工作内容', tomorrow: '明日工作计划', question: '遇到的问题' },
  2: { content: '本周工作内容', tomorrow: '下周工作计划', question: '遇到的问题' },
  3: { content: '本月工作内容', tomorrow: '下月工作计划', question: '遇到的问题' },
};

export const LOG_RECIPIENTS_MAX = 100;
export const LOG_CUSTOMERS_MAX = 50;

export const logText = {
  comment: { label: '评论内容', max: 500, multiline: true },
  batchId: { label: '附件批次', max: 40 },
} as const;

/**
 * Write (no `logId`) or edit a work log: what was done (required), the plan and the problems
 * (rich text, sanitised by the server), the people it is sent to, the customers it is about.
 * `batchId` (client generated) holds its attachments and images and makes a double submit
 * answer the first log.
 */
export const logSaveSchema = z.object({
  logId: optionalId(JournalMsg.notFound),
  categoryId: intEnum(logCategories, JournalMsg.categoryInvalid, 1),
  content: richTextField(JournalMsg.contentRequired),
  tomorrow: richTextField(),
  question: richTextField(),
  sendUserIds: idList(JournalMsg.recipientsInvalid)
    .refine((ids) => new Set(ids).size <= LOG_RECIPIENTS_MAX, { error: JournalMsg.tooManyRecipients })
    .default([]),
  customerIds: idList(JournalMsg.customersInvalid)
    .refine((ids) => new Set(ids).size <= LOG_CUSTOMERS_MAX, { error: JournalMsg.tooManyCustomers })
    .default([]),
  batchId: optionalText(logText.batchId),
  removedFileIds: idList('附件有误').default([]),
});
export type LogSaveInput = z.infer<typeof logSaveSchema>;

export const logIdSchema = z.object({ logId: idField(JournalMsg.notFound) });

export const logCommentSchema = z.object({
  logId: idField(JournalMsg.notFound),
  content: requiredText(logText.comment, JournalMsg.commentRequired),
});

/** 1 the logs I sent, 2 the logs sent to me, 3 my subordinates' (by my role's data scope). */
export const logListTypes = [1, 2, 3] as const;
export const logListSchema = z.object({
  ...pageFields,
  type: intEnum(logListTypes, JournalMsg.listTypeInvalid, 2),
  /** 0 every kind. */
  categoryId: intEnum([0, ...logCategories] as const, JournalMsg.categoryInvalid, 0),
  /** 1: only the ones sent to me that I have not read. */
  unread: intEnum([0, 1] as const, '未读筛选有误', 0),
  startDay: optionalDay('日期格式有误'),
  endDay: optionalDay('日期格式有误'),
  /** The author's name. */
  search: searchField,
});
export type LogListInput = z.infer<typeof logListSchema>;
