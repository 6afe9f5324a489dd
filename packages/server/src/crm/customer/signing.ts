import { CustomerCallMsg } from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { notFound } from '../../core/errors.ts';
import { containsPattern } from '../../core/list/like.ts';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import { inList } from '../../org/sql-lists.ts';
import { memberOf, ownerScope } from '../records/access.ts';
import { fieldAccessFor } from '../records/field-access.ts';
import { readableTable } from '../records/readable.ts';
import { customerServerKind } from './kind.ts';

/** How many candidates one search answers (the panel's remote select shows a short list). */
const CANDIDATES = 20;

/** `c.sign_item_user_ids` (comma-joined) names user `u`. */
const namesUser = sql`u.user_id::text = any(string_to_array(c.sign_item_user_ids, ','))`;

/**
 * `searchMySignList`: active users matching the search (name or phone) as lower-level
 * distributors of a 12800 signing, shown as name-phone. `disabled` counts the other signed
 * customers that already name the person: a distributor serves one signing at a time
 * (docs/decisions.md). A customer's account that is hidden (`setUserHasHidden`) or has the 客户
 * identity (`changeIdentityByUserId`) is no candidate. The customer's own account is never its own distributor. The ids the
 * panel already holds are always answered, selectable, so the select can show their names.
 */
export async function searchSignCandidates(
  db: Tx,
  input: { userId?: number; search?: string; selectSingUserIds: number[]; customerId?: number },
) {
  const chosen = input.selectSingUserIds;
  const search = input.search?.trim();
  const rows = await queryRows<{ user_id: number; realname: string; mobile: string; taken: number }>(
    db,
    sql`with found as (
          (select user_id from sys_user
            where status = 1
              ${search ? sql`and (realname ilike ${containsPattern(search)} or mobile ilike ${containsPattern(search)})` : sql``}
              ${chosen.length ? sql`and user_id not in ${inList(chosen)}` : sql``}
              and not exists (select 1 from crm_customer h where h.user_id = sys_user.user_id
                and (h.user_hidden or h.user_identity = 1))
            order by user_id limit ${CANDIDATES})
          ${chosen.length ? sql`union select user_id from sys_user where user_id in ${inList(chosen)}` : sql``}
        )
        select u.user_id, u.realname, u.mobile,
          (select count(*)::int from crm_customer c
            where c.has_sign and ${namesUser}
              ${input.customerId ? sql`and c.customer_id <> ${input.customerId}` : sql``}) as taken
        from found join sys_user u on u.user_id = found.user_id
        ${input.userId ? sql`where u.user_id <> ${input.userId}` : sql``}
        order by u.user_id`,
  );
  const held = new Set(chosen);
  return rows.map((r) => ({
    userId: Number(r.user_id),
    userName: r.realname,
    userPhone: r.mobile,
    disabled: held.has(Number(r.user_id)) ? 0 : Number(r.taken),
  }));
}

/**
 * `querySingInfoByUserId`: a person and the signed customers (those the caller may see) that name
 * them as a lower-level distributor.
 */
export async function signInfoOfUser(db: Tx, user: SessionUser, userId: number) {
  const [person] = await queryRows<{ realname: string; mobile: string }>(
    db,
    sql`select realname, mobile from sys_user where user_id = ${userId}`,
  );
  if (!person) throw notFound(CustomerCallMsg.userNotFound);
  const sk = customerServerKind;
  const customers = await queryRows<{
    customer_id: number;
    customer_name: string;
    sign_time: string | null;
    owner_name: string | null;
  }>(
    db,
    sql`select c.customer_id, c.customer_name, c.sign_time, o.realname as owner_name
        from ${readableTable(sk, (await fieldAccessFor(db, user, sk.kind)).hidden)} c
        join sys_user u on u.user_id = ${userId}
        left join sys_user o on o.user_id = c.owner_user_id
        where c.has_sign and ${namesUser} and (${ownerScope(sk, user, 'c')} or ${memberOf(sk, user, 'c')})
        order by c.customer_id
        limit 200`,
  );
  return {
    userId,
    userName: person.realname,
    userPhone: person.mobile,
    customers: customers.map((c) => ({
      customerId: Number(c.customer_id),
      customerName: c.customer_name,
      signTime: c.sign_time,
      ownerUserName: c.owner_name ?? '',
    })),
  };
}
