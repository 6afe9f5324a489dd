import { downloadWorkbook } from '@/crm/records/excel/api';
import { call } from '@/shell/call';

/** The visit list, a visit's story and the customer archive's clinic tabs (issue 23). */
const json = { json: true } as const;

/** What the list's filters send (clinic/visit/queryPageList and excelExport). */
export type VisitFilters = {
  from?: string;
  to?: string;
  storeId?: number;
  shopId?: number;
  consultantId?: number;
  doctorId?: number;
  visitType?: number;
  status?: number;
  dealStatus?: number;
  search?: string;
};

export const recordKeys = {
  all: ['record'] as const,
  list: (filters: VisitFilters, page: number, limit: number) => ['record', 'list', filters, page, limit] as const,
  detail: (visitId: number) => ['record', 'detail', visitId] as const,
  archive: (customerId: number, tab: string, page = 1) => ['record', 'archive', customerId, tab, page] as const,
};

export const recordApi = {
  list: (filters: VisitFilters, page: number, limit: number) =>
    call('/clinic/visit/queryPageList', { ...filters, page, limit }, json),
  exportList: (filters: VisitFilters) => downloadWorkbook('/clinic/visit/excelExport', filters, '到院记录.xlsx'),
  detail: (visitId: number) => call('/clinic/visit/detail', { visitId }, { ...json, silent: true }),
  visits: (customerId: number, page: number, limit: number) =>
    call('/clinic/customer/visits', { customerId, page, limit }, json),
  appointments: (customerId: number) => call('/clinic/customer/appointments', { customerId }, json),
  treatments: (customerId: number, page: number, limit: number) =>
    call('/clinic/customer/treatments', { customerId, page, limit }, json),
  ledger: (customerId: number, page: number, limit: number) =>
    call('/clinic/customer/ledger', { customerId, page, limit }, json),
};
