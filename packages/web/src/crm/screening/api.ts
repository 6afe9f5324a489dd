import type { ScreeningKind } from '@crm/shared';
import { call } from '@/shell/call';

/** 客户查重's one call (docs/api/screening.md). */
export const screeningApi = {
  query: (keyword: string, types: ScreeningKind[]) => call('/crm/screening/query', { keyword, types }, { json: true }),
};

export const screeningKeys = {
  query: (keyword: string, types: ScreeningKind[]) => ['crm', 'screening', keyword, types] as const,
};
