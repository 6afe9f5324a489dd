import type { Input } from '@crm/shared';
import { call } from '@/shell/call';

/** The work-log calls (docs/api/journal.md); answers typed by the shared contracts. */
export type { LogDetail, LogRow } from '@crm/shared';

export type JournalTab = 'received' | 'sent' | 'subordinates';
export const tabType: Record<JournalTab, 1 | 2 | 3> = { sent: 1, received: 2, subordinates: 3 };

export type JournalFilter = { page: number; limit: number; categoryId: number; unread: 0 | 1; search: string };

export type SaveLogBody = Input<'/OaLog/saveLog'>;

export const journalApi = {
  list: (tab: JournalTab, f: JournalFilter) => call('/OaLog/queryLogList', { ...f, type: tabType[tab] }),
  detail: (logId: number) => call('/OaLog/queryLogInfo', { logId }, { silent: true }),
  save: (body: SaveLogBody) => call('/OaLog/saveLog', body, { json: true }),
  comment: (logId: number, content: string) => call('/OaLog/comment', { logId, content }),
  remove: (logId: number) => call('/OaLog/deleteLog', { logId }),
};

export const journalKeys = {
  all: ['journal'] as const,
  list: (tab: JournalTab, f: JournalFilter) => ['journal', 'list', tab, f] as const,
  detail: (id: number) => ['journal', 'detail', id] as const,
};
