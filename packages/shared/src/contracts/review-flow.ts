import { z } from 'zod';
import { apiTime, pageOf } from './common.ts';

/** Answers of the original client's CRM review-flow settings (schemas/review-flow.ts). */
const flowUser = z.object({ userId: z.number().int(), realname: z.string(), img: z.string() });
export const reviewFlowRowSchema = z.object({
  /** The category's id. */
  examineId: z.number().int(),
  /** 1 contracts, 2 receivables. */
  categoryType: z.number().int(),
  name: z.string(),
  remarks: z.string(),
  /** 1 a fixed flow, 2 the applicant chooses. */
  examineType: z.number().int(),
  /** 1 enabled, 0 disabled. */
  status: z.number().int(),
  stepList: z.array(z.object({ stepNum: z.number().int(), stepType: z.number().int(), userList: z.array(flowUser) })),
  /** The flow's range: people and departments. */
  userIds: z.array(flowUser),
  deptIds: z.array(z.object({ id: z.number().int(), name: z.string() })),
  updateTime: apiTime,
});
export const reviewFlowPageResponse = pageOf(reviewFlowRowSchema);
export const reviewFlowSaveResponse = z.object({ examineId: z.number().int(), status: z.number().int() });
