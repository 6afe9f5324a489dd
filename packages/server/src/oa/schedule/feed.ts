import { sql } from 'drizzle-orm';
import type { AppRegistry } from '../../registry.ts';
import { feedWindow } from '../../workbench/feed.ts';

/** This feature's declarations into the app's registry (registry.ts), made when the app registers it. */
export function registerFeedSources(registry: AppRegistry): void {
  // The feed's events: the events I was invited to or created, when they were created.
  registry.feed.register({
    type: 'event',
    permission: 'oa:event:use',
    select: (user, win) =>
      sql`select 'event'::text as type, e.event_id as ref_id, 'create'::text as action, e.title::text as title,
          ''::text as content, e.create_user_id as user_id, e.create_time as time,
          ('/workbench/schedule-new?view=day&day=' || e.start_day::text)::text as link
        from oa_event_user u join oa_event e on e.event_id = u.event_id
        where u.user_id = ${user.userId} and not e.is_deleted ${feedWindow(sql`e.create_time`, win)}`,
  });
}
