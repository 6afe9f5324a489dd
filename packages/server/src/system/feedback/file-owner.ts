import { eq } from 'drizzle-orm';
import { hasPermission } from '../../core/access.ts';
import type { AppRegistry } from '../../registry.ts';
import { sysFeedback } from './tables.ts';

/** The owner kind of a feedback's screenshots (its id is the feedback's). */
export const FEEDBACK_FILES = 'sys_feedback';

/** This feature's declarations into the app's registry (registry.ts), made when the app registers it. */
export function registerFileOwners(registry: AppRegistry): void {
  // Screenshots may show anything on the sender's screen: only the sender and those who read feedback see them.
  registry.fileOwners.register(FEEDBACK_FILES, {
    async canSee(db, user, id) {
      if (hasPermission(user, 'manage:feedback:read')) return true;
      const [row] = await db.select({ by: sysFeedback.createUserId }).from(sysFeedback).where(eq(sysFeedback.id, id));
      return row?.by === user.userId;
    },
  });
}
