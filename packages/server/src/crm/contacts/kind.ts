import { contactsKind, contactsRequiredFields } from '@crm/shared';
import { fixedColumns, type ServerKind } from '../records/kind.ts';
import { contacts } from './tables.ts';

/** Contacts on the record machinery (tables.ts). */
export const contactsServerKind: ServerKind = {
  kind: contactsKind,
  routePrefix: 'CrmContacts',
  required: contactsRequiredFields,
  table: 'crm_contacts',
  pgTable: contacts,
  idColumn: 'contacts_id',
  columns: {
    ...fixedColumns(contactsKind),
  },
};
