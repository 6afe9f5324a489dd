import { sql } from 'drizzle-orm';
import type { AppRegistry } from '../../registry.ts';
import { feedWindow } from '../../workbench/feed.ts';

/** This feature's declarations into the app's registry (registry.ts), made when the app registers it. */
export function registerFeedSources(registry: AppRegistry): void {
  // The feed's approvals: every step of the history (submit, approve, reject, …) of the OA
  // approvals I applied for, handle or am copied on; automatic decisions are left out.
  registry.feed.register({
    type: 'examine',
    permission: 'oa:examine:use',
    select: (user, win) => {
      const me = user.userId;
      return sql`select 'examine'::text as type, e.examine_id as ref_id, l.kind::text as action,
          coalesce(c.title, '审批')::text as title, coalesce(l.remarks, '')::text as content, l.user_id,
          l.create_time as time, ('/workbench/examine?examineId=' || e.examine_id)::text as link
        from examine_record r
        join examine_log l on l.record_id = r.record_id
        join oa_examine e on e.record_id = r.record_id and not e.is_deleted
        left join oa_examine_category c on c.category_id = e.category_id
        where r.subject_type = 'oa' and l.kind <> 'auto' and l.user_id is not null
          and r.record_id in (
            select record_id from examine_record where applicant_id = ${me}
            union select record_id from examine_task where user_id = ${me}
            union select record_id from examine_cc where user_id = ${me})
          ${feedWindow(sql`l.create_time`, win)}`;
    },
  });
}
