import {
  agencyCompleteSchema,
  agencyCountResponse,
  agencyFindPageSchema,
  agencyIdSchema,
  agencyIdsResponse,
  agencyMarkSchema,
  agencyPageResponse,
  agencySaveListSchema,
  agencyStatusResponse,
  agencySysCodeResponse,
  agencyTypes,
} from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import { type Ctx, defineRoute } from '../../core/route.ts';
import {
  ASSIGN,
  acceptAgency,
  acceptAllAgencies,
  completeAgency,
  HANDLE,
  markAgency,
  revokeAgency,
  saveAgencyList,
} from './actions.ts';
import { registerBacklogCounters } from './backlog.ts';
import { registerCustomerDeleteCleanups } from './customer-delete.ts';
import { registerFeedSources } from './feed.ts';
import { findAgencyPage } from './queries.ts';

const EITHER = { any: [HANDLE, ASSIGN] };

/** Agency tasks, 回访任务 (docs/api/agency.md). Every change also checks the caller's side of the task. */
export function registerAgencyRoutes(app: FastifyInstance, { db, registry }: Ctx): void {
  registerCustomerDeleteCleanups(registry);
  registerBacklogCounters(registry);
  registerFeedSources(registry);
  const P = '/CrmCustumerAgency';
  defineRoute(app, {
    method: 'POST',
    url: `${P}/findPage`,
    access: EITHER,
    schema: agencyFindPageSchema,
    response: agencyPageResponse,
    handler: ({ input, user }) => findAgencyPage(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${P}/saveList`,
    access: ASSIGN,
    schema: agencySaveListSchema,
    response: agencyIdsResponse,
    handler: ({ input, user }) => saveAgencyList(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${P}/accept`,
    access: HANDLE,
    schema: agencyIdSchema,
    response: agencyStatusResponse,
    handler: ({ input, user }) => acceptAgency(db, user, input.agencyId),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${P}/acceptAllToBeAcceptedAgent`,
    access: HANDLE,
    response: agencyCountResponse,
    handler: ({ user }) => acceptAllAgencies(db, user),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${P}/revokeTaskByAgencyId`,
    access: ASSIGN,
    schema: agencyIdSchema,
    response: agencyStatusResponse,
    handler: ({ input, user }) => revokeAgency(db, user, input.agencyId),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${P}/markById`,
    access: HANDLE,
    schema: agencyMarkSchema,
    response: agencyStatusResponse,
    handler: ({ input, user }) => markAgency(db, user, input.agencyId, input.marked),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${P}/completeTheTaskDetail`,
    access: HANDLE,
    schema: agencyCompleteSchema,
    response: agencyStatusResponse,
    handler: ({ input, user }) => completeAgency(db, user, input.agencyId, input.result),
  });
  defineRoute(app, {
    method: 'GET',
    url: `${P}/querySysCode`,
    access: EITHER,
    response: agencySysCodeResponse,
    handler: async () => agencyTypes.map((t) => ({ ...t })),
  });
}
