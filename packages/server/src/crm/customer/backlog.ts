import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { hasPermission } from '../../core/access.ts';
import { queryRows } from '../../core/sql.ts';
import type { Db } from '../../db/client.ts';
import { backlog } from '../../workbench/backlog.ts';
import { memberOf, ownerScope } from '../records/access.ts';
import { customerServerKind } from './kind.ts';

/**
 * The customer's to-do counts of `CrmBackLog/num` (docs/api/customers.md):
 * todayCustomer — customers the viewer may see whose next follow-up time falls today (Beijing
 * day); followCustomer — customers the viewer owns that have no follow-up record yet.
 */
const sk = customerServerKind;
const today = sql`(date_trunc('day', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai')`;

async function count(db: Db, user: SessionUser, where: ReturnType<typeof sql>) {
  if (!hasPermission(user, 'crm:customer:index')) return 0;
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from crm_customer r where ${where}`);
  return Number(row?.n ?? 0);
}

export const todayCustomers = (db: Db, user: SessionUser) =>
  count(
    db,
    user,
    sql`r.next_time >= ${today} and r.next_time < ${today} + interval '1 day'
        and (${ownerScope(sk, user)} or (r.owner_user_id is not null and ${memberOf(sk, user)}))`,
  );

export const customersToFollow = (db: Db, user: SessionUser) =>
  count(
    db,
    user,
    sql`r.owner_user_id = ${user.userId} and not exists (
          select 1 from crm_follow_record f where f.label = ${sk.kind.label} and f.record_id = r.customer_id)`,
  );

backlog.register('todayCustomer', todayCustomers);
backlog.register('followCustomer', customersToFollow);
