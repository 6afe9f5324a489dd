import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { hasPermission } from '../../core/access.ts';
import { queryRows } from '../../core/sql.ts';
import type { Db } from '../../db/client.ts';
import { backlog } from '../../workbench/backlog.ts';
import { ownerScope } from '../records/access.ts';
import { leadsServerKind } from './kind.ts';

/** Before the next Beijing midnight: a follow-up planned for today or earlier is due. */
const tomorrow = sql`(date_trunc('day', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai') + interval '1 day'`;

/**
 * `followLeads` of `CrmBackLog/num`: leads the viewer may see, not converted, whose next
 * follow-up time is due (today or already past).
 */
export async function leadsToFollow(db: Db, user: SessionUser) {
  if (!hasPermission(user, 'crm:leads:index')) return 0;
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from crm_leads r
        where r.is_transform = false and r.next_time < ${tomorrow} and ${ownerScope(leadsServerKind, user)}`,
  );
  return Number(row?.n ?? 0);
}

backlog.register('followLeads', leadsToFollow);
