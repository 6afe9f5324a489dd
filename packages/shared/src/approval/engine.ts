import { activateFrom, settle } from './activation.ts';
import { type ConditionFacts, stepApplies } from './conditions.ts';
import { ExamineError, ExamineMsg } from './messages.ts';
import {
  addTask,
  approveTask,
  clone,
  closeOpen,
  finish,
  insertStep,
  log,
  type NewStep,
  nextStepId,
  position,
  requireActive,
  requireRemarks,
  stepTasks,
} from './state.ts';
import { canStartFrom, type ExamineTransition, examineTransitions } from './status-sets.ts';
import { type Action, type ExamineState, ExamineStatus, type Flow, type OrgChart } from './types.ts';

/**
 * The approval engine: pure decisions. Given the state of one approval, the org chart and an
 * action, it answers the next state; the server persists it (under a row lock). Nothing here
 * touches a database or a clock.
 */

/**
 * The plan of a flow: fixed steps, or the chosen approvers one level each. A conditional step
 * whose condition does not hold on the form's facts stays in the plan, marked to be skipped.
 */
export function planOf(flow: Flow, facts: ConditionFacts = {}): NewStep[] {
  if (flow.examineType === 2) {
    return flow.approverIds.map((id) => ({ kind: 'users', userIds: [id], mode: 'or', origin: 'chosen' }));
  }
  return flow.steps.map((s) => ({
    kind: s.stepType === 1 ? 'supervisor' : s.stepType === 4 ? 'previousSupervisor' : 'users',
    userIds: s.stepType === 2 || s.stepType === 3 ? [...s.userIds] : [],
    mode: s.stepType === 3 ? 'and' : 'or',
    origin: 'flow',
    ...(s.condition ? { condition: s.condition } : {}),
    ...(stepApplies(s.condition, facts) ? {} : { skip: 'conditionUnmet' as const }),
  }));
}

/**
 * Submit (or resubmit after a rejection, withdrawal or return) an approval. `facts` are the
 * form's values conditional steps read; a resubmission re-evaluates them, so a changed value
 * changes the flow.
 */
export function submit(
  applicantId: number,
  flow: Flow,
  org: OrgChart,
  previous?: ExamineState,
  facts: ConditionFacts = {},
): ExamineState {
  if (previous && !canStartFrom('resubmit', previous.status)) throw new ExamineError(ExamineMsg.resubmitState);
  const s: ExamineState = previous
    ? clone(previous)
    : {
        status: ExamineStatus.pending,
        applicantId,
        round: 0,
        plan: [],
        pastSteps: [],
        current: null,
        tasks: [],
        log: [],
      };
  for (const t of s.tasks) t.superseded = true;
  s.pastSteps.push(...s.plan);
  s.round += 1;
  s.status = ExamineStatus.pending;
  const firstId = nextStepId(s);
  s.plan = planOf(flow, facts).map((p, i) => ({ ...p, id: firstId + i }));
  s.current = null;
  log(s, { stepId: null, kind: 'submit', userId: applicantId });
  activateFrom(s, 0, org);
  return checkTransition(previous ? 'resubmit' : 'submit', s);
}

/** The engine never leaves the statuses its transition table allows: a bug here must not be stored. */
function checkTransition(action: ExamineTransition, s: ExamineState): ExamineState {
  if (!(examineTransitions[action].to as readonly number[]).includes(s.status))
    throw new Error(`approval engine: ${action} may not end in status ${s.status}`);
  return s;
}

/** Apply a person's action; throws ExamineError with a readable message when it is not allowed. */
export function act(state: ExamineState, action: Action, org: OrgChart): ExamineState {
  return checkTransition(action.type, actOn(clone(state), action, org));
}

function actOn(s: ExamineState, action: Action, org: OrgChart): ExamineState {
  if (action.type === 'withdraw') return withdraw(s, action);
  if (s.current === null || !canStartFrom(action.type, s.status)) throw new ExamineError(ExamineMsg.finished);
  const current = s.current;
  const mine = stepTasks(s, current).find((t) => t.userId === action.userId && t.status === 'pending');
  if (!mine) throw new ExamineError(ExamineMsg.noPendingTask);

  switch (action.type) {
    case 'approve': {
      if (action.nextUserId !== undefined) {
        const origin = s.plan[position(s, current)]?.origin;
        if (origin !== 'chosen' && origin !== 'next') throw new ExamineError(ExamineMsg.nextOnlyChosen);
        requireActive(org, [action.nextUserId]);
        insertStep(s, position(s, current) + 1, {
          kind: 'users',
          userIds: [action.nextUserId],
          mode: 'or',
          origin: 'next',
        });
      }
      approveTask(s, mine, action.remarks);
      settle(s, org);
      return s;
    }
    case 'reject': {
      requireRemarks(action.remarks, ExamineMsg.rejectRemarks);
      mine.status = 'rejected';
      mine.remarks = action.remarks.trim();
      log(s, { stepId: current, kind: 'reject', userId: action.userId, remarks: mine.remarks });
      closeOpen(s, current, 'closedByRejection');
      finish(s, ExamineStatus.rejected);
      return s;
    }
    case 'transfer': {
      const to = action.toUserId;
      if (to === action.userId) throw new ExamineError(ExamineMsg.transferSelf);
      if (to === s.applicantId) throw new ExamineError(ExamineMsg.transferApplicant);
      requireActive(org, [to]);
      if (stepTasks(s, current).some((t) => t.userId === to && (t.status === 'pending' || t.status === 'waiting'))) {
        throw new ExamineError(ExamineMsg.alreadyInStep);
      }
      mine.status = 'transferred';
      mine.remarks = action.remarks?.trim() || undefined;
      addTask(s, current, to, { fromUserId: action.userId });
      log(s, { stepId: current, kind: 'transfer', userId: action.userId, targetIds: [to], remarks: mine.remarks });
      return s;
    }
    case 'addApprover': {
      const targets = [...new Set(action.targetIds)].filter((id) => id !== action.userId);
      if (targets.length === 0) throw new ExamineError(ExamineMsg.addTargetsRequired);
      if (targets.includes(s.applicantId)) throw new ExamineError(ExamineMsg.transferApplicant);
      requireActive(org, targets);
      const at = position(s, current);
      const remarks = action.remarks?.trim() || undefined;
      if (action.position === 'before') {
        // The whole step waits for the added people, then resumes where it was.
        for (const t of stepTasks(s, current)) if (t.status === 'pending') t.status = 'waiting';
        const step = insertStep(s, at, { kind: 'users', userIds: targets, mode: 'and', origin: 'addBefore' });
        log(s, { stepId: current, kind: 'addBefore', userId: action.userId, targetIds: targets, remarks });
        activateFrom(s, position(s, step.id), org);
      } else {
        insertStep(s, at + 1, { kind: 'users', userIds: targets, mode: 'and', origin: 'addAfter' });
        log(s, { stepId: current, kind: 'addAfter', userId: action.userId, targetIds: targets, remarks });
        approveTask(s, mine, remarks);
        settle(s, org);
      }
      return s;
    }
    case 'return': {
      requireRemarks(action.remarks, ExamineMsg.returnRemarks);
      const remarks = action.remarks.trim();
      mine.remarks = remarks;
      if (action.toStep === 'applicant') {
        log(s, { stepId: current, kind: 'return', userId: action.userId, remarks });
        closeOpen(s, current, 'returned');
        finish(s, ExamineStatus.returned);
        return s;
      }
      const target = position(s, action.toStep);
      const here = position(s, current);
      const passed = target >= 0 && target < here && stepTasks(s, action.toStep).some((t) => t.status === 'approved');
      if (!passed) throw new ExamineError(ExamineMsg.returnTarget);
      log(s, { stepId: current, kind: 'return', userId: action.userId, targetIds: [action.toStep], remarks });
      closeOpen(s, current, 'returned');
      // The steps from the target on are done again; what was done stays in history.
      const redo = new Set(s.plan.slice(target, here + 1).map((p) => p.id));
      for (const t of s.tasks) if (t.round === s.round && redo.has(t.stepId)) t.superseded = true;
      activateFrom(s, target, org);
      return s;
    }
  }
}

function withdraw(s: ExamineState, action: Extract<Action, { type: 'withdraw' }>): ExamineState {
  if (action.userId !== s.applicantId && !action.isAdmin) throw new ExamineError(ExamineMsg.withdrawOnlyApplicant);
  if (!canStartFrom('withdraw', s.status)) throw new ExamineError(ExamineMsg.withdrawState);
  requireRemarks(action.remarks, ExamineMsg.withdrawRemarks);
  log(s, { stepId: s.current, kind: 'withdraw', userId: action.userId, remarks: action.remarks.trim() });
  if (s.current !== null) closeOpen(s, s.current, 'withdrawn');
  finish(s, ExamineStatus.withdrawn);
  return s;
}

/** Everyone who appears in the approval as an approver, in any round. */
export function approversOf(s: ExamineState): Set<number> {
  return new Set(s.tasks.map((t) => t.userId));
}

/** Who must act now. */
export function pendingApprovers(s: ExamineState): number[] {
  return s.current === null
    ? []
    : stepTasks(s, s.current)
        .filter((t) => t.status === 'pending')
        .map((t) => t.userId);
}
