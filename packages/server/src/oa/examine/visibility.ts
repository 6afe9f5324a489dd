import { approversOf, type ExamineState } from '@crm/shared';
import { and, eq } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { forbidden } from '../../core/errors.ts';
import type { Tx } from '../../db/client.ts';
import { examineCopies } from './tables.ts';

/**
 * Who may see an approval: the applicant, anyone who appears in its flow, its copy recipients
 * and super admins.
 */
export async function isVisible(tx: Tx, recordId: number, state: ExamineState, viewer: SessionUser): Promise<boolean> {
  if (viewer.isSuper || state.applicantId === viewer.userId) return true;
  if (approversOf(state).has(viewer.userId)) return true;
  const [cc] = await tx
    .select({ userId: examineCopies.userId })
    .from(examineCopies)
    .where(and(eq(examineCopies.recordId, recordId), eq(examineCopies.userId, viewer.userId)));
  return cc !== undefined;
}

/** Everyone `isVisible` leaves out is refused with 无权访问. */
export async function requireVisible(tx: Tx, recordId: number, state: ExamineState, viewer: SessionUser) {
  if (!(await isVisible(tx, recordId, state, viewer))) throw forbidden();
}
