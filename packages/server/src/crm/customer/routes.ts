import { customerSaveSchema, savedIdResponse } from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { customFieldsOf } from '../../fields/store.ts';
import { registerRecordKind } from '../records/routes.ts';
import { customerServerKind } from './kind.ts';
import { saveCustomer } from './save.ts';

/** The customer's calls: every kind's under `/CrmCustomer` plus its own save (spec 7.3). */
export function registerCustomerRoutes(app: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;
  registerRecordKind(app, ctx, customerServerKind);

  defineRoute(app, {
    method: 'POST',
    url: '/CrmCustomer/addOrUpdate',
    access: { any: ['crm:customer:save', 'crm:customer:update'] },
    schema: customerSaveSchema,
    response: savedIdResponse,
    async handler({ input, user }) {
      const saved = await saveCustomer(db, await customFieldsOf(db, customerServerKind.kind.label), user, input);
      return { id: saved.id };
    },
  });
}
