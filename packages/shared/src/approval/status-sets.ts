import { ExamineStatus } from './types.ts';

/**
 * Approval statuses as data: which statuses each action starts from and may end in. The engine,
 * the server's checks and the web's filters read these sets instead of spelling them out.
 */

/** Every status, in the order lists and filters show them (under review first). */
export const examineStatusOrder = [
  ExamineStatus.pending,
  ExamineStatus.inProgress,
  ExamineStatus.approved,
  ExamineStatus.rejected,
  ExamineStatus.withdrawn,
  ExamineStatus.returned,
] as const satisfies readonly ExamineStatus[];

/** Under review: approvers act; the applicant may withdraw or urge. */
export const liveStatuses = [ExamineStatus.pending, ExamineStatus.inProgress] as const;

/** Sent back to the applicant (rejected, withdrawn, returned): they may edit and resubmit it, or delete it. */
export const reopenableStatuses = [ExamineStatus.rejected, ExamineStatus.withdrawn, ExamineStatus.returned] as const;

export type ExamineTransition =
  | 'submit'
  | 'resubmit'
  | 'approve'
  | 'reject'
  | 'transfer'
  | 'addApprover'
  | 'return'
  | 'withdraw'
  | 'urge'
  | 'delete';

type Transition = {
  /** Statuses the action may start from; `null` is "no approval yet". */
  from: readonly (ExamineStatus | null)[];
  /** Statuses the approval may be in after it (an automatic approval can finish a submit at once). */
  to: readonly ExamineStatus[];
};

const live = liveStatuses;
const afterSubmit = [...live, ExamineStatus.approved] as const;

export const examineTransitions: Record<ExamineTransition, Transition> = {
  submit: { from: [null], to: afterSubmit },
  resubmit: { from: reopenableStatuses, to: afterSubmit },
  approve: { from: live, to: [ExamineStatus.inProgress, ExamineStatus.approved] },
  reject: { from: live, to: [ExamineStatus.rejected] },
  // Transfer and adding approvers hand the step on; a later automatic approval may still settle it.
  transfer: { from: live, to: afterSubmit },
  addApprover: { from: live, to: afterSubmit },
  // Back to the applicant ends the round; back to an earlier step keeps it under review.
  return: { from: live, to: [...live, ExamineStatus.returned] },
  withdraw: { from: live, to: [ExamineStatus.withdrawn] },
  urge: { from: live, to: live },
  // The applicant deletes what is back with them; a super admin may delete any (checked apart).
  delete: { from: reopenableStatuses, to: [] },
};

/** May `action` start from `status`? */
export const canStartFrom = (action: ExamineTransition, status: number | null): boolean =>
  (examineTransitions[action].from as readonly (number | null)[]).includes(status);

export const isLiveStatus = (status: number): boolean => canStartFrom('withdraw', status);
export const isReopenableStatus = (status: number): boolean => canStartFrom('resubmit', status);
