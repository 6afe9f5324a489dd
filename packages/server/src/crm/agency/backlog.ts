import { AgencyStatus } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { hasPermission } from '../../core/access.ts';
import { queryRows } from '../../core/sql.ts';
import type { AppRegistry } from '../../registry.ts';
import { HANDLE } from './actions.ts';

/** This feature's declarations into the app's registry (registry.ts), made when the app registers it. */
export function registerBacklogCounters(registry: AppRegistry): void {
  // The workbench's agencyNum: return visits handed to me that I have not accepted yet (the
  // 回访任务 menu badge; the advisor's index on user, status).
  registry.backlog.register('agencyNum', async (db, user) => {
    if (!hasPermission(user, HANDLE)) return 0;
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from crm_customer_agency
          where user_id = ${user.userId} and status = ${AgencyStatus.toAccept}`,
    );
    return Number(row?.n ?? 0);
  });
}
