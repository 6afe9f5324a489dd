import { index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { businesses } from '../business/tables.ts';
import { contacts } from '../contacts/tables.ts';

/**
 * Which contacts take part in which opportunities (crm-records §7 relateBusiness/relateContacts):
 * one row a pair, gone with either record.
 */
export const contactsBusiness = pgTable(
  'crm_contacts_business',
  {
    contactsId: integer('contacts_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  // The key serves a contact's opportunities; the index an opportunity's contacts.
  (t) => [
    primaryKey({ columns: [t.contactsId, t.businessId] }),
    index('crm_contacts_business_business_idx').on(t.businessId),
  ],
);
