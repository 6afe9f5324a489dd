import { contactsKind, contactsRequiredFields } from '@crm/shared';
import type { ServerKind } from '../records/kind.ts';

/** Contacts on the record machinery (tables.ts). */
export const contactsServerKind: ServerKind = {
  kind: contactsKind,
  routePrefix: 'CrmContacts',
  required: contactsRequiredFields,
  table: 'crm_contacts',
  idColumn: 'contacts_id',
  columns: {
    name: { column: 'name', type: 'text' },
    customerId: { column: 'customer_id', type: 'number' },
    mobile: { column: 'mobile', type: 'text' },
    telephone: { column: 'telephone', type: 'text' },
    email: { column: 'email', type: 'text' },
    policymaker: { column: 'policymaker', type: 'boolean' },
    post: { column: 'post', type: 'text' },
    address: { column: 'address', type: 'text' },
    remark: { column: 'remark', type: 'text' },
  },
};
