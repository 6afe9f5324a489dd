import { hrApplyContracts, hrApplyQuerySchema, hrApplySchema } from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import { type Ctx, defineRoute } from '../../../core/route.ts';
import { applyHrChange, hrApplyOf } from './service.ts';

/** HR administrators: the transfers and confirmations they apply. */
const HR = 'manage:users:hrApply';

export function registerHrApplyRoutes(app: FastifyInstance, { db }: Ctx): void {
  defineRoute(app, {
    method: 'POST',
    url: '/OaExamine/applyHrChange',
    access: HR,
    response: hrApplyContracts['/OaExamine/applyHrChange'],
    schema: hrApplySchema,
    handler: ({ input, user }) => applyHrChange(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaExamine/queryHrApply',
    access: HR,
    response: hrApplyContracts['/OaExamine/queryHrApply'],
    schema: hrApplyQuerySchema,
    handler: ({ input }) => hrApplyOf(db, { examineId: input.examineId }),
  });
}
