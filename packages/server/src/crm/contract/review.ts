import type { ExamineState } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import type { SubjectRegistry } from '../../oa/examine/subjects.ts';
import { customerServerKind } from '../customer/kind.ts';
import { logAction } from '../records/actions.ts';
import { registerReview } from '../records/review.ts';
import { contractServerKind, receivablesServerKind } from './kind.ts';

/**
 * What contracts add to the review every reviewed kind has (crm/records/review.ts, DECISIONS
 * "Contracts and receivables review"): a contract approved at last closes its customer's deal.
 */

/** DECISIONS: final approval of a contract marks its customer as closed-deal (成交), logged. */
export async function closeDeal(tx: Tx, contractId: number, state: ExamineState) {
  const changed = await queryRows<{ customer_id: number }>(
    tx,
    sql`update crm_customer c set deal_status = 1, is_lock = false, update_time = now()
        from crm_contract k where k.contract_id = ${contractId} and c.customer_id = k.customer_id
          and c.deal_status <> 1
        returning c.customer_id`,
  );
  const by = [...state.log].reverse().find((e) => e.userId !== undefined)?.userId ?? state.applicantId;
  if (changed.length)
    await logAction(tx, customerServerKind, [
      {
        recordId: Number(changed[0]!.customer_id),
        userId: by,
        action: 'dealStatus',
        changes: [{ field: 'dealStatus', name: '成交状态', before: '未成交', after: '已成交' }],
      },
    ]);
}

/**
 * Both kinds' reviews as approval subjects, for the demo seed: it runs before any app is built, so
 * it registers them into a registry of its own as the app's kind registration does (routes.ts).
 */
export function registerContractReviews(subjects: SubjectRegistry) {
  registerReview(subjects, contractServerKind, closeDeal);
  registerReview(subjects, receivablesServerKind);
}
