import { type SystemSceneKey, systemSceneIds } from '@crm/shared';
import type { CRM_COUNT_KEYS, OA_COUNT_KEYS } from '@/shell/todo-counts';

/** A CRM list opened on one of its system scenes: the server counts the tile with the same scene. */
const scene = (path: string, key: SystemSceneKey) => `/crm/${path}?scene=${systemSceneIds[key]}`;

type CountKey = (typeof OA_COUNT_KEYS)[number] | (typeof CRM_COUNT_KEYS)[number];

/** The list each to-do count opens, filtered to exactly what it counted. */
export const todoTargets: Partial<Record<CountKey, string>> = {
  examineNum: '/workbench/examine?tab=waiting',
  taskNum: '/workbench/mytask?tab=mine&status=1',
  eventNum: '/workbench/schedule-new?view=day',
  logNum: '/workbench/journal?tab=received&unread=1',
  announcementNum: '/workbench/notice?unread=1',
  agencyNum: '/workbench/returnVisit?status=1',
  // Declaration forms (issue 25, h-decl).
  declarationNum: '/workbench/declaration?tab=mine',
  // Each CRM count is the total of the scene it opens (crm/records/list.ts sceneCount on the server).
  followLeads: scene('leads', 'followUp'),
  checkContract: scene('contract', 'toReview'),
  checkReceivables: scene('receivables', 'toReview'),
  remindReceivablesPlan: scene('contract', 'planDue'),
  endContract: scene('contract', 'expiring'),
  todayCustomer: scene('customer', 'contactToday'),
  followCustomer: scene('customer', 'notFollowed'),
};
