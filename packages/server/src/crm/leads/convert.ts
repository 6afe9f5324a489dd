import { LeadsMsg } from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest } from '../../core/errors.ts';
import type { Tx } from '../../db/client.ts';
import { customerServerKind } from '../customer/kind.ts';
import { loadRecords } from '../records/access.ts';
import { logAction } from '../records/actions.ts';
import { saveRecord } from '../records/save.ts';
import { leadsServerKind as sk } from './kind.ts';

/** The customer's mobile column holds 11 characters: a longer lead number stays on the lead. */
const CUSTOMER_MOBILE_MAX = 11;

/**
 * `CrmLeads/transfer` (the original's name for 转换为客户): each lead the viewer may change
 * becomes a customer with the lead's name, mobile, owner and next contact time; the lead's
 * follow-ups move onto the customer (their attachments with them), and the lead stays,
 * converted and read-only, naming its customer. All leads or none, in one transaction. The
 * customer's batch is derived from the lead, so a double click makes one customer.
 */
export async function convertLeads(db: Tx, user: SessionUser, ids: number[]) {
  return db.transaction(async (tx) => {
    const loaded = await loadRecords(tx, sk, user, [...new Set(ids)], 'write', { lock: true });
    const list: { leadsId: number; customerId: number }[] = [];
    for (const { row } of loaded) {
      const leadsId = Number(row.leads_id);
      if (row.is_transform) throw badRequest(LeadsMsg.alreadyConverted);
      const mobile = String(row.mobile ?? '');
      const { id: customerId } = await saveRecord(tx, customerServerKind, [], user, {
        batchId: `leads-${leadsId}`,
        fixed: { customerName: row.name, mobile: mobile.length <= CUSTOMER_MOBILE_MAX ? mobile : '' },
        custom: {},
      });
      await tx.execute(sql`update crm_customer set owner_user_id = ${row.owner_user_id}, next_time = ${row.next_time}
          where customer_id = ${customerId}`);
      await tx.execute(sql`update crm_follow_record set label = ${customerServerKind.kind.label}, record_id = ${customerId}
          where label = ${sk.kind.label} and record_id = ${leadsId}`);
      await tx.execute(sql`update crm_leads set is_transform = true, customer_id = ${customerId},
          transform_time = now(), update_time = now() where leads_id = ${leadsId}`);
      await logAction(tx, sk, [
        { recordId: leadsId, userId: user.userId, action: 'convert', detail: `转化为客户：${String(row.name ?? '')}` },
      ]);
      list.push({ leadsId, customerId });
    }
    return { list };
  });
}
