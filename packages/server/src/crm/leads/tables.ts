import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { customers } from '../customer/tables.ts';
import { recordColumns } from '../records/kind.ts';

/**
 * Leads (module 1): one column per fixed field of `leadsKind`, the conversion (flag, the
 * customer made, when), then the record columns. A converted lead stays, read-only, listed
 * under 已转化的线索 only.
 */
export const leads = pgTable(
  'crm_leads',
  {
    id: serial('leads_id').primaryKey(),
    name: varchar('name', { length: 50 }).notNull(),
    source: varchar('source', { length: 50 }).notNull().default(''),
    mobile: varchar('mobile', { length: 20 }).notNull().default(''),
    telephone: varchar('telephone', { length: 20 }).notNull().default(''),
    email: varchar('email', { length: 100 }).notNull().default(''),
    address: varchar('address', { length: 200 }).notNull().default(''),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    isTransform: boolean('is_transform').notNull().default(false),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    transformTime: timestamp('transform_time', { withTimezone: true }),
    /** When someone marked it 已跟进 from the to-do list (CrmBackLog/setLeadsFollowup): due again at a later next time. */
    followMarkedAt: timestamp('follow_marked_at', { withTimezone: true }),
    ...recordColumns(),
  },
  (t) => [
    // The default list (not converted) in the viewer's scope, newest change first.
    index('crm_leads_owner_update_idx').on(t.ownerUserId, t.updatedAt.desc()).where(sql`is_transform = false`),
    index('crm_leads_update_idx').on(t.updatedAt.desc()),
    index('crm_leads_converted_idx').on(t.updatedAt.desc()).where(sql`is_transform = true`),
    // The to-do count of leads whose next follow-up is due.
    index('crm_leads_owner_next_idx').on(t.ownerUserId, t.nextTime).where(sql`is_transform = false`),
    index('crm_leads_fields_idx').using('gin', t.fields),
    // 客户查重 (issue 25, h-screening): phones are looked up exactly.
    index('crm_leads_mobile_idx').on(t.mobile),
    index('crm_leads_telephone_idx').on(t.telephone),
  ],
);
