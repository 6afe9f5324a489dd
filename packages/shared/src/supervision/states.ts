/**
 * The states of an inspection plan (issue 25 "Supervision") and every move between them, shared
 * by the server's checks (under the plan's row lock) and the web's buttons.
 */
export const InspectionStatus = { planned: 1, inspecting: 2, done: 3, cancelled: 4 } as const;
export const checkStatuses = [1, 2, 3, 4] as const;
export type CheckStatusValue = (typeof checkStatuses)[number];
export const inspectionStatusNames: Record<number, string> = { 1: '待检查', 2: '检查中', 3: '已完成', 4: '已取消' };
export const inspectionStatusNamesEn: Record<number, string> = {
  1: 'Planned',
  2: 'Inspecting',
  3: 'Done',
  4: 'Cancelled',
};

export type CheckAction = 'edit' | 'start' | 'record' | 'submit' | 'cancel';

/** Where each action may start, and where it leaves the plan. */
const edges: Record<CheckAction, { from: readonly number[]; to: (s: number) => number }> = {
  edit: { from: [1], to: (s) => s },
  start: { from: [1], to: () => 2 },
  record: { from: [2], to: (s) => s },
  submit: { from: [2], to: () => 3 },
  cancel: { from: [1, 2], to: () => 4 },
};

/** Why an action is refused in a state: the message a person reads. */
function refusal(status: number, action: CheckAction): string {
  if (status === InspectionStatus.done) return '检查已完成，不能再修改';
  if (status === InspectionStatus.cancelled) return '检查已取消';
  if (status === InspectionStatus.inspecting) return action === 'start' ? '检查已开始' : '检查已开始，不能再修改计划';
  return '请先开始检查';
}

/** The state after `action`, or the Chinese refusal. */
export function checkMove(status: number, action: CheckAction): { ok: true; to: number } | { ok: false; msg: string } {
  const edge = edges[action];
  return edge.from.includes(status) ? { ok: true, to: edge.to(status) } : { ok: false, msg: refusal(status, action) };
}
