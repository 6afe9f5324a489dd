import { z } from 'zod';
import { apiTime, pageOf, personSchema } from './common.ts';

/** Answers of work logs (docs/api/journal.md). */

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
  content: z.string(),
  tomorrow: z.string(),
  question: z.string(),
  batchId: z.string(),
  sendUsers: z.array(personSchema.extend({ readTime: apiTime.nullable() })),
  customers: z.array(z.object({ customerId: z.number().int(), customerName: z.string() })),
  comments: z.array(logCommentItemSchema),
  permitted: z.object({ update: z.boolean(), delete: z.boolean(), comment: z.boolean() }),
});
export type LogDetail = z.infer<typeof logDetailSchema>;

export const logSaveResponse = z.object({ logId: z.number().int() });
export const logCommentResponse = z.object({ commentId: z.number().int() });
