import type { MakeQueryInput } from '@crm/shared';
import { downloadWorkbook } from '@/crm/records/excel/api';
import { call } from '@/shell/call';

/** /crm/make's one call (querySubordinateProjectPlus): deals of the customers in my data scope. Fen out. */
export type MakeQuery = Pick<MakeQueryInput, 'page' | 'limit' | 'status' | 'kind'> & {
  from?: string;
  to?: string;
  search?: string;
};

export const makeApi = {
  list: (body: MakeQuery) => call('/CrmCustomerProjectDealRecord/querySubordinateProjectPlus', body),
  /** The same filters as a sheet, every row (h-money22). */
  exportList: ({ page: _page, limit: _limit, ...filters }: MakeQuery) =>
    downloadWorkbook('/clinic/make/excelExport', filters, '成交查询.xlsx'),
};
export const makeKeys = {
  all: ['crm', 'make'] as const,
  list: (body: MakeQuery) => ['crm', 'make', body] as const,
};
