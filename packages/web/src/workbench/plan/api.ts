import type { Input } from '@crm/shared';
import { call } from '@/shell/call';

/** The planning-document calls (docs/api/plans.md); answers typed by the shared contracts. */
export type { PlanDocDetail, PlanDocRow } from '@crm/shared';

export type PlanTab = 'all' | 'mine' | 'shared' | 'subordinates';
export const planTabs: PlanTab[] = ['all', 'mine', 'shared', 'subordinates'];
export const tabType: Record<PlanTab, 1 | 2 | 3 | 4> = { all: 1, mine: 2, shared: 3, subordinates: 4 };

export type PlanFilter = { page: number; limit: number; search: string };

export type SavePlanBody = Input<'/OaPlan/savePlan'>;

export const planApi = {
  list: (tab: PlanTab, f: PlanFilter) => call('/OaPlan/queryPlanList', { ...f, type: tabType[tab] }),
  detail: (planId: number) => call('/OaPlan/queryPlanInfo', { planId }, { silent: true }),
  save: (body: SavePlanBody) => call('/OaPlan/savePlan', body, { json: true }),
  remove: (planId: number) => call('/OaPlan/deletePlan', { planId }),
};

export const planKeys = {
  all: ['plan'] as const,
  list: (tab: PlanTab, f: PlanFilter) => ['plan', 'list', tab, f] as const,
  detail: (id: number) => ['plan', 'detail', id] as const,
};
