import type { PoolRules, RecordListInput } from '@crm/shared';
import { call } from '@/shell/call';

/** The customer pool's calls (docs/api/pool.md). */
export const poolApi = {
  list: (q: Partial<RecordListInput>) => call('/CrmCustomerPool/queryPageList', q),
  receive: (ids: number[]) => call('/CrmCustomer/receiveByIds', { ids }),
  distribute: (ids: number[], userId: number) => call('/CrmCustomer/distributeByIds', { ids, userId }),
  remove: (ids: number[]) => call('/CrmCustomerPool/deleteByIds', { ids }),
  putIntoPool: (ids: number[]) => call('/CrmCustomer/putInPublicCustomerPool', { ids }),
  lock: (ids: number[], isLock: 0 | 1) => call('/CrmCustomer/lock', { ids, isLock }),
  rules: () => call('/CrmCustomer/getRulesSetting'),
  saveRules: (rules: PoolRules) => call('/CrmCustomer/updateRulesSetting', rules),
};

export const poolKeys = {
  all: ['crm', 'pool'] as const,
  list: (q: unknown) => ['crm', 'pool', 'list', q] as const,
  rules: ['crm', 'pool', 'rules'] as const,
};
