import {
  noData,
  reviewFlowListSchema,
  reviewFlowPageResponse,
  reviewFlowSaveResponse,
  reviewFlowSaveSchema,
  reviewFlowStatusSchema,
} from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import { type Ctx, defineRoute } from '../../../core/route.ts';
import { requireActiveUsers, requireDepts } from '../people-check.ts';
import { listReviewFlows, saveReviewFlow, setReviewFlowStatus } from './review-flows.ts';

/** The original client's CRM review-flow settings (review-flows.ts): approval management's permission. */
const MANAGE = 'manage:oa:examine';

export function registerReviewFlowRoutes(app: FastifyInstance, { db }: Ctx): void {
  defineRoute(app, {
    method: 'POST',
    url: '/examine/queryAllExamine',
    access: MANAGE,
    schema: reviewFlowListSchema,
    response: reviewFlowPageResponse,
    handler: ({ input }) => listReviewFlows(db, input.page, input.limit),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/examine/saveExamine',
    access: MANAGE,
    schema: reviewFlowSaveSchema,
    response: reviewFlowSaveResponse,
    handler: async ({ input, user }) => {
      await requireActiveUsers(db, [...input.step.flatMap((s) => s.userIds), ...input.userIds]);
      await requireDepts(db, input.deptIds);
      return saveReviewFlow(db, user, input);
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: '/examine/updateStatus',
    access: MANAGE,
    schema: reviewFlowStatusSchema,
    response: noData,
    handler: ({ input }) => setReviewFlowStatus(db, input.examineId, input.status),
  });
}
