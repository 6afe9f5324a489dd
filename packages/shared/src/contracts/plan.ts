import { z } from 'zod';
import { apiTime, pageOf, personSchema } from './common.ts';

/** Answers of planning documents (docs/api/plans.md). */

export const planDocRowSchema = z.object({
  planId: z.number().int(),
  title: z.string(),
  /** The first 120 characters of the body, as plain text. */
  preview: z.string(),
  createUserId: z.number().int(),
  creator: personSchema,
  createTime: apiTime,
  updateTime: apiTime,
  sharedCount: z.number().int(),
});
export type PlanDocRow = z.infer<typeof planDocRowSchema>;
export const planDocPageResponse = pageOf(planDocRowSchema);

export const planDocDetailSchema = planDocRowSchema.extend({
  content: z.string(),
  batchId: z.string(),
  sharedUsers: z.array(personSchema),
  permitted: z.object({ update: z.boolean(), delete: z.boolean() }),
});
export type PlanDocDetail = z.infer<typeof planDocDetailSchema>;

export const planDocSaveResponse = z.object({ planId: z.number().int() });
