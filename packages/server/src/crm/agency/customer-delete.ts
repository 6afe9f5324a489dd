import { ModuleCode } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { inList } from '../../org/sql-lists.ts';
import { cleanUpOnDelete } from '../records/remove.ts';

// A deleted customer's agency tasks go with it: a task about nobody cannot be done or reviewed.
cleanUpOnDelete(ModuleCode.customer, async (tx, ids) => {
  await tx.execute(sql`delete from crm_customer_agency where customer_id in ${inList(ids)}`);
});
