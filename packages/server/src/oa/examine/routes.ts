import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../core/route.ts';
import { registerBacklogCounters } from './backlog.ts';
import { registerCategoryRoutes } from './category/routes.ts';
import { registerOaExamineRoutes } from './examine-routes.ts';
import { registerFeedSources } from './feed.ts';
import { registerFileOwners } from './file-owner.ts';
import { registerFormLookupRoutes } from './form-lookups.ts';
import { registerExamineFormRoutes } from './forms/routes.ts';
import { registerHrApplyRoutes } from './hr-apply/routes.ts';
import { registerReimbursementRoutes } from './reimbursement/routes.ts';

export function registerExamineRoutes(app: FastifyInstance, ctx: Ctx): void {
  registerBacklogCounters(ctx.registry);
  registerFeedSources(ctx.registry);
  registerFileOwners(ctx.registry);
  registerCategoryRoutes(app, ctx);
  registerOaExamineRoutes(app, ctx);
  registerExamineFormRoutes(app, ctx);
  registerFormLookupRoutes(app, ctx);
  registerHrApplyRoutes(app, ctx);
  // /reimbursementDetail: an approved expense claim on an open link (issue 25).
  registerReimbursementRoutes(app, ctx);
}
