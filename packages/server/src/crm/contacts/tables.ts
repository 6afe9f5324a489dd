import { boolean, index, integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { customers } from '../customer/tables.ts';
import { recordColumns } from '../records/kind.ts';

/** Contacts (module 3): one column per fixed field of `contactsKind`, then the record columns. */
export const contacts = pgTable(
  'crm_contacts',
  {
    id: serial('contacts_id').primaryKey(),
    name: varchar('name', { length: 50 }).notNull(),
    /** The customer the contact works for; deleting the customer deletes its contacts. */
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    mobile: varchar('mobile', { length: 20 }).notNull().default(''),
    telephone: varchar('telephone', { length: 20 }).notNull().default(''),
    email: varchar('email', { length: 100 }).notNull().default(''),
    /** 是否关键决策人. */
    policymaker: boolean('policymaker').notNull().default(false),
    post: varchar('post', { length: 50 }).notNull().default(''),
    address: varchar('address', { length: 200 }).notNull().default(''),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    ...recordColumns(),
  },
  (t) => [
    index('crm_contacts_owner_update_idx').on(t.ownerUserId, t.updatedAt.desc()),
    index('crm_contacts_update_idx').on(t.updatedAt.desc()),
    // A customer's contacts (its tab, the transfer that carries them along).
    index('crm_contacts_customer_idx').on(t.customerId, t.updatedAt.desc()),
    index('crm_contacts_fields_idx').using('gin', t.fields),
    // 客户查重 (issue 25, h-screening): phones are looked up exactly.
    index('crm_contacts_mobile_idx').on(t.mobile),
    index('crm_contacts_telephone_idx').on(t.telephone),
  ],
);
