import { z } from 'zod';
import { apiTime, pageOf, personSchema } from './common.ts';

/** Answers of the user-location map (docs/api/location.md). */

/** Spec 3.3: a position (BD09, as uploaded). */
export const positionSchema = z.object({
  id: z.number().int(),
  longitude: z.number(),
  latitude: z.number(),
  synchronizationTime: apiTime,
});
export type Position = z.infer<typeof positionSchema>;

export const positionUserPageResponse = pageOf(personSchema);
export const positionsResponse = z.object({ positions: z.array(positionSchema), userInfo: personSchema });
export type PositionsAnswer = z.infer<typeof positionsResponse>;
export const positionUploadResponse = z.object({ id: z.number().int() });
