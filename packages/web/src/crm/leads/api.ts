import { call } from '@/shell/call';

/** `CrmLeads/transfer`: convert leads into customers (docs/api/leads.md). */
export const convertLeads = (leadsIds: number[]) => call('/CrmLeads/transfer', { leadsIds }, { json: true });
