import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import { inList } from '../../org/sql-lists.ts';
import { loadRecords } from '../records/access.ts';
import { logAction } from '../records/actions.ts';
import { customerServerKind } from './kind.ts';

const statusName = (s: number) => (s === 1 ? '已成交' : '未成交');

/**
 * `setDealStatus`: mark customers closed (1) or not (0). Each must be writable by the caller;
 * every real change is logged (成交状态 before and after). A closed customer cannot stay locked
 * (`已成交客户无需锁定`), so closing one also unlocks it.
 */
export async function setDealStatus(db: Tx, user: SessionUser, ids: number[], status: 0 | 1) {
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    const loaded = await loadRecords(tx, customerServerKind, user, unique, 'write', { lock: true });
    const changed = loaded.filter((l) => Number(l.row.deal_status) !== status).map((l) => Number(l.row.customer_id));
    if (changed.length === 0) return;
    await queryRows(
      tx,
      sql`update crm_customer set deal_status = ${status},
            is_lock = case when ${status} = 1 then false else is_lock end, update_time = now()
          where customer_id in ${inList(changed)}`,
    );
    await logAction(
      tx,
      customerServerKind,
      changed.map((recordId) => ({
        recordId,
        userId: user.userId,
        action: 'dealStatus' as const,
        changes: [{ field: 'dealStatus', name: '成交状态', before: statusName(1 - status), after: statusName(status) }],
      })),
    );
  });
}
