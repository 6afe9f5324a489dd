import { request } from '@/shell/request';

/** `CrmLeads/transfer`: convert leads into customers (docs/api/leads.md). */
export const convertLeads = (leadsIds: number[]) =>
  request<{ list: { leadsId: number; customerId: number }[] }>('/CrmLeads/transfer', { leadsIds }, { json: true });
