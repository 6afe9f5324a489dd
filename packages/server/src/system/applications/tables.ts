import { boolean, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { updatedAt } from '../../db/columns.ts';

/**
 * Applications switched on or off for the company (issue 25, /manager/application). No row: on.
 * A trigger (migration's hand-written block) names a change on the bus channel `crm_applications`,
 * so every process reloads its copy whoever made the change.
 */
export const sysApplications = pgTable('sys_application', {
  key: varchar('app_key', { length: 30 }).primaryKey(),
  enabled: boolean('enabled').notNull(),
  updateUserId: integer('update_user_id').notNull(),
  updatedAt: updatedAt(),
});
