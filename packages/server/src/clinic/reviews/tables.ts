import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sysOpenLink } from '../../core/open-links/tables.ts';
import { customers } from '../../crm/customer/tables.ts';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { treatments } from '../money/tables.ts';

/**
 * The review link of a treatment (顾客评价, issue 25): made with the 划扣, remade (the older one
 * revoked) when staff hand it out again. One row per treatment; the token itself is never stored.
 */
export const reviewLinks = pgTable(
  'clinic_review_link',
  {
    treatmentId: integer('treatment_id')
      .primaryKey()
      .references(() => treatments.id, { onDelete: 'cascade' }),
    linkId: integer('link_id')
      .notNull()
      .references(() => sysOpenLink.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    visitId: integer('visit_id'),
    storeId: integer('store_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('clinic_review_link_customer_idx').on(t.customerId), index('clinic_review_link_link_idx').on(t.linkId)],
);

/** A customer's review of one treatment: three scores 1–5, text, photos (sys_file owned by it). */
export const reviews = pgTable(
  'clinic_review',
  {
    id: serial('review_id').primaryKey(),
    treatmentId: integer('treatment_id')
      .notNull()
      .references(() => treatments.id, { onDelete: 'cascade' }),
    linkId: integer('link_id').notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    visitId: integer('visit_id'),
    storeId: integer('store_id'),
    projectId: integer('project_id'),
    /** The staff of the treatment (clinic_treatment_staff), copied so the list filters on them. */
    staffIds: integer('staff_ids').array().notNull().default(sql`'{}'::integer[]`),
    effect: smallint('effect').notNull(),
    service: smallint('service').notNull(),
    environment: smallint('environment').notNull(),
    content: varchar('content', { length: 500 }).notNull().default(''),
    /** FollowStatus: 0 none needed, 1 待跟进 (a poor review), 2 已结束. */
    followStatus: smallint('follow_status').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('clinic_review_treatment_uq').on(t.treatmentId),
    index('clinic_review_time_idx').on(t.createdAt.desc()),
    index('clinic_review_customer_idx').on(t.customerId, t.createdAt.desc()),
    index('clinic_review_store_idx').on(t.storeId, t.createdAt.desc()),
    index('clinic_review_follow_idx').on(t.followStatus).where(sql`${t.followStatus} = 1`),
    index('clinic_review_staff_idx').using('gin', t.staffIds),
    check(
      'clinic_review_scores_ck',
      sql`${t.effect} between 1 and 5 and ${t.service} between 1 and 5 and ${t.environment} between 1 and 5`,
    ),
  ],
);

/** A follow-up of a poor review: who, when, what was done; the last one may close the case. */
export const reviewFollows = pgTable(
  'clinic_review_follow',
  {
    id: serial('follow_id').primaryKey(),
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    content: varchar('content', { length: 500 }).notNull(),
    closed: boolean('closed').notNull().default(false),
    createUserId: integer('create_user_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('clinic_review_follow_review_idx').on(t.reviewId, t.createdAt)],
);
