import { pendingApprovers } from './engine.ts';
import { canStartFrom } from './status-sets.ts';
import type { ExamineState } from './types.ts';

/** What the viewer may do with an approval; the server decides, the detail drawer shows exactly these. */
export type ExaminePermitted = {
  approve: boolean;
  reject: boolean;
  transfer: boolean;
  addApprover: boolean;
  returnTo: boolean;
  withdraw: boolean;
  edit: boolean;
  urge: boolean;
  delete: boolean;
  comment: boolean;
  /** Chosen-approver flows: the approver may name the next approver. */
  chooseNext: boolean;
};

/** The actions of the viewer, from the approval's status (the transition table) and their part in it. */
export function permittedActions(state: ExamineState, viewer: { userId: number; isSuper: boolean }): ExaminePermitted {
  const acting = pendingApprovers(state).includes(viewer.userId);
  const applicant = state.applicantId === viewer.userId;
  const currentStep = state.plan.find((p) => p.id === state.current);
  const from = (action: Parameters<typeof canStartFrom>[0]) => canStartFrom(action, state.status);
  return {
    approve: acting && from('approve'),
    reject: acting && from('reject'),
    transfer: acting && from('transfer'),
    addApprover: acting && from('addApprover'),
    returnTo: acting && from('return'),
    chooseNext: acting && (currentStep?.origin === 'chosen' || currentStep?.origin === 'next'),
    withdraw: from('withdraw') && (applicant || viewer.isSuper),
    edit: from('resubmit') && applicant,
    urge: from('urge') && applicant,
    delete: (from('delete') && applicant) || viewer.isSuper,
    comment: true,
  };
}
