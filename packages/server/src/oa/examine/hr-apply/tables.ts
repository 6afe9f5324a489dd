import { integer, jsonb, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from '../../../db/columns.ts';

/** Where a person stood in the organisation, before and after an HR apply. */
export type OrgPlace = { deptId: number | null; post: string; parentId: number | null; confirmed: boolean };

/**
 * The log of HR applies: one row per approved position transfer or probation confirmation that
 * an HR administrator applied (at most one per approval: a second click is refused).
 */
export const hrApplies = pgTable(
  'oa_examine_hr_apply',
  {
    id: serial('apply_id').primaryKey(),
    examineId: integer('examine_id').notNull(),
    kind: varchar('kind', { length: 20 }).notNull(),
    userId: integer('user_id').notNull(),
    before: jsonb('before_place').$type<OrgPlace>().notNull(),
    after: jsonb('after_place').$type<OrgPlace>().notNull(),
    appliedBy: integer('applied_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('oa_examine_hr_apply_examine_uq').on(t.examineId)],
);
