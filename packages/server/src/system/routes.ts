import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../core/route.ts';
// Applications switched on or off (issue 25, h-apps).
import { registerApplicationRoutes } from './applications/routes.ts';
import { registerDeptRoutes } from './depts/routes.ts';
import { registerDictRoutes } from './dict/routes.ts';
// Feedback (issue 25, h-feedback).
import { registerFeedbackRoutes } from './feedback/routes.ts';
import { registerOriginalOrgRoutes } from './original-rest.ts';
import { registerRoleRoutes } from './roles/routes.ts';
import { registerUserRoutes } from './users/routes.ts';

/** The organisation API (docs/api/system.md): users, departments, roles and menus. */
export function registerSystemRoutes(app: FastifyInstance, ctx: Ctx): void {
  registerUserRoutes(app, ctx);
  registerDeptRoutes(app, ctx);
  registerRoleRoutes(app, ctx);
  registerDictRoutes(app, ctx);
  registerFeedbackRoutes(app, ctx); // Feedback (issue 25, h-feedback).
  registerApplicationRoutes(app, ctx); // Applications (issue 25, h-apps).
  registerOriginalOrgRoutes(app, ctx);
}
