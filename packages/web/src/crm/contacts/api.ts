import type { RecordPage } from '@crm/shared';
import { request } from '@/shell/request';

/** `CrmCustomer/queryContacts`: a customer's contacts in the viewer's scope (docs/api/contacts.md). */
export const customerContacts = (customerId: number, page: number, limit: number) =>
  request<RecordPage>('/CrmCustomer/queryContacts', { customerId, page, limit });
