import { ModuleCode } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { inList } from '../../org/sql-lists.ts';
import type { AppRegistry } from '../../registry.ts';

/** This feature's declarations into the app's registry (registry.ts), made when the app registers it. */
export function registerCustomerDeleteCleanups(registry: AppRegistry): void {
  // A deleted customer's agency tasks go with it: a task about nobody cannot be done or reviewed.
  registry.recordDeletes.cleanUpOnDelete(ModuleCode.customer, async (tx, ids) => {
    await tx.execute(sql`delete from crm_customer_agency where customer_id in ${inList(ids)}`);
  });
}
