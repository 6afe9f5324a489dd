import type { Input } from '@crm/shared';
import { call } from '@/shell/call';

/** The booking board's and the triage desk's calls (docs/clinic-visits.md). */
const json = { json: true } as const;

export const visitKeys = {
  all: ['visits'] as const,
  stores: ['visits', 'stores'] as const,
  board: (storeId: number, day: string, span: string, column: string) =>
    ['visits', 'board', storeId, day, span, column] as const,
  history: (customerId: number) => ['visits', 'history', customerId] as const,
  queue: (storeId: number) => ['visits', 'queue', storeId] as const,
  today: (storeId: number) => ['visits', 'today', storeId] as const,
};

export const visitApi = {
  stores: () => call('/clinic/booking/stores', undefined, json),
  saveSettings: (body: Input<'/clinic/booking/saveSettings'>) => call('/clinic/booking/saveSettings', body, json),
  board: (body: Input<'/clinic/booking/board'>) => call('/clinic/booking/board', body, json),
  create: (body: Input<'/clinic/booking/create'>) => call('/clinic/booking/create', body, json),
  update: (body: Input<'/clinic/booking/update'>) => call('/clinic/booking/update', body, json),
  confirm: (appointmentId: number) => call('/clinic/booking/confirm', { appointmentId }, json),
  cancel: (appointmentId: number, reason = '') => call('/clinic/booking/cancel', { appointmentId, reason }, json),
  arrive: (appointmentId: number, visitType?: number) =>
    call('/clinic/booking/arrive', { appointmentId, visitType }, json),
  history: (customerId: number) => call('/clinic/booking/history', { customerId }, json),
  walkIn: (body: Input<'/clinic/visit/walkIn'>) => call('/clinic/visit/walkIn', body, json),
  visitType: (customerId: number) => call('/clinic/visit/visitType', { customerId }, json),
  queue: (storeId: number) => call('/clinic/visit/queue', { storeId }, json),
  today: (storeId: number) => call('/clinic/visit/today', { storeId }, json),
  suggest: (storeId: number) => call('/clinic/visit/suggestConsultant', { storeId }, json),
  assign: (body: Input<'/clinic/visit/assign'>) => call('/clinic/visit/assign', body, json),
  leave: (visitId: number) => call('/clinic/visit/leave', { visitId }, json),
  /** The customer list's search: name, pinyin or initials, phone. */
  findCustomers: (search: string) =>
    call('/CrmCustomer/queryPageList', { search, page: 1, limit: 20 }, { ...json, silent: true }),
  // 会员卡号 (issue 23, h-visit23): the exact holder of a card; give, change or clear one.
  byCard: (cardNumber: string) => call('/clinic/visit/byCard', { cardNumber }, { ...json, silent: true }),
  setCardNumber: (customerId: number, cardNumber: string) =>
    call('/clinic/customer/setCardNumber', { customerId, cardNumber }, json),
  /** Quick-create through the customer panel's save (the customer save rules). */
  createCustomer: (body: Record<string, unknown>) => call('/CrmCustomer/addOrUpdate', body, json),
  searchShop: (search: string) => call('/api/Store/searchShop', { search }, { silent: true }),
};

/** A fresh batch id for one create (a double click sends the same one). */
export const newBatchId = () => `v-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
