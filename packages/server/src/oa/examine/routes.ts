import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../core/route.ts';
import { registerCategoryRoutes } from './category/routes.ts';
import { registerOaExamineRoutes } from './examine-routes.ts';
import { registerFormLookupRoutes } from './form-lookups.ts';
import { registerExamineFormRoutes } from './forms/routes.ts';
import { registerHrApplyRoutes } from './hr-apply/routes.ts';
import { registerReimbursementRoutes } from './reimbursement/routes.ts';
import './backlog.ts';
import './feed.ts';
import './file-owner.ts';

export function registerExamineRoutes(app: FastifyInstance, ctx: Ctx): void {
  registerCategoryRoutes(app, ctx);
  registerOaExamineRoutes(app, ctx);
  registerExamineFormRoutes(app, ctx);
  registerFormLookupRoutes(app, ctx);
  registerHrApplyRoutes(app, ctx);
  // /reimbursementDetail: an approved expense claim on an open link (issue 25).
  registerReimbursementRoutes(app, ctx);
}
