import type { CRM_COUNT_KEYS, OA_COUNT_KEYS } from '@/shell/todo-counts';

const underReview = JSON.stringify({ checkStatus: { condition: 'in', value: [0, 3], formType: 'number' } });

type CountKey = (typeof OA_COUNT_KEYS)[number] | (typeof CRM_COUNT_KEYS)[number];

/**
 * The list each to-do count opens, filtered to exactly what it counted. A count whose list is
 * not built yet (schedule, the CRM lists) has no entry and its tile opens
 * nothing; it joins here with its page.
 */
export const todoTargets: Partial<Record<CountKey, string>> = {
  examineNum: '/workbench/examine?tab=waiting',
  taskNum: '/workbench/mytask?tab=mine&status=1',
  eventNum: '/workbench/schedule-new?view=day',
  logNum: '/workbench/journal?tab=received&unread=1',
  announcementNum: '/workbench/notice?unread=1',
  agencyNum: '/workbench/returnVisit?status=1',
  // Records under review (待审核, 审核中): the approver acts on each one's detail.
  checkContract: `/crm/contract?filter=${encodeURIComponent(underReview)}`,
  checkReceivables: `/crm/receivables?filter=${encodeURIComponent(underReview)}`,
};
