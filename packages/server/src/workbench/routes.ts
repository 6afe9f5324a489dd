import {
  crmBacklogResponse,
  feedPageResponse,
  feedPageSchema,
  oaBacklogResponse,
  remindersResponse,
} from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../core/route.ts';
import { defineRoute } from '../core/route.ts';
import { crmBacklog, oaBacklog } from './backlog.ts';
import { feedPage } from './feed.ts';

/**
 * The workbench badges (docs/api/workbench.md). Counts are per user: each counter scopes itself.
 * Counters, reminders and feed sources are the features' registrations into this app's registry.
 */
export function registerWorkbenchRoutes(app: FastifyInstance, { db, registry }: Ctx): void {
  defineRoute(app, {
    method: 'POST',
    url: '/CrmBackLog/num',
    access: 'login',
    response: crmBacklogResponse,
    handler: ({ user }) => crmBacklog(registry.backlog, db, user),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaBackLog/num',
    access: 'login',
    response: oaBacklogResponse,
    handler: ({ user }) => oaBacklog(registry.backlog, db, user),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaBackLog/queryReminders',
    access: 'login',
    response: remindersResponse,
    handler: ({ user }) => registry.reminders.due(db, user),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaRecord/getOaRecordPageList',
    access: 'login',
    schema: feedPageSchema,
    response: feedPageResponse,
    handler: ({ input, user }) => feedPage(db, registry.feed, user, input),
  });
}
