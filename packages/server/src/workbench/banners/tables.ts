import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';

/**
 * App home images (issue 25, /workbench/changeApp): the company's banners for the mobile home,
 * shown in `sort` order while enabled and inside their period (either end open). They belong to
 * the company, not to a person, so no data scope applies: the manage leaf is the gate.
 */
export const workbenchBanners = pgTable(
  'workbench_banner',
  {
    id: serial('banner_id').primaryKey(),
    title: varchar('title', { length: 50 }).notNull(),
    /** An app path or an https URL (isBannerLink); empty opens nothing. */
    link: varchar('link', { length: 300 }).notNull().default(''),
    /** The upload batch holding its one image (files owned by kind workbench_banner). */
    batchId: varchar('batch_id', { length: 40 }).notNull(),
    startTime: timestamp('start_time', { withTimezone: true }),
    endTime: timestamp('end_time', { withTimezone: true }),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createUserId: integer('create_user_id').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The mobile home reads the enabled ones in order.
  (t) => [index('workbench_banner_sort_idx').on(t.sort, t.id).where(sql`enabled`)],
);
