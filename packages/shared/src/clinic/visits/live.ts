import { z } from 'zod';
import { idField } from '../../schemas/fields.ts';

/**
 * Live visit queues over the messaging socket (docs/clinic-visits.md "Live queues"): a station
 * page sends `watchVisits` with its stores; every move of a visit of those stores then arrives as
 * a `visit` frame (no customer data: the page fetches its queue again).
 */
export const VisitLiveMsg = {
  storesInvalid: '请选择门店',
  mayNotWatch: '无权查看该门店的就诊队列',
} as const;

/** Client frame: push this socket the visit moves of these stores (replaces what it watched; [] stops). */
export const watchVisitsFrame = z.object({
  type: z.literal('watchVisits'),
  storeIds: z.array(idField(VisitLiveMsg.storesInvalid)).max(20, { error: VisitLiveMsg.storesInvalid }),
});
export type WatchVisitsFrame = z.infer<typeof watchVisitsFrame>;

/** A visit arrived, moved or was (re)assigned: where it is now. */
export const visitEventFrame = z.object({
  type: z.literal('visit'),
  visitId: z.number().int(),
  storeId: z.number().int(),
  status: z.number().int(),
});
export type VisitEventFrame = z.infer<typeof visitEventFrame>;

/** The answer to `watchVisits`: the stores this socket now watches. */
export const watchingVisitsFrame = z.object({ type: z.literal('watchingVisits'), storeIds: z.array(z.number().int()) });
