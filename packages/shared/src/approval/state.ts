import { ExamineError, ExamineMsg } from './messages.ts';
import {
  type AutoReason,
  type ExamineState,
  ExamineStatus,
  type LogEntry,
  type OrgChart,
  type PlanStep,
  type Task,
} from './types.ts';

/** Small operations on an approval's state, shared by the engine's actions and step activation. */
export type NewStep = Omit<PlanStep, 'id'>;

/** States are plain JSON (they are stored as such), so a JSON copy is a faithful deep copy. */
export const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

export const nextSeq = (items: { seq: number }[]) => items.reduce((m, i) => Math.max(m, i.seq), 0) + 1;
export const nextStepId = (s: ExamineState) => [...s.plan, ...s.pastSteps].reduce((m, p) => Math.max(m, p.id), 0) + 1;

export function log(s: ExamineState, entry: Omit<LogEntry, 'seq' | 'round'>) {
  s.log.push({ seq: nextSeq(s.log), round: s.round, ...entry });
}

export function addTask(s: ExamineState, stepId: number, userId: number, extra: Partial<Task> = {}): Task {
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
export const stepTasks = (s: ExamineState, stepId: number) =>
  s.tasks.filter((t) => t.round === s.round && t.stepId === stepId && !t.superseded);

export const position = (s: ExamineState, stepId: number) => s.plan.findIndex((p) => p.id === stepId);

export function requireRemarks(remarks: string | undefined, msg: string) {
  if (!remarks || remarks.trim() === '') throw new ExamineError(msg);
}

export function requireActive(org: OrgChart, ids: number[]) {
  if (ids.some((id) => !org.isActive(id))) throw new ExamineError(ExamineMsg.inactiveUser);
}

export function insertStep(s: ExamineState, at: number, step: NewStep): PlanStep {
  const full = { ...step, id: nextStepId(s) };
  s.plan.splice(at, 0, full);
  return full;
}

export function approveTask(s: ExamineState, task: Task, remarks?: string, reason?: AutoReason) {
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

export function closeOpen(s: ExamineState, stepId: number, reason: AutoReason) {
  for (const t of stepTasks(s, stepId)) {
    if (t.status === 'pending' || t.status === 'waiting') {
      t.status = 'closed';
      t.reason = reason;
    }
  }
}

export function finish(s: ExamineState, status: ExamineStatus) {
  s.status = status;
  s.current = null;
  log(s, { stepId: null, kind: 'finish', userId: null, status });
}

export function isSettled(s: ExamineState, step: PlanStep): boolean {
  const live = stepTasks(s, step.id).filter((t) => t.status !== 'transferred' && t.status !== 'closed');
  if (live.length === 0) return false;
  return step.mode === 'or' ? live.some((t) => t.status === 'approved') : live.every((t) => t.status === 'approved');
}

export function refreshStatus(s: ExamineState) {
  if (s.current === null) return;
  const anyApproved = s.tasks.some((t) => t.round === s.round && !t.superseded && t.status === 'approved');
  s.status = anyApproved ? ExamineStatus.inProgress : ExamineStatus.pending;
}
