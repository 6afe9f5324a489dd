import {
  logCommentResponse,
  logCommentSchema,
  logDetailSchema,
  logIdSchema,
  logListSchema,
  logPageResponse,
  logSaveResponse,
  logSaveSchema,
  noData,
  relationListSchema,
} from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { requireReadableRecord } from '../relation.ts';
import { JOURNAL } from './access.ts';
import { commentLog, deleteLog, saveLog } from './actions.ts';
import { registerBacklogCounters } from './backlog.ts';
import { registerCustomerDeleteCleanups } from './customer-delete.ts';
import { registerFeedSources } from './feed.ts';
import { registerFileOwners } from './file-owner.ts';
import { listLogs, logDetail, relatedLogs } from './queries.ts';

/** Work logs (docs/api/journal.md). Every call also checks the viewer's part in the log. */
export function registerJournalRoutes(app: FastifyInstance, { db, storage, registry }: Ctx): void {
  registerBacklogCounters(registry);
  registerCustomerDeleteCleanups(registry);
  registerFeedSources(registry);
  registerFileOwners(registry);
  defineRoute(app, {
    method: 'POST',
    url: '/OaLog/saveLog',
    // The original client's name of this call (issue 20).
    aliases: ['/OaLog/addOrUpdate'],
    access: JOURNAL,
    schema: logSaveSchema,
    response: logSaveResponse,
    handler: ({ input, user }) => saveLog(db, storage, registry.kinds, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaLog/queryLogList',
    // The original client's name of this call (issue 20).
    aliases: ['/OaLog/queryList'],
    access: JOURNAL,
    schema: logListSchema,
    response: logPageResponse,
    handler: ({ input, user }) => listLogs(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    // The original client's 日志 tab of a CRM record's detail page (issue 20).
    url: '/OaLog/queryLogRelation',
    access: JOURNAL,
    schema: relationListSchema,
    response: logPageResponse,
    handler: async ({ input, user }) => {
      await requireReadableRecord(db, registry.kinds, user, input.label, input.id);
      return relatedLogs(db, user, input);
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaLog/queryLogInfo',
    // The original marks a log read with `readLog`; opening it does the same here.
    aliases: ['/OaLog/readLog'],
    access: JOURNAL,
    schema: logIdSchema,
    response: logDetailSchema,
    handler: ({ input, user }) => logDetail(db, user, input.logId),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaLog/comment',
    // The original client's name of this call (issue 20).
    aliases: ['/OaLog/addComment'],
    access: JOURNAL,
    schema: logCommentSchema,
    response: logCommentResponse,
    handler: ({ input, user }) => commentLog(db, user, input.logId, input.content),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaLog/deleteLog',
    // The original client's name of this call (issue 20).
    aliases: ['/OaLog/deleteById'],
    access: JOURNAL,
    schema: logIdSchema,
    response: noData,
    handler: ({ input, user }) => deleteLog(db, user, input.logId),
  });
}
