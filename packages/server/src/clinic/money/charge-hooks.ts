import { DealKind } from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { ChargedOrder } from './charged-order.ts';
import { applyConversionOfOrder } from './conversions.ts';
import { postDeveloperPerformance } from './developer-performance.ts';

export type { ChargedOrder } from './charged-order.ts';

/**
 * What a charge does beyond its deals, in the charge's transaction (one call from charge.ts):
 * a 返修 line's deal becomes a repair of its original, a conversion's difference order completes
 * the conversion, and the customer's developer earns 开发业绩 on the cash received.
 */
export async function afterLinesCharged(tx: Tx, charged: ChargedOrder) {
  const dealByLine = new Map(charged.lineIds.map((id, i) => [id, charged.dealIds[i]!]));
  await tx.execute(
    sql`update crm_customer_project_deal_record d set kind = ${DealKind.repair}, original_deal_id = l.original_deal_id
        from clinic_order_line l
        where l.order_id = ${charged.orderId} and l.original_deal_id is not null and d.order_line_id = l.line_id`,
  );
  await applyConversionOfOrder(tx, charged.orderId, dealByLine);
  await postDeveloperPerformance(tx, charged);
}
