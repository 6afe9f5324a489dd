import type { Input } from '@crm/shared';
import { call } from '@/shell/call';

/** The 开单 page's and the customer's deals' calls (docs/clinic-money.md). Money in answers is fen. */

/** One line as `save` and `update` take it (deal price in yuan text). */
export type OrderLineBody = {
  projectId: number;
  quantity: number;
  dealPrice: string;
  deptId: number | null;
  salespeople: { userId: number; rate: number }[];
};

export const ordersApi = {
  catalogue: () => call('/clinic/order/catalogue'),
  projects: (body: Input<'/clinic/order/projects'>) => call('/clinic/order/projects', body),
  floor: (lines: { projectId: number; quantity: number }[]) =>
    call('/clinic/order/floor', { lines }, { json: true, silent: true }),
  customer: (id: number) => call('/CrmCustomer/queryById', { id }),
  account: (customerId: number) => call('/clinic/account/info', { customerId }),
  info: (orderId: number) => call('/clinic/order/info', { orderId }),
  orders: (customerId: number, page: number, limit: number) =>
    call('/clinic/order/queryList', { customerId, page, limit }),
  deals: (customerId: number) => call('/CrmCustomerProjectDealRecord/getDealRecord', { customerId }),
  timeline: (dealId: number) => call('/CrmCustomerProjectDealRecord/queryTrackingRecord', { dealId }),
  save: (body: Input<'/CrmCustomerProjectDealRecord/save'>) =>
    call('/CrmCustomerProjectDealRecord/save', body, { json: true }),
  update: (body: Input<'/CrmCustomerProjectDealRecord/update'>) =>
    call('/CrmCustomerProjectDealRecord/update', body, { json: true }),
  cancel: (orderId: number) => call('/CrmCustomerProjectDealRecord/cancel', { orderId }),
};

export const orderKeys = {
  all: ['clinic', 'orders'] as const,
  catalogue: ['clinic', 'orders', 'catalogue'] as const,
  projects: (body: object) => ['clinic', 'orders', 'projects', body] as const,
  customer: (id: number) => ['clinic', 'orders', 'customer', id] as const,
  account: (id: number) => ['clinic', 'orders', 'account', id] as const,
  info: (id: number) => ['clinic', 'orders', 'info', id] as const,
  orders: (id: number, page: number) => ['clinic', 'orders', 'list', id, page] as const,
  deals: (id: number) => ['clinic', 'orders', 'deals', id] as const,
  timeline: (id: number) => ['clinic', 'orders', 'timeline', id] as const,
};
