import { call } from '@/shell/call';

/** `CrmCustomer/queryContacts`: a customer's contacts in the viewer's scope (docs/api/contacts.md). */
export const customerContacts = (customerId: number, page: number, limit: number) =>
  call('/CrmCustomer/queryContacts', { customerId, page, limit });
