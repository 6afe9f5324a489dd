import { developerPerformance, PerformanceKind } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import type { ChargedOrder } from './charged-order.ts';
import { postPerformance } from './ledger.ts';

// 开发业绩 earned by a charge and given back by a refund or a conversion: below both charge-hooks.ts
// and conversions.ts (each calls one side), so neither imports the other for it.

/** 开发业绩 (CLINIC.md "Performance"): the developer's percent of the cash and principal received, with the source shop. */
export async function postDeveloperPerformance(tx: Tx, charged: ChargedOrder) {
  if (charged.cashBase <= 0) return;
  const [account] = await queryRows<{ developer_user_id: number | null; developer_rate: number }>(
    tx,
    sql`select developer_user_id, developer_rate from clinic_customer_account where customer_id = ${charged.customerId}`,
  );
  if (account?.developer_user_id == null || !account.developer_rate) return;
  const row = developerPerformance(charged.cashBase, Number(account.developer_user_id), Number(account.developer_rate));
  await postPerformance(tx, `developer:${charged.orderId}`, [
    {
      ...row,
      kind: PerformanceKind.developer,
      sourceKind: 'order',
      sourceId: charged.orderId,
      customerId: charged.customerId,
      storeId: charged.storeId,
      businessDay: charged.day,
    },
  ]);
}

/**
 * Money that leaves again (a refund paid out, principal given back by a conversion) leaves the
 * developer's 开发业绩 as it came in: a negative row at the rate the charge of the deal's line
 * paid, to the same developer. Nothing when that charge earned no 开发业绩.
 */
export async function developerGiveBack(
  tx: Tx,
  back: {
    key: string;
    lineId: number | null;
    amount: number;
    customerId: number;
    storeId: number | null;
    sourceKind: string;
    sourceId: number;
    day: string;
  },
) {
  if (back.lineId == null || back.amount <= 0) return;
  const [earned] = await queryRows<{ user_id: number; rate: string }>(
    tx,
    sql`select p.user_id, p.rate from clinic_performance p
        join clinic_order_line l on p.idempotency_key like 'developer:' || l.order_id || ':%'
        where l.line_id = ${back.lineId} and p.kind = ${PerformanceKind.developer} limit 1`,
  );
  if (!earned) return;
  const row = developerPerformance(-back.amount, Number(earned.user_id), Math.trunc(Number(earned.rate)));
  await postPerformance(tx, back.key, [
    {
      ...row,
      kind: PerformanceKind.developer,
      sourceKind: back.sourceKind,
      sourceId: back.sourceId,
      customerId: back.customerId,
      storeId: back.storeId,
      businessDay: back.day,
    },
  ]);
}
