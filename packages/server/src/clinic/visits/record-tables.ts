import { index, integer, pgTable, serial, smallint } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { visits } from './tables.ts';

/**
 * A visit's status history (issue 23, /entryDetails): one row per move, written by
 * `recordVisitMove` (record-moves.ts), which every move of a visit calls. `from_status` is null
 * for the arrival that opened the visit.
 */
export const visitEvents = pgTable(
  'clinic_visit_event',
  {
    id: serial('event_id').primaryKey(),
    visitId: integer('visit_id')
      .notNull()
      .references(() => visits.id, { onDelete: 'cascade' }),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status').notNull(),
    userId: integer('user_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('clinic_visit_event_visit_idx').on(t.visitId, t.createdAt)],
);
