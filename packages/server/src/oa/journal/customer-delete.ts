import { ModuleCode } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { cleanUpOnDelete } from '../../crm/records/remove.ts';
import { inList } from '../../org/sql-lists.ts';

// A work log stays when a customer it mentions is deleted; only the link to the customer goes.
cleanUpOnDelete(ModuleCode.customer, async (tx, ids) => {
  await tx.execute(sql`delete from oa_log_customer where customer_id in ${inList(ids)}`);
});
