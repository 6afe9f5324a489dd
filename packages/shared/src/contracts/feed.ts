import { z } from 'zod';
import { apiTime } from './common.ts';

/** One happening of the activity feed (docs/api/feed.md). */
export const feedItemSchema = z.object({
  /** The source: examine, task, event, crm, followUp, agency (and the types later features add). */
  type: z.string(),
  /** The id of what it happened to (an approval record, a task, a customer, …). */
  refId: z.number().int(),
  /** What happened, a code per source (create, done, approve, update, …). */
  action: z.string(),
  title: z.string(),
  content: z.string(),
  userId: z.number().int().nullable(),
  realname: z.string(),
  time: apiTime,
  /** The page that shows it, or "" when there is none. */
  link: z.string(),
});
export type FeedItem = z.infer<typeof feedItemSchema>;

/** A feed page: no total (counting every source is the costly part), whether more follows. */
export const feedPageResponse = z.object({
  list: z.array(feedItemSchema),
  page: z.number().int(),
  limit: z.number().int(),
  hasMore: z.boolean(),
});
