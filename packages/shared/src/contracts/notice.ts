import { z } from 'zod';
import { apiTime, pageOf, personSchema } from './common.ts';

/** Answers of notices (docs/api/notices.md). */

/** pending: its window has not begun; active; ended: past its end time. */
const noticeState = z.enum(['pending', 'active', 'ended']);

export const noticeRowSchema = z.object({
  announcementId: z.number().int(),
  title: z.string(),
  startTime: apiTime,
  endTime: apiTime.nullable(),
  state: noticeState,
  createUserId: z.number().int(),
  createUserName: z.string(),
  createTime: apiTime,
  /** I am one of its readers and have not opened it. */
  unread: z.boolean(),
});
export type NoticeRow = z.infer<typeof noticeRowSchema>;
/** The original client's notice list shows the start of each text: rows carry `content` too (issue 20). */
export const noticeWireRowSchema = noticeRowSchema.extend({ content: z.string() });
export const noticePageResponse = pageOf(noticeWireRowSchema);

export const noticeDetailSchema = noticeRowSchema.extend({
  content: z.string(),
  batchId: z.string(),
  depts: z.array(z.object({ deptId: z.number().int(), name: z.string() })),
  users: z.array(personSchema),
  /** Sent to the whole company (no departments or people chosen). */
  toAll: z.boolean(),
  creator: personSchema,
  permitted: z.object({ update: z.boolean(), delete: z.boolean(), readers: z.boolean() }),
});
export type NoticeDetail = z.infer<typeof noticeDetailSchema>;

export const noticeSaveResponse = z.object({ announcementId: z.number().int() });

/** Who of its readers has opened it (the author and those who may edit it see this). */
export const noticeReadersResponse = z.object({
  read: z.array(personSchema.extend({ readTime: apiTime })),
  unread: z.array(personSchema),
});
export type NoticeReaders = z.infer<typeof noticeReadersResponse>;
