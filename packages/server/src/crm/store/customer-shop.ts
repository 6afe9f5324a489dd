import { and, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import { inList } from '../../org/sql-lists.ts';
import { customerServerKind } from '../customer/kind.ts';
import { loadRecords } from '../records/access.ts';
import { logAction } from '../records/actions.ts';
import { servingName, visibleShop } from './queries.ts';

/**
 * `changeCustomerShopOwnerId`: move customers the caller may change to a shop the caller may see.
 * Unlike the customer panel it also moves closed customers (their deal belongs to the shop, so
 * the shop module decides). The relation follows the shop as the panel sets it (the name of the
 * shop's 服务三级 employee);
 * one transaction on locked rows, each move logged with the shop before and after.
 */
export async function changeCustomerShop(db: Tx, user: SessionUser, input: { ids: number[]; shopOwnerId: number }) {
  const ids = [...new Set(input.ids)];
  return db.transaction(async (tx) => {
    const records = await loadRecords(tx, customerServerKind, user, ids, 'write', { lock: true });
    const [shop] = await queryRows<{ id: number; shop_name: string; serving: string | null }>(
      tx,
      sql`select r.id, r.shop_name, ${servingName(sql`r`)} as serving from crm_store r
          where ${and(sql`r.id = ${input.shopOwnerId}`, visibleShop(user))}`,
    );
    if (!shop) throw badRequest('门店不存在');
    const moving = records.filter(({ row }) => Number(row.shop_owner_id) !== Number(shop.id));
    if (moving.length === 0) return { count: 0 };
    const before = moving.map(({ row }) => Number(row.shop_owner_id));
    const names = new Map(
      (
        await queryRows<{ id: number; shop_name: string }>(
          tx,
          sql`select id, shop_name from crm_store where id in ${inList(before)}`,
        )
      ).map((r) => [Number(r.id), r.shop_name]),
    );
    await tx.execute(sql`update crm_customer set shop_owner_id = ${shop.id}, relation = ${shop.serving ?? ''},
        update_time = now()
      where customer_id in ${inList(moving.map(({ row }) => Number(row.customer_id)))}`);
    await logAction(
      tx,
      customerServerKind,
      moving.map(({ row }) => ({
        recordId: Number(row.customer_id),
        userId: user.userId,
        action: 'update' as const,
        detail: `所属门店：${names.get(Number(row.shop_owner_id)) ?? ''} → ${shop.shop_name}`,
        changes: [
          { field: 'shopOwnerId', name: '所属门店', before: Number(row.shop_owner_id), after: Number(shop.id) },
        ],
      })),
    );
    return { count: moving.length };
  });
}
