import { sql } from 'drizzle-orm';
import type { AppRegistry } from '../../registry.ts';
import { feedTextSql, feedWindow } from '../../workbench/feed.ts';

/** This feature's declarations into the app's registry (registry.ts), made when the app registers it. */
export function registerFeedSources(registry: AppRegistry): void {
  // The feed's work logs: the ones sent to me and the ones I wrote, when they were sent.
  registry.feed.register({
    type: 'log',
    permission: 'oa:journal:use',
    select: (user, win) => {
      const mine = sql`select log_id from oa_log_user where user_id = ${user.userId}
        union select log_id from oa_log where create_user_id = ${user.userId} and not is_deleted`;
      return sql`select 'log'::text as type, l.log_id as ref_id, 'send'::text as action,
          (case l.category_id when 2 then '周报' when 3 then '月报' else '日报' end)::text as title,
          ${feedTextSql(sql`l.content`)}::text as content, l.create_user_id as user_id, l.create_time as time,
          ('/workbench/journal?logId=' || l.log_id)::text as link
        from oa_log l where not l.is_deleted and l.log_id in (${mine}) ${feedWindow(sql`l.create_time`, win)}`;
    },
  });
}
