import {
  addTask,
  approveTask,
  closeOpen,
  finish,
  isSettled,
  log,
  position,
  refreshStatus,
  stepTasks,
} from './state.ts';
import { type AutoReason, type ExamineState, ExamineStatus, type OrgChart } from './types.ts';

/** Moving an approval forward: activating steps, resolving who approves them, settling them. */
/** After an approval: move on when the current step is settled, else just refresh the status. */
export function settle(s: ExamineState, org: OrgChart) {
  const at = position(s, s.current!);
  const step = s.plan[at]!;
  if (isSettled(s, step)) {
    closeOpen(s, step.id, 'settledByOther');
    activateFrom(s, at + 1, org);
  } else {
    refreshStatus(s);
  }
}

/** Activate the step at `index`, skipping through steps the engine settles by itself. */
export function activateFrom(s: ExamineState, index: number, org: OrgChart) {
  for (let i = index; i < s.plan.length; i++) {
    const step = s.plan[i]!;
    s.current = step.id;
    if (step.skip) {
      log(s, { stepId: step.id, kind: 'auto', userId: null, reason: step.skip });
      continue;
    }
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
