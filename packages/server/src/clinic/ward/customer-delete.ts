import { AdmissionStatus, BedStatus, ModuleCode } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { inList } from '../../org/sql-lists.ts';
import type { AppRegistry } from '../../registry.ts';

/** This feature's declarations into the app's registry (registry.ts), made when the app registers it. */
export function registerCustomerDeleteCleanups(registry: AppRegistry): void {
  // A deleted customer's stays go with their visits (which cascade); a bed they still lay in is
  // freed first, so the board never shows 占用 with nobody in it.
  registry.recordDeletes.cleanUpOnDelete(ModuleCode.customer, async (tx, ids) => {
    await tx.execute(sql`update clinic_bed set status = ${BedStatus.free}, update_time = now()
      where bed_id in (select bed_id from clinic_admission
        where status = ${AdmissionStatus.admitted} and customer_id in ${inList(ids)})`);
    await tx.execute(sql`delete from clinic_admission where customer_id in ${inList(ids)}`);
  });
}
