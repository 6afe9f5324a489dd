import { sql } from 'drizzle-orm';
import type { AppRegistry } from '../../registry.ts';
import { feedTextSql, feedWindow } from '../../workbench/feed.ts';
import { addressedTo } from './access.ts';

/** This feature's declarations into the app's registry (registry.ts), made when the app registers it. */
export function registerFeedSources(registry: AppRegistry): void {
  // The feed's notices: published (its window begun) to me, or by me, at the time it went out.
  registry.feed.register({
    type: 'notice',
    permission: 'oa:notice:read',
    select: (user, win) =>
      sql`select 'notice'::text as type, n.announcement_id as ref_id, 'publish'::text as action, n.title::text as title,
          ${feedTextSql(sql`n.content`)}::text as content, n.create_user_id as user_id, n.start_time as time,
          ('/workbench/notice?announcementId=' || n.announcement_id)::text as link
        from oa_announcement n
        where not n.is_deleted and n.start_time <= now()
          and (n.create_user_id = ${user.userId} or ${addressedTo(user)}) ${feedWindow(sql`n.start_time`, win)}`,
  });
}
