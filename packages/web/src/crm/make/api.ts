import type { MakeQueryInput } from '@crm/shared';
import { call } from '@/shell/call';

/** /crm/make's one call (querySubordinateProjectPlus): deals of the customers in my data scope. Fen out. */
export type MakeQuery = Pick<MakeQueryInput, 'page' | 'limit' | 'status' | 'kind'> & {
  from?: string;
  to?: string;
  search?: string;
};

export const makeApi = {
  list: (body: MakeQuery) => call('/CrmCustomerProjectDealRecord/querySubordinateProjectPlus', body),
};
export const makeKeys = {
  all: ['crm', 'make'] as const,
  list: (body: MakeQuery) => ['crm', 'make', body] as const,
};
