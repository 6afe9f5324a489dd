import { z } from 'zod';
import { dayNumber } from '../schedule/repeat.ts';
import { feedTypes } from './feed-types.ts';
import { intWithDefault, isDay, optionalDay } from './fields.ts';

/**
 * The activity feed (`OaRecord/getOaRecordPageList`, docs/api/feed.md): what happened in my
 * scope, one source per type. A feature adds its type here and registers its source on the
 * server (workbench/feed.ts).
 */
export { type FeedType, feedTypes } from './feed-types.ts';

export const FeedMsg = {
  typeInvalid: '动态类型有误',
  dayInvalid: '日期格式有误',
  rangeInvalid: '结束日期不能早于开始日期',
  limitInvalid: '每页条数须在1到100之间',
  pageInvalid: '页码须在1到50之间',
} as const;

/** Deeper than 50 pages nobody scrolls a feed; the bound also bounds each source's work. */
export const FEED_PAGE_MAX = 50;

export const feedPageSchema = z
  .object({
    type: z.preprocess(
      (v) => (v === undefined || v === null || v === '' ? undefined : v),
      z.enum(feedTypes, { error: FeedMsg.typeInvalid }).optional(),
    ),
    startTime: optionalDay(FeedMsg.dayInvalid),
    endTime: optionalDay(FeedMsg.dayInvalid),
    page: intWithDefault(FeedMsg.pageInvalid, 1, { min: 1, max: FEED_PAGE_MAX }),
    limit: intWithDefault(FeedMsg.limitInvalid, 20, { min: 1, max: 100 }),
  })
  .refine((r) => !r.startTime || !r.endTime || !isDay(r.startTime) || dayNumber(r.endTime) >= dayNumber(r.startTime), {
    error: FeedMsg.rangeInvalid,
  });
export type FeedPageInput = z.infer<typeof feedPageSchema>;
