import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { listPage } from '../../core/list/builder.ts';
import { containsPattern } from '../../core/list/like.ts';
import { timeText } from '../../core/times.ts';
import type { Tx } from '../../db/client.ts';
import { fieldAccessFor } from '../records/field-access.ts';
import { kindList } from '../records/list.ts';
import { readableTable } from '../records/readable.ts';
import { customerServerKind } from './kind.ts';

/**
 * The three GET list calls the mobile app uses (shell spec 7.3), paged in SQL over the customer
 * list with the caller's data scope (owner scope or team place) always applied; the pool is
 * never in them. Search matches name or phone.
 */
export type AppListKind = 'byOwner' | 'byDistributor' | 'search';
type Input = { page: number; limit: number; search?: string; ownerUserId?: number; userId?: number };

const whereOf = (kind: AppListKind, user: SessionUser, input: Input) => {
  switch (kind) {
    case 'byOwner':
      return sql`r.owner_user_id = ${input.ownerUserId ?? user.userId}`;
    case 'byDistributor':
      // The signed customers naming the person as a lower-level distributor.
      return sql`r.has_sign and ${String(input.userId ?? user.userId)} = any(string_to_array(r.sign_item_user_ids, ','))`;
    case 'search':
      return undefined;
  }
};

export async function customerAppList(db: Tx, user: SessionUser, kind: AppListKind, input: Input) {
  const search = input.search?.trim();
  // Rows as the viewer may read them: a hidden phone is neither shown nor found by a search.
  const { hidden } = await fieldAccessFor(db, user, customerServerKind.kind);
  const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  return listPage(
    db,
    kindList(customerServerKind, [], {}, hidden),
    {
      user,
      page: input.page,
      limit: input.limit,
      where: [
        sql`r.owner_user_id is not null`,
        whereOf(kind, user, input),
        search
          ? sql`(r.customer_name ilike ${containsPattern(search)} or r.mobile ilike ${containsPattern(search)})`
          : undefined,
      ],
    },
    {
      columns: sql`r.*, ou.realname as _owner_name`,
      joins: sql`join ${readableTable(customerServerKind, hidden)} r on r.customer_id = page.id left join sys_user ou on ou.user_id = r.owner_user_id`,
      map: (r: Record<string, unknown>) => ({
        customerId: Number(r.customer_id),
        customerName: String(r.customer_name),
        mobile: text(r.mobile),
        gender: Number(r.gender ?? 0),
        hasOldCustomer: Boolean(r.has_old_customer),
        shopOwnerId: r.shop_owner_id === null ? null : Number(r.shop_owner_id),
        relation: text(r.relation),
        hasSign: Boolean(r.has_sign),
        signTime: r.sign_time === null ? null : String(r.sign_time),
        dealStatus: Number(r.deal_status),
        isLock: Boolean(r.is_lock),
        ownerUserId: r.owner_user_id === null ? null : Number(r.owner_user_id),
        ownerUserName: String(r._owner_name ?? ''),
        nextTime: timeText(r.next_time),
        updateTime: timeText(r.update_time)!,
      }),
    },
  );
}
