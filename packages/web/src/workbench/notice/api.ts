import type { Input } from '@crm/shared';
import { call } from '@/shell/call';

/** The notice calls of the workbench (docs/api/notices.md); answers typed by the shared contracts. */
export type { NoticeDetail, NoticeReaders, NoticeRow } from '@crm/shared';

export type NoticeFilter = { page: number; limit: number; type: 1 | 2; unread: 0 | 1; search: string };

export type SaveNoticeBody = Input<'/OaAnnouncement/saveAnnouncement'>;

export const noticeApi = {
  list: (f: NoticeFilter) => call('/OaAnnouncement/queryAnnouncementList', f),
  detail: (announcementId: number) => call('/OaAnnouncement/queryById', { announcementId }, { silent: true }),
  readers: (announcementId: number) => call('/OaAnnouncement/queryReaders', { announcementId }),
  save: (body: SaveNoticeBody) => call('/OaAnnouncement/saveAnnouncement', body, { json: true }),
  remove: (announcementId: number) => call('/OaAnnouncement/deleteById', { announcementId }),
};

/** Every change invalidates `['notice']` and the to-do counts (the unread badge). */
export const noticeKeys = {
  all: ['notice'] as const,
  list: (f: NoticeFilter) => ['notice', 'list', f] as const,
  detail: (id: number) => ['notice', 'detail', id] as const,
  readers: (id: number) => ['notice', 'readers', id] as const,
};
