import { crmFiguresResponse } from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { myFigures } from './figures.ts';

/** The CRM home (/crm/workbench, issue 25): its one call of its own; the tiles and lists reuse existing calls. */
export function registerCrmWorkbenchRoutes(app: FastifyInstance, { db }: Ctx): void {
  defineRoute(app, {
    method: 'POST',
    url: '/crm/workbench/figures',
    access: { any: ['crm:customer:index', 'crm:contract:index', 'crm:receivables:index'] },
    response: crmFiguresResponse,
    handler: ({ user }) => myFigures(db, user),
  });
}
