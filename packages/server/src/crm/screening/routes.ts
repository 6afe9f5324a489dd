import { screeningQuerySchema, screeningResponse } from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { screen } from './query.ts';

/** 客户查重 (issue 25, docs/api/screening.md): one search over every owner's customers, leads and contacts. */
export function registerScreeningRoutes(app: FastifyInstance, { db }: Ctx): void {
  defineRoute(app, {
    method: 'POST',
    url: '/crm/screening/query',
    access: 'crm:screening:read',
    schema: screeningQuerySchema,
    response: screeningResponse,
    handler: ({ input, user }) => screen(db, user, input),
  });
}
