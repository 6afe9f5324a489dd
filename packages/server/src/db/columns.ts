import { timestamp } from 'drizzle-orm/pg-core';

/** Every table's creation and last-change times, with the original's column names. */
export const createdAt = () => timestamp('create_time', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('update_time', { withTimezone: true }).notNull().defaultNow();
