import { sql } from 'drizzle-orm';
import type { AppRegistry } from '../../registry.ts';
import { feedTextSql, feedWindow } from '../../workbench/feed.ts';

/** This feature's declarations into the app's registry (registry.ts), made when the app registers it. */
export function registerFeedSources(registry: AppRegistry): void {
  // The sender's notification of a reply: like an approval's step, it lands in the workbench feed
  // (type 'feedback'), at the reply's time, by the administrator who replied. A later reply replaces
  // the earlier one (the feedback holds one reply), so the line moves to the new time.
  registry.feed.register({
    type: 'feedback',
    select: (user, win) =>
      sql`select 'feedback'::text as type, f.feedback_id as ref_id, 'reply'::text as action,
          ${feedTextSql(sql`f.content`)}::text as title, ${feedTextSql(sql`f.reply`)}::text as content,
          f.reply_user_id as user_id, f.reply_time as time, ''::text as link
        from sys_feedback f
        where f.create_user_id = ${user.userId} and f.reply_time is not null ${feedWindow(sql`f.reply_time`, win)}`,
  });
}
