import type { PoolRules, RecordListInput } from '@crm/shared';
import { call } from '@/shell/call';

/** The customer pool's calls (docs/api/pool.md). */
const json = { json: true };

export const poolApi = {
  list: (q: Partial<RecordListInput>) => call('/CrmCustomerPool/queryPageList', q, json),
  receive: (ids: number[]) => call('/CrmCustomer/receiveByIds', { ids }, json),
  distribute: (ids: number[], userId: number) => call('/CrmCustomer/distributeByIds', { ids, userId }, json),
  remove: (ids: number[]) => call('/CrmCustomerPool/deleteByIds', { ids }, json),
  putIntoPool: (ids: number[]) => call('/CrmCustomer/putInPublicCustomerPool', { ids }, json),
  lock: (ids: number[], isLock: 0 | 1) => call('/CrmCustomer/lock', { ids, isLock }, json),
  rules: () => call('/CrmCustomer/getRulesSetting'),
  saveRules: (rules: PoolRules) => call('/CrmCustomer/updateRulesSetting', rules, json),
};

export const poolKeys = {
  all: ['crm', 'pool'] as const,
  list: (q: unknown) => ['crm', 'pool', 'list', q] as const,
  rules: ['crm', 'pool', 'rules'] as const,
};
