import {
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';

/**
 * Positions uploaded by the mobile client (spec 2.12, 3.3): whose, BD09 coordinates as the
 * device reports them (the map converts), and when the device took them.
 */
export const oaPositions = pgTable(
  'oa_position',
  {
    id: serial('position_id').primaryKey(),
    userId: integer('user_id').notNull(),
    /** Shared `PositionType`: 3 staff (every account is staff; see docs/decisions.md). */
    type: smallint('type').notNull().default(3),
    longitude: doublePrecision('longitude').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    synchronizationTime: timestamp('synchronization_time', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // One person's day, in time order; also what makes a repeated upload one row.
    uniqueIndex('oa_position_user_time_uq').on(t.userId, t.synchronizationTime),
    index('oa_position_type_idx').on(t.type, t.userId),
  ],
);
