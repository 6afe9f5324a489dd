import { ModuleCode } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { inList } from '../../org/sql-lists.ts';
import type { AppRegistry } from '../../registry.ts';

/** This feature's declarations into the app's registry (registry.ts), made when the app registers it. */
export function registerCustomerDeleteCleanups(registry: AppRegistry): void {
  // A work log stays when a customer it mentions is deleted; only the link to the customer goes.
  registry.recordDeletes.cleanUpOnDelete(ModuleCode.customer, async (tx, ids) => {
    await tx.execute(sql`delete from oa_log_customer where customer_id in ${inList(ids)}`);
  });
}
