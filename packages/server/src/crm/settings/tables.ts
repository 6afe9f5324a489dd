import { index, integer, numeric, pgTable, serial, smallint, uniqueIndex } from 'drizzle-orm/pg-core';
import { updatedAt } from '../../db/columns.ts';

/**
 * Performance targets (业绩目标, spec 7.7 achievement): one year's twelve monthly targets of a
 * department (obj_type 1) or a user (2), on contracted (status 1) or received money (2).
 */
export const achievements = pgTable(
  'crm_achievement',
  {
    id: serial('id').primaryKey(),
    objType: smallint('obj_type').notNull(),
    objId: integer('obj_id').notNull(),
    year: integer('year').notNull(),
    status: smallint('status').notNull(),
    months: numeric('months', { precision: 12, scale: 2 }).array().notNull(),
    yearTarget: numeric('year_target', { precision: 14, scale: 2 }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('crm_achievement_obj_uidx').on(t.objType, t.objId, t.year, t.status),
    index('crm_achievement_year_idx').on(t.year, t.status, t.objType),
  ],
);
