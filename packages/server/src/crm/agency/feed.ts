import { sql } from 'drizzle-orm';
import type { AppRegistry } from '../../registry.ts';
import { feedWindow } from '../../workbench/feed.ts';

/** This feature's declarations into the app's registry (registry.ts), made when the app registers it. */
export function registerFeedSources(registry: AppRegistry): void {
  // The feed's agency tasks: handed out and completed, for the tasks handed to me or by me.
  registry.feed.register({
    type: 'agency',
    select: (user, win) => {
      const mine = sql`(a.user_id = ${user.userId} or a.create_user_id = ${user.userId})`;
      const title = sql`('回访任务：' || coalesce(c.customer_name, ''))::text`;
      return sql`select 'agency'::text as type, a.agency_id as ref_id, 'create'::text as action, ${title} as title,
            a.content::text as content, a.create_user_id as user_id, a.create_time as time,
            '/workbench/returnVisit'::text as link
          from crm_customer_agency a left join crm_customer c on c.customer_id = a.customer_id
          where ${mine} ${feedWindow(sql`a.create_time`, win)}
        union all
        select 'agency', a.agency_id, 'done', ${title}, a.result, a.user_id, a.complete_time, '/workbench/returnVisit'
          from crm_customer_agency a left join crm_customer c on c.customer_id = a.customer_id
          where ${mine} and a.complete_time is not null ${feedWindow(sql`a.complete_time`, win)}`;
    },
  });
}
