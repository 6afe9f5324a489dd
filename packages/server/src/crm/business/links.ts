import { BusinessMsg, ModuleCode } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { badRequest } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import { inList } from '../../org/sql-lists.ts';
import type { AppRegistry } from '../../registry.ts';

/** A customer's opportunities follow it to its new owner when its transfer asks (`carry: ['business']`). */
export async function carryBusiness(tx: Tx, customerIds: number[], newOwnerId: number) {
  await tx.execute(sql`update crm_business set owner_user_id = ${newOwnerId}, update_time = now()
      where customer_id in ${inList(customerIds)}`);
}

/** This feature's declarations into the app's registry (registry.ts), made when the app registers it. */
export function registerDeleteChecks(registry: AppRegistry): void {
  // A customer with opportunities stays (from its list and from the pool): they name it.
  registry.recordDeletes.refuseDeleteWhileLinked(ModuleCode.customer, async (tx, ids) => {
    const used = await queryRows(tx, sql`select 1 from crm_business where customer_id in ${inList(ids)} limit 1`);
    if (used.length) throw badRequest(BusinessMsg.customerHasBusiness);
  });
}
