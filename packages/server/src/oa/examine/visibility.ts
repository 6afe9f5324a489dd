import { approversOf, type ExamineState } from '@crm/shared';
import { and, eq } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { forbidden } from '../../core/errors.ts';
import type { Tx } from '../../db/client.ts';
import { examineCopies } from './tables.ts';

/**
 * Who may see an approval: the applicant, anyone who appears in its flow, its copy recipients
 * and super admins. Everyone else is refused with 无权访问.
 */
export async function requireVisible(tx: Tx, recordId: number, state: ExamineState, viewer: SessionUser) {
  if (viewer.isSuper || state.applicantId === viewer.userId) return;
  if (approversOf(state).has(viewer.userId)) return;
  const [cc] = await tx
    .select({ userId: examineCopies.userId })
    .from(examineCopies)
    .where(and(eq(examineCopies.recordId, recordId), eq(examineCopies.userId, viewer.userId)));
  if (cc) return;
  throw forbidden();
}
