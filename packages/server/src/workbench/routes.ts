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
import { type BacklogRegistry, backlog, crmBacklog, oaBacklog } from './backlog.ts';
import { feedPage } from './feed.ts';
import { dueReminders } from './reminders.ts';

/** The workbench badges (docs/api/workbench.md). Counts are per user: each counter scopes itself. */
export function registerWorkbenchRoutes(app: FastifyInstance, { db }: Ctx, registry: BacklogRegistry = backlog): void {
  defineRoute(app, {
    method: 'POST',
    url: '/CrmBackLog/num',
    access: 'login',
    response: crmBacklogResponse,
    handler: ({ user }) => crmBacklog(registry, db, user),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaBackLog/num',
    access: 'login',
    response: oaBacklogResponse,
    handler: ({ user }) => oaBacklog(registry, db, user),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaBackLog/queryReminders',
    access: 'login',
    response: remindersResponse,
    handler: ({ user }) => dueReminders(db, user),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaRecord/getOaRecordPageList',
    access: 'login',
    schema: feedPageSchema,
    response: feedPageResponse,
    handler: ({ input, user }) => feedPage(db, user, input),
  });
}
