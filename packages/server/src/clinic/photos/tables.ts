import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { customers } from '../../crm/customer/tables.ts';
import { createdAt } from '../../db/columns.ts';
import { files } from '../../db/schema.ts';
import { bodyParts } from '../catalogue/tables.ts';
import { visits } from '../visits/tables.ts';

/**
 * Customer photos (拍照室, issue 23): one row per image, the image itself a file owned by the
 * row (sys_file owner `clinic_photo`), so the file routes ask the customer's visibility before
 * serving it (file-owner.ts).
 */
export const photos = pgTable(
  'clinic_photo',
  {
    id: serial('photo_id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    visitId: integer('visit_id').references(() => visits.id, { onDelete: 'set null' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    /** 1 术前, 2 术后, 3 恢复 (shared PhotoType). */
    type: smallint('type').notNull(),
    /** A body part in use cannot be deleted from the tree (restrict). */
    partId: integer('part_id')
      .notNull()
      .references(() => bodyParts.id, { onDelete: 'restrict' }),
    /** One of shared photoAngles. */
    angle: smallint('angle').notNull(),
    takenAt: timestamp('taken_time', { withTimezone: true }).notNull(),
    note: varchar('note', { length: 200 }).notNull().default(''),
    /** The upload it came with: a repeated upload of the same batch answers these photos. */
    batchId: varchar('batch_id', { length: 64 }).notNull(),
    createUserId: integer('create_user_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // The timeline and the comparison: a customer's photos by time.
    index('clinic_photo_customer_idx').on(t.customerId, t.takenAt),
    index('clinic_photo_visit_idx').on(t.visitId).where(sql`${t.visitId} is not null`),
    index('clinic_photo_batch_idx').on(t.createUserId, t.batchId),
    uniqueIndex('clinic_photo_file_uq').on(t.fileId),
    index('clinic_photo_part_idx').on(t.partId),
  ],
);
