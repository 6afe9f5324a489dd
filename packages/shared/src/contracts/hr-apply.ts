import { z } from 'zod';
import { apiTime, personSchema } from './common.ts';

/** The change an HR apply made: before and after, who did it and when. */
const orgPlace = z.object({
  deptId: z.number().int().nullable(),
  deptName: z.string(),
  post: z.string(),
  parentId: z.number().int().nullable(),
  parentName: z.string(),
  confirmed: z.boolean(),
});
export const hrApplySchemaOut = z.object({
  applyId: z.number().int(),
  examineId: z.number().int(),
  kind: z.enum(['positionTransfer', 'probation']),
  user: personSchema.nullable(),
  before: orgPlace,
  after: orgPlace,
  appliedBy: personSchema.nullable(),
  appliedAt: apiTime,
});
export type HrApplyRecord = z.infer<typeof hrApplySchemaOut>;
export const hrApplyContracts = {
  '/OaExamine/applyHrChange': hrApplySchemaOut,
  '/OaExamine/queryHrApply': hrApplySchemaOut.nullable(),
} as const;
