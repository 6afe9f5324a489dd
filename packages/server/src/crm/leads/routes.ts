import { leadsConvertResponse, leadsConvertSchema, leadsSaveSchema, savedIdResponse } from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { customFieldsOf } from '../../fields/store.ts';
import { registerRecordKind } from '../records/routes.ts';
import { registerBacklogCounters } from './backlog.ts';
import { convertLeads } from './convert.ts';
import { leadsServerKind as sk } from './kind.ts';
import { saveLeads } from './save.ts';

/**
 * The lead calls (crm-records §7, docs/api/leads.md): every kind's under `/CrmLeads` (the owner
 * change as `changeOwnerUser`), the save, and `transfer`, which converts leads into customers.
 */
export function registerLeadsRoutes(app: FastifyInstance, ctx: Ctx) {
  registerBacklogCounters(ctx.registry);
  const { db } = ctx;
  registerRecordKind(app, ctx, sk, {
    excelImport: {
      schema: leadsSaveSchema,
      save: async (db, user, row) => {
        await saveLeads(db, await customFieldsOf(db, sk.kind.label), user, {
          entity: {
            ...(row.fixed as Parameters<typeof saveLeads>[3]['entity']),
            leadsId: undefined,
            batchId: row.batchId,
          },
          field: Object.entries(row.custom).map(([fieldName, value]) => ({ fieldName, value })),
        });
      },
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/CrmLeads/addOrUpdate',
    access: { any: ['crm:leads:save', 'crm:leads:update'] },
    schema: leadsSaveSchema,
    response: savedIdResponse,
    handler: async ({ input, user }) => ({
      id: (await saveLeads(db, await customFieldsOf(db, sk.kind.label), user, input)).id,
    }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/CrmLeads/transfer',
    access: 'crm:leads:transform',
    schema: leadsConvertSchema,
    response: leadsConvertResponse,
    handler: ({ input, user }) => convertLeads(db, user, input.leadsIds),
  });
}
