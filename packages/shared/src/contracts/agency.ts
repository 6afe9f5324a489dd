import { z } from 'zod';
import { apiTime, pageOf } from './common.ts';

/** Answers of agency tasks (docs/api/agency.md). */
export const agencyRowSchema = z.object({
  agencyId: z.number().int(),
  customerId: z.number().int(),
  customerName: z.string(),
  typeCode: z.number().int(),
  typeName: z.string(),
  content: z.string(),
  /** 1 待接受, 2 已接受, 3 已完成, 4 已撤销. */
  status: z.number().int(),
  marked: z.boolean(),
  deadline: apiTime.nullable(),
  result: z.string(),
  userId: z.number().int(),
  userName: z.string(),
  createUserId: z.number().int(),
  createUserName: z.string(),
  acceptTime: apiTime.nullable(),
  completeTime: apiTime.nullable(),
  createTime: apiTime,
  permitted: z.object({ accept: z.boolean(), mark: z.boolean(), complete: z.boolean(), revoke: z.boolean() }),
});
export type AgencyRow = z.infer<typeof agencyRowSchema>;
export const agencyPageResponse = pageOf(agencyRowSchema);
export const agencyIdsResponse = z.object({ agencyIds: z.array(z.number().int()) });
export const agencyCountResponse = z.object({ count: z.number().int() });
export const agencyStatusResponse = z.object({ status: z.number().int(), marked: z.boolean() });
export const agencySysCodeResponse = z.array(
  z.object({ code: z.number().int(), name: z.string(), nameEn: z.string() }),
);
