import { approversOf, type ExaminePermitted, type ExamineState, ExamineStatus, pendingApprovers } from '@crm/shared';
import { and, eq } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { forbidden } from '../../core/errors.ts';
import type { Tx } from '../../db/client.ts';
import { examineCopies } from './tables.ts';

export type Permitted = ExaminePermitted;

const live = (s: ExamineState) => s.status === ExamineStatus.pending || s.status === ExamineStatus.inProgress;
const editable = (s: ExamineState) =>
  s.status === ExamineStatus.rejected || s.status === ExamineStatus.withdrawn || s.status === ExamineStatus.returned;

export function permittedActions(state: ExamineState, viewer: SessionUser): Permitted {
  const acting = pendingApprovers(state).includes(viewer.userId);
  const applicant = state.applicantId === viewer.userId;
  const currentStep = state.plan.find((p) => p.id === state.current);
  return {
    approve: acting,
    reject: acting,
    transfer: acting,
    addApprover: acting,
    returnTo: acting,
    chooseNext: acting && (currentStep?.origin === 'chosen' || currentStep?.origin === 'next'),
    withdraw: live(state) && (applicant || viewer.isSuper),
    edit: editable(state) && applicant,
    urge: live(state) && applicant,
    delete: (editable(state) && applicant) || viewer.isSuper,
    comment: true,
  };
}

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
