import {
  noData,
  noticeDetailSchema,
  noticeIdSchema,
  noticeListSchema,
  noticePageResponse,
  noticeReadersResponse,
  noticeSaveResponse,
  noticeSaveSchema,
} from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { deleteNotice, saveNotice } from './actions.ts';
import { registerBacklogCounters } from './backlog.ts';
import { registerFeedSources } from './feed.ts';
import { registerFileOwners } from './file-owner.ts';
import { listNotices, noticeDetail, noticeReaders } from './queries.ts';

const READ = 'oa:notice:read';
/** Publishing needs save, editing update (checked again per notice, with its author's scope). */
const WRITE = { any: ['oa:notice:save', 'oa:notice:update'] };

/** Notices (docs/api/notices.md). Every call also checks the viewer's part in the notice. */
export function registerNoticeRoutes(app: FastifyInstance, { db, storage, registry }: Ctx): void {
  registerBacklogCounters(registry);
  registerFeedSources(registry);
  registerFileOwners(registry);
  defineRoute(app, {
    method: 'POST',
    url: '/OaAnnouncement/saveAnnouncement',
    // The original client's name of this call (issue 20).
    aliases: ['/OaAnnouncement/saveAndUpdate'],
    access: WRITE,
    schema: noticeSaveSchema,
    response: noticeSaveResponse,
    handler: ({ input, user }) => saveNotice(db, storage, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaAnnouncement/queryAnnouncementList',
    // The original client's name of this call (issue 20).
    aliases: ['/OaAnnouncement/queryList'],
    access: READ,
    schema: noticeListSchema,
    response: noticePageResponse,
    handler: ({ input, user }) => listNotices(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaAnnouncement/queryById',
    // The original marks a notice read with `readAnnouncement`; opening it does the same here.
    aliases: ['/OaAnnouncement/readAnnouncement'],
    access: READ,
    schema: noticeIdSchema,
    response: noticeDetailSchema,
    handler: ({ input, user }) => noticeDetail(db, user, input.announcementId),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaAnnouncement/queryReaders',
    access: READ,
    schema: noticeIdSchema,
    response: noticeReadersResponse,
    handler: ({ input, user }) => noticeReaders(db, user, input.announcementId),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaAnnouncement/deleteById',
    // The original client's name of this call (issue 20).
    aliases: ['/OaAnnouncement/delete'],
    access: 'oa:notice:delete',
    schema: noticeIdSchema,
    response: noData,
    handler: ({ input, user }) => deleteNotice(db, user, input.announcementId),
  });
}
