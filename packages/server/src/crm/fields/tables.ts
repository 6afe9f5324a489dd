import { integer, pgTable, primaryKey, smallint, varchar } from 'drizzle-orm/pg-core';
import { roles } from '../../db/schema.ts';

/**
 * Field permissions per role and kind (crm/records/field-access.ts): a row restricts one field of
 * one kind for one role, 1 hidden or 2 read-only; no row is editable. A user's access to a field
 * is the most permissive over their roles.
 */
export const fieldAuth = pgTable(
  'crm_field_auth',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    /** The kind's module code (the field store's label). */
    label: smallint('label').notNull(),
    /** The field's stable name (a fixed property or `field_<n>`). */
    fieldName: varchar('field_name', { length: 50 }).notNull(),
    authLevel: smallint('auth_level').$type<1 | 2>().notNull(),
  },
  // Read by (role ids of a user, label): the key's prefix serves it.
  (t) => [primaryKey({ columns: [t.roleId, t.label, t.fieldName] })],
);
