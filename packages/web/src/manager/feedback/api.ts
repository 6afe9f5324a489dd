import type { FeedbackDetail, FeedbackRow, Input } from '@crm/shared';
import { call } from '@/shell/call';

/** Feedback (docs/api/feedback.md): the user menu's dialog and 系统管理 › 意见反馈. */
export type { FeedbackDetail, FeedbackRow };
export type SubmitBody = Input<'/system/feedback/submit'>;
export type ListFilter = {
  status?: number;
  type?: Input<'/system/feedback/list'>['type'];
  senderId?: number;
  startTime?: string;
  endTime?: string;
};

export const feedbackApi = {
  submit: (body: SubmitBody) => call('/system/feedback/submit', body),
  mine: (page: number) => call('/system/feedback/mine', { page, limit: 10 }),
  list: (page: number, filter: ListFilter) => call('/system/feedback/list', { page, limit: 15, ...filter }),
  detail: (feedbackId: number) => call('/system/feedback/detail', { feedbackId }),
  setStatus: (feedbackId: number, status: number) => call('/system/feedback/setStatus', { feedbackId, status }),
  reply: (feedbackId: number, reply: string) => call('/system/feedback/reply', { feedbackId, reply }),
};

export const feedbackKeys = {
  all: ['system', 'feedback'] as const,
  mine: (page: number) => ['system', 'feedback', 'mine', page] as const,
  list: (page: number, filter: ListFilter) => ['system', 'feedback', 'list', page, filter] as const,
  detail: (id: number) => ['system', 'feedback', 'detail', id] as const,
};

/** 新建 blue, 处理中 orange, 已完成 green. */
export const statusColor: Record<number, string> = { 1: 'blue', 2: 'orange', 3: 'green' };
