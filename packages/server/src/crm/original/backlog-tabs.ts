import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { zoneSql } from '../../core/times.ts';
import { leadsServerKind } from '../leads/kind.ts';

/**
 * The original's to-do tabs that are no system scene of ours (CRMMessage's options besides the
 * first): a condition over the kind's list `r` under the 全部 scene, so the viewer's data scope
 * holds as on every list. The first tabs are scenes (shared `backlogLists`).
 */
const startOfToday = () => sql`(date_trunc('day', now() at time zone ${zoneSql()}) at time zone ${zoneSql()})`;
const followed = (label: number, id: string) =>
  sql`exists (select 1 from crm_follow_record f where f.label = ${label} and f.record_id = r.${sql.identifier(id)})`;

export const backlogExtraTabs: Record<string, Record<number, (user: SessionUser) => SQL>> = {
  todayCustomer: {
    // 已逾期: the next contact time has passed before today.
    2: () => sql`r.next_time < ${startOfToday()}`,
    // 已联系: followed up today.
    3: () => sql`exists (select 1 from crm_follow_record f
      where f.label = 2 and f.record_id = r.customer_id and f.create_time >= ${startOfToday()})`,
  },
  // 已跟进: followed up or marked, and not waiting again for a due next time.
  followLeads: {
    2: (user) =>
      sql`(r.follow_marked_at is not null or ${followed(1, 'leads_id')}) and not coalesce(${leadsServerKind.scenes!.followUp!(user)}, false)`,
  },
  // 已跟进: the viewer's customers followed up or marked (the rest are 待跟进).
  followCustomer: {
    2: (user) =>
      sql`r.owner_user_id = ${user.userId} and (r.follow_marked_at is not null or ${followed(2, 'customer_id')})`,
  },
};
