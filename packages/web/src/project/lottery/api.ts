import type { Input, LotteryDrawListInput } from '@crm/shared';
import { downloadWorkbook } from '@/crm/records/excel/api';
import { call } from '@/shell/call';

/** 配置 › 抽奖活动 (docs/clinic-lottery.md). Times in `yyyy-MM-dd HH:mm:ss`, money in fen. */
export type DrawFilter = Partial<LotteryDrawListInput>;
const json = { json: true } as const;

export const lotteryApi = {
  list: (body: Input<'/project/lottery/list'>) => call('/project/lottery/list', body),
  save: (body: Input<'/project/lottery/save'>) => call('/project/lottery/save', body, json),
  remove: (activityId: number) => call('/project/lottery/delete', { activityId }),
  couponRules: () => call('/project/lottery/couponRules', {}),
  projects: (search: string) => call('/project/lottery/projects', { search }),
  draws: (body: DrawFilter) => call('/project/lottery/draws', body),
  handOut: (drawId: number) => call('/project/lottery/handOut', { drawId }),
  exportDraws: (body: DrawFilter) => downloadWorkbook('/project/lottery/excelExport', body, '抽奖记录.xlsx'),
};

export const lotteryKeys = {
  all: ['project', 'lottery'] as const,
  list: (body: object) => ['project', 'lottery', 'list', body] as const,
  draws: (body: object) => ['project', 'lottery', 'draws', body] as const,
  couponRules: ['project', 'lottery', 'couponRules'] as const,
  projects: (search: string) => ['project', 'lottery', 'projects', search] as const,
};

/** The admin link calls of a style (core/open-links: create, list, revoke). */
export const linkBaseOf = (style: number) => (style === 2 ? '/project/lottery/gridLink' : '/project/lottery/wheelLink');
