import { sql } from 'drizzle-orm';
import type { AppRegistry } from '../../registry.ts';
import { feedWindow } from '../../workbench/feed.ts';

/** This feature's declarations into the app's registry (registry.ts), made when the app registers it. */
export function registerFeedSources(registry: AppRegistry): void {
  // The feed's tasks: created and completed, for the tasks I own, created or take part in.
  registry.feed.register({
    type: 'task',
    permission: 'oa:task:use',
    select: (user, win) => {
      const mine = sql`select task_id from oa_task where owner_user_id = ${user.userId} and not is_deleted
        union select task_id from oa_task where create_user_id = ${user.userId} and not is_deleted
        union select task_id from oa_task_user where user_id = ${user.userId}`;
      return sql`select 'task'::text as type, t.task_id as ref_id, 'create'::text as action, t.title::text as title,
            ''::text as content, t.create_user_id as user_id, t.create_time as time,
            ('/workbench/task?taskId=' || t.task_id)::text as link
          from oa_task t where not t.is_deleted and t.task_id in (${mine}) ${feedWindow(sql`t.create_time`, win)}
        union all
        select 'task', t.task_id, 'done', t.title, '', t.owner_user_id, t.completed_time,
            '/workbench/task?taskId=' || t.task_id
          from oa_task t where not t.is_deleted and t.completed_time is not null and t.task_id in (${mine})
            ${feedWindow(sql`t.completed_time`, win)}`;
    },
  });
}
