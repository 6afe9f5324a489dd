import {
  noData,
  planDocDetailSchema,
  planDocIdSchema,
  planDocListSchema,
  planDocPageResponse,
  planDocSaveResponse,
  planDocSaveSchema,
} from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { PLAN } from './access.ts';
import { deletePlan, savePlan } from './actions.ts';
import { registerFileOwners } from './file-owner.ts';
import { listPlans, planDetail } from './queries.ts';

/** Planning documents (docs/api/plans.md). Every call also checks the viewer's part in the document. */
export function registerPlanRoutes(app: FastifyInstance, { db, storage, registry }: Ctx): void {
  registerFileOwners(registry);
  defineRoute(app, {
    method: 'POST',
    url: '/OaPlan/savePlan',
    access: PLAN,
    schema: planDocSaveSchema,
    response: planDocSaveResponse,
    handler: ({ input, user }) => savePlan(db, storage, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaPlan/queryPlanList',
    access: PLAN,
    schema: planDocListSchema,
    response: planDocPageResponse,
    handler: ({ input, user }) => listPlans(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaPlan/queryPlanInfo',
    access: PLAN,
    schema: planDocIdSchema,
    response: planDocDetailSchema,
    handler: ({ input, user }) => planDetail(db, user, input.planId),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaPlan/deletePlan',
    access: PLAN,
    schema: planDocIdSchema,
    response: noData,
    handler: ({ input, user }) => deletePlan(db, user, input.planId),
  });
}
