import type { Reminder } from '@crm/shared';
import type { SessionUser } from '../auth/session.ts';
import { hasPermission } from '../core/access.ts';
import type { Db } from '../db/client.ts';

/**
 * A source of the shell's pop-up reminders (`OaBackLog/queryReminders`): what of its kind is
 * due for `user` at `now`. A feature registers one into the app's registry, as with counts and the feed.
 */
export type ReminderSource = {
  /** Needed to get this source's reminders at all. */
  permission: string;
  due(db: Db, user: SessionUser, now: Date): Promise<Reminder[]>;
};

export type ReminderRegistry = {
  /** A feature adds its source when the app registers it (registry.ts). */
  register(source: ReminderSource): void;
  /** Every source the user may see, concurrently; the earliest first. */
  due(db: Db, user: SessionUser, now?: Date): Promise<Reminder[]>;
};

export function createReminderRegistry(): ReminderRegistry {
  const sources: ReminderSource[] = [];
  return {
    register(source) {
      sources.push(source);
    },
    async due(db, user, now = new Date()) {
      const lists = await Promise.all(
        sources.filter((s) => hasPermission(user, s.permission)).map((s) => s.due(db, user, now)),
      );
      return lists.flat().sort((a, b) => a.at.localeCompare(b.at) || a.key.localeCompare(b.key));
    },
  };
}
