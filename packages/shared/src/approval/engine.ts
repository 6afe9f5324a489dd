import { ExamineError, ExamineMsg } from './messages.ts';
import {
  type Action,
  type AutoReason,
  type ExamineState,
  ExamineStatus,
  type Flow,
  type LogEntry,
  type OrgChart,
  type PlanStep,
  type Task,
} from './types.ts';

/**
 * The approval engine: pure decisions. Given the state of one approval, the org chart and an
 * action, it answers the next state; the server persists it (under a row lock). Nothing here
 * touches a database or a clock.
 */

type NewStep = Omit<PlanStep, 'id'>;

/** States are plain JSON (they are stored as such), so a JSON copy is a faithful deep copy. */
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** The plan of a flow: fixed steps, or the chosen approvers one level each. */
export function planOf(flow: Flow): NewStep[] {
  if (flow.examineType === 2) {
    return flow.approverIds.map((id) => ({ kind: 'users', userIds: [id], mode: 'or', origin: 'chosen' }));
  }
  return flow.steps.map((s) => ({
    kind: s.stepType === 1 ? 'supervisor' : s.stepType === 4 ? 'previousSupervisor' : 'users',
    userIds: s.stepType === 2 || s.stepType === 3 ? [...s.userIds] : [],
    mode: s.stepType === 3 ? 'and' : 'or',
    origin: 'flow',
  }));
}

const nextSeq = (items: { seq: number }[]) => items.reduce((m, i) => Math.max(m, i.seq), 0) + 1;
const nextStepId = (s: ExamineState) => [...s.plan, ...s.pastSteps].reduce((m, p) => Math.max(m, p.id), 0) + 1;

function log(s: ExamineState, entry: Omit<LogEntry, 'seq' | 'round'>) {
  s.log.push({ seq: nextSeq(s.log), round: s.round, ...entry });
}

function addTask(s: ExamineState, stepId: number, userId: number, extra: Partial<Task> = {}): Task {
  const task: Task = {
    seq: nextSeq(s.tasks),
    round: s.round,
    stepId,
    userId,
    status: 'pending',
    superseded: false,
    ...extra,
  };
  s.tasks.push(task);
  return task;
}

/** Live tasks of a step in the current round. */
const stepTasks = (s: ExamineState, stepId: number) =>
  s.tasks.filter((t) => t.round === s.round && t.stepId === stepId && !t.superseded);

const position = (s: ExamineState, stepId: number) => s.plan.findIndex((p) => p.id === stepId);

/** Submit (or resubmit after a rejection, withdrawal or return) an approval. */
export function submit(applicantId: number, flow: Flow, org: OrgChart, previous?: ExamineState): ExamineState {
  if (
    previous &&
    !([ExamineStatus.rejected, ExamineStatus.withdrawn, ExamineStatus.returned] as number[]).includes(previous.status)
  ) {
    throw new ExamineError(ExamineMsg.resubmitState);
  }
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
  s.plan = planOf(flow).map((p, i) => ({ ...p, id: firstId + i }));
  s.current = null;
  log(s, { stepId: null, kind: 'submit', userId: applicantId });
  activateFrom(s, 0, org);
  return s;
}

/** Apply a person's action; throws ExamineError with a readable message when it is not allowed. */
export function act(state: ExamineState, action: Action, org: OrgChart): ExamineState {
  const s = clone(state);
  if (action.type === 'withdraw') return withdraw(s, action);
  if (s.current === null) throw new ExamineError(ExamineMsg.finished);
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
  if (s.status !== ExamineStatus.pending && s.status !== ExamineStatus.inProgress) {
    throw new ExamineError(ExamineMsg.withdrawState);
  }
  requireRemarks(action.remarks, ExamineMsg.withdrawRemarks);
  log(s, { stepId: s.current, kind: 'withdraw', userId: action.userId, remarks: action.remarks.trim() });
  if (s.current !== null) closeOpen(s, s.current, 'withdrawn');
  finish(s, ExamineStatus.withdrawn);
  return s;
}

function requireRemarks(remarks: string | undefined, msg: string) {
  if (!remarks || remarks.trim() === '') throw new ExamineError(msg);
}

function requireActive(org: OrgChart, ids: number[]) {
  if (ids.some((id) => !org.isActive(id))) throw new ExamineError(ExamineMsg.inactiveUser);
}

function insertStep(s: ExamineState, at: number, step: NewStep): PlanStep {
  const full = { ...step, id: nextStepId(s) };
  s.plan.splice(at, 0, full);
  return full;
}

function approveTask(s: ExamineState, task: Task, remarks?: string, reason?: AutoReason) {
  task.status = 'approved';
  task.remarks = remarks?.trim() || undefined;
  task.reason = reason;
  log(
    s,
    reason
      ? { stepId: task.stepId, kind: 'auto', userId: task.userId, reason }
      : { stepId: task.stepId, kind: 'approve', userId: task.userId, remarks: task.remarks },
  );
}

function closeOpen(s: ExamineState, stepId: number, reason: AutoReason) {
  for (const t of stepTasks(s, stepId)) {
    if (t.status === 'pending' || t.status === 'waiting') {
      t.status = 'closed';
      t.reason = reason;
    }
  }
}

function finish(s: ExamineState, status: ExamineStatus) {
  s.status = status;
  s.current = null;
  log(s, { stepId: null, kind: 'finish', userId: null, status });
}

function isSettled(s: ExamineState, step: PlanStep): boolean {
  const live = stepTasks(s, step.id).filter((t) => t.status !== 'transferred' && t.status !== 'closed');
  if (live.length === 0) return false;
  return step.mode === 'or' ? live.some((t) => t.status === 'approved') : live.every((t) => t.status === 'approved');
}

/** After an approval: move on when the current step is settled, else just refresh the status. */
function settle(s: ExamineState, org: OrgChart) {
  const at = position(s, s.current!);
  const step = s.plan[at]!;
  if (isSettled(s, step)) {
    closeOpen(s, step.id, 'settledByOther');
    activateFrom(s, at + 1, org);
  } else {
    refreshStatus(s);
  }
}

function refreshStatus(s: ExamineState) {
  if (s.current === null) return;
  const anyApproved = s.tasks.some((t) => t.round === s.round && !t.superseded && t.status === 'approved');
  s.status = anyApproved ? ExamineStatus.inProgress : ExamineStatus.pending;
}

/** Activate the step at `index`, skipping through steps the engine settles by itself. */
function activateFrom(s: ExamineState, index: number, org: OrgChart) {
  for (let i = index; i < s.plan.length; i++) {
    const step = s.plan[i]!;
    s.current = step.id;
    const existing = stepTasks(s, step.id);
    if (existing.some((t) => t.status === 'waiting')) {
      // Resuming a step that waited for people added before it.
      for (const t of existing) if (t.status === 'waiting') t.status = 'pending';
    } else {
      const approvers = resolveApprovers(s, i, org);
      if (approvers.length === 0) {
        log(s, { stepId: step.id, kind: 'auto', userId: null, reason: 'noApprover' });
        continue;
      }
      const previous = previousApprovers(s, i);
      for (const userId of approvers) {
        const task = addTask(s, step.id, userId);
        if (userId === s.applicantId) approveTask(s, task, undefined, 'selfApproval');
        else if (previous.has(userId)) approveTask(s, task, undefined, 'duplicateApprover');
      }
    }
    if (!isSettled(s, step)) {
      refreshStatus(s);
      return;
    }
    closeOpen(s, step.id, 'settledByOther');
  }
  finish(s, ExamineStatus.approved);
}

/** Who approves the step at `index`: resolved when it becomes active, since type 4 depends on who approved before. */
function resolveApprovers(s: ExamineState, index: number, org: OrgChart): number[] {
  const step = s.plan[index]!;
  const stepId = step.id;
  const toAdmins = (reason: AutoReason) => {
    const admins = org.approvalAdmins.filter((id) => org.isActive(id));
    if (admins.length > 0) log(s, { stepId, kind: 'auto', userId: null, reason, targetIds: admins });
    // Admins take it as an or-sign: any one of them settles it.
    step.mode = 'or';
    return admins;
  };
  if (step.kind === 'users') {
    const users = [...new Set(step.userIds)].filter((id) => org.isActive(id));
    return users.length > 0 ? users : toAdmins('noApprover');
  }
  const base = step.kind === 'supervisor' ? s.applicantId : (lastApproverBefore(s, index) ?? s.applicantId);
  const sup = org.supervisorOf(base);
  return sup !== null && org.isActive(sup) ? [sup] : toAdmins('noSupervisor');
}

/** The approved tasks of the latest earlier step in this round that has any. */
function lastApprovedStep(s: ExamineState, index: number): number | null {
  for (let i = index - 1; i >= 0; i--) {
    const id = s.plan[i]!.id;
    if (stepTasks(s, id).some((t) => t.status === 'approved')) return id;
  }
  return null;
}

function previousApprovers(s: ExamineState, index: number): Set<number> {
  const id = lastApprovedStep(s, index);
  if (id === null) return new Set();
  return new Set(
    stepTasks(s, id)
      .filter((t) => t.status === 'approved')
      .map((t) => t.userId),
  );
}

/** Who last approved the previous step (for a multi-person step, the last one to approve). */
function lastApproverBefore(s: ExamineState, index: number): number | null {
  const id = lastApprovedStep(s, index);
  if (id === null) return null;
  const approvedBy = new Set(
    stepTasks(s, id)
      .filter((t) => t.status === 'approved')
      .map((t) => t.userId),
  );
  for (let i = s.log.length - 1; i >= 0; i--) {
    const e = s.log[i]!;
    if (
      e.round === s.round &&
      e.stepId === id &&
      (e.kind === 'approve' || e.kind === 'auto' || e.kind === 'addAfter')
    ) {
      if (e.userId !== null && approvedBy.has(e.userId)) return e.userId;
    }
  }
  return null;
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
