import type { StepCondition } from './conditions.ts';

/**
 * Types of the approval engine. The engine is generic over what is approved (an OA approval,
 * a contract, a receivable): it sees only the applicant, the plan of steps and the org chart.
 */

/** Approval (and review) status. 5 is ours: returned to the applicant for changes. */
export const ExamineStatus = {
  pending: 0,
  approved: 1,
  rejected: 2,
  inProgress: 3,
  withdrawn: 4,
  returned: 5,
} as const;
export type ExamineStatus = (typeof ExamineStatus)[keyof typeof ExamineStatus];

/** Step types: 1 head supervisor, 2 any one of N (或签), 3 all of N (会签), 4 supervisor of the previous approver. */
export type StepType = 1 | 2 | 3 | 4;

/** A fixed-flow step; with a condition it applies only when the condition on the form holds. */
export type FlowStep = { stepType: StepType; userIds: number[]; condition?: StepCondition };

/** examineType 1: fixed steps. examineType 2: the applicant's chosen approvers, one level each, in order. */
export type Flow = { examineType: 1; steps: FlowStep[] } | { examineType: 2; approverIds: number[] };

/** What the engine needs of the organisation. */
export type OrgChart = {
  supervisorOf(userId: number): number | null;
  isActive(userId: number): boolean;
  /** Who receives steps whose approver cannot be resolved. */
  approvalAdmins: number[];
};

/** Where a plan step came from. */
export const stepOrigins = ['flow', 'chosen', 'next', 'addBefore', 'addAfter'] as const;
export type StepOrigin = (typeof stepOrigins)[number];

export const stepKinds = ['supervisor', 'users', 'previousSupervisor'] as const;
export const stepModes = ['or', 'and'] as const;

/** One step of the plan; `users` steps name their approvers, the others resolve on activation. */
export type PlanStep = {
  /** Stable id within the approval: inserted steps never renumber tasks or history. */
  id: number;
  kind: (typeof stepKinds)[number];
  userIds: number[];
  /** or: the first action settles the step; and: everyone must approve. */
  mode: (typeof stepModes)[number];
  origin: StepOrigin;
  /** The flow step's condition, kept for the history view. */
  condition?: StepCondition;
  /** Set at (re)submission when the condition does not hold on the form: activation skips the step. */
  skip?: 'conditionUnmet';
};

export const taskStatuses = ['waiting', 'pending', 'approved', 'rejected', 'closed', 'transferred'] as const;
export type TaskStatus = (typeof taskStatuses)[number];

export const autoReasons = [
  'selfApproval',
  'duplicateApprover',
  'noSupervisor',
  'noApprover',
  'settledByOther',
  'closedByRejection',
  'withdrawn',
  'returned',
  'conditionUnmet',
] as const;
export type AutoReason = (typeof autoReasons)[number];

export type Task = {
  /** Sequence number within the approval, stable across rounds. */
  seq: number;
  round: number;
  /** Id of the plan step. */
  stepId: number;
  userId: number;
  status: TaskStatus;
  /** Set when the engine, not the person, decided. */
  reason?: AutoReason;
  remarks?: string;
  /** The task this one was transferred from or added by. */
  fromUserId?: number;
  /** Old rounds (after resubmit) and steps redone after a return stay in history, marked superseded. */
  superseded: boolean;
};

export const logKinds = [
  'submit',
  'approve',
  'reject',
  'withdraw',
  'transfer',
  'addBefore',
  'addAfter',
  'return',
  'auto',
  'finish',
] as const;
export type LogKind = (typeof logKinds)[number];

/** Append-only history of an approval: every action and every automatic decision with its reason. */
export type LogEntry = {
  seq: number;
  round: number;
  stepId: number | null;
  kind: LogKind;
  userId: number | null;
  reason?: AutoReason;
  remarks?: string;
  targetIds?: number[];
  status?: ExamineStatus;
};

export type ExamineState = {
  status: ExamineStatus;
  applicantId: number;
  round: number;
  /** This round's plan, in order; steps may be inserted (加签, next approver). */
  plan: PlanStep[];
  /** Plans of earlier rounds, for the history view. */
  pastSteps: PlanStep[];
  /** Id of the active step, or null when finished. */
  current: number | null;
  tasks: Task[];
  log: LogEntry[];
};

export type Action =
  | { type: 'approve'; userId: number; remarks?: string; nextUserId?: number }
  | { type: 'reject'; userId: number; remarks: string }
  | { type: 'withdraw'; userId: number; remarks: string; isAdmin?: boolean }
  | { type: 'transfer'; userId: number; toUserId: number; remarks?: string }
  | { type: 'addApprover'; userId: number; targetIds: number[]; position: 'before' | 'after'; remarks?: string }
  /** Return to an earlier step of this round (its id) or to the applicant. */
  | { type: 'return'; userId: number; toStep: number | 'applicant'; remarks: string };
