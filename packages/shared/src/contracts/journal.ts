import { z } from 'zod';
import { apiTime, pageOf, personSchema } from './common.ts';
import { originalFileSchema } from './examine.ts';

/** Answers of work logs (docs/api/journal.md). */

const flag = z.union([z.literal(0), z.literal(1)]);
const originalUser = z.object({ userId: z.number().int(), realname: z.string(), img: z.string() });
/**
 * What the original WuKong 9.0 client's log cell reads of a row (issue 20, its journalCell):
 * the author as `createUser`, the three texts whole, read state and actions as 1/0 (`permission`
 * under both its names), the recipients, and the attachments split into `img` and `file`.
 */
function originalLogFields() {
  return {
    createUser: originalUser,
    content: z.string(),
    tomorrow: z.string(),
    question: z.string(),
    isRead: flag,
    permission: z.object({ isUpdate: flag, isDelete: flag, is_update: flag, is_delete: flag }),
    sendUserList: z.array(originalUser),
    /** Logs are sent to people only here: always empty, present because the cell counts it. */
    sendDeptList: z.array(z.object({ id: z.number().int(), name: z.string() })),
    img: z.array(originalFileSchema),
    file: z.array(originalFileSchema),
  };
}

export const logRowSchema = z.object({
  logId: z.number().int(),
  categoryId: z.number().int(),
  /** The first 120 characters of what was done, as plain text. */
  preview: z.string(),
  createUserId: z.number().int(),
  creator: personSchema,
  createTime: apiTime,
  /** Sent to me and not opened yet. */
  unread: z.boolean(),
  commentCount: z.number().int(),
  sendCount: z.number().int(),
  readCount: z.number().int(),
  ...originalLogFields(),
});
export type LogRow = z.infer<typeof logRowSchema>;
export const logPageResponse = pageOf(logRowSchema);

export const logCommentItemSchema = z.object({
  commentId: z.number().int(),
  content: z.string(),
  createTime: apiTime,
  user: personSchema,
});

export const logDetailSchema = logRowSchema.extend({
  batchId: z.string(),
  sendUsers: z.array(personSchema.extend({ readTime: apiTime.nullable() })),
  customers: z.array(z.object({ customerId: z.number().int(), customerName: z.string() })),
  comments: z.array(logCommentItemSchema),
  permitted: z.object({ update: z.boolean(), delete: z.boolean(), comment: z.boolean() }),
});
export type LogDetail = z.infer<typeof logDetailSchema>;

export const logSaveResponse = z.object({ logId: z.number().int() });
export const logCommentResponse = z.object({ commentId: z.number().int() });
