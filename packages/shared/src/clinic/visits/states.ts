/**
 * Appointment and visit states as stored (smallint codes) and the moves between them
 * (CLINIC.md "States"). The server checks every move with `appointmentMove` / `visitMove`, so a
 * wrong state is refused with a Chinese message before anything is written.
 */

/** 待确认 → 已确认 → 已到店, or 已取消 / 未到 (the no-show job). */
export const AppointmentStatus = { pending: 1, confirmed: 2, arrived: 3, cancelled: 4, noShow: 5 } as const;
export type AppointmentStatusCode = (typeof AppointmentStatus)[keyof typeof AppointmentStatus];
export const appointmentStatusNames: Record<number, string> = {
  1: '待确认',
  2: '已确认',
  3: '已到店',
  4: '已取消',
  5: '未到',
};
export const appointmentStatusNamesEn: Record<number, string> = {
  1: 'To confirm',
  2: 'Confirmed',
  3: 'Arrived',
  4: 'Cancelled',
  5: 'No-show',
};

export type AppointmentAction = 'update' | 'confirm' | 'arrive' | 'cancel' | 'noShow';

/** From which states each action may start, and where it leads (update keeps the state). */
const appointmentEdges: Record<AppointmentAction, { from: number[]; to: number | null }> = {
  update: { from: [AppointmentStatus.pending, AppointmentStatus.confirmed], to: null },
  confirm: { from: [AppointmentStatus.pending], to: AppointmentStatus.confirmed },
  arrive: { from: [AppointmentStatus.pending, AppointmentStatus.confirmed], to: AppointmentStatus.arrived },
  cancel: { from: [AppointmentStatus.pending, AppointmentStatus.confirmed], to: AppointmentStatus.cancelled },
  noShow: { from: [AppointmentStatus.pending, AppointmentStatus.confirmed], to: AppointmentStatus.noShow },
};

/** The statuses an action may start from (the no-show job's UPDATE reads this too). */
export const appointmentActionFrom = (action: AppointmentAction): readonly number[] => appointmentEdges[action].from;

/** The state after `action`, or the Chinese reason it is refused in `status`. */
export function appointmentMove(
  status: number,
  action: AppointmentAction,
): { ok: true; to: number } | { ok: false; msg: string } {
  const edge = appointmentEdges[action];
  if (edge.from.includes(status)) return { ok: true, to: edge.to ?? status };
  const name = appointmentStatusNames[status] ?? '未知状态';
  return { ok: false, msg: `预约${name}，不能${appointmentActionNames[action]}` };
}
export const appointmentActionNames: Record<AppointmentAction, string> = {
  update: '修改',
  confirm: '确认',
  arrive: '登记到店',
  cancel: '取消',
  noShow: '标记未到',
};

/**
 * A visit's station status. Each edge belongs to one station: 已到店 → (拍照, optional) → 已分诊 →
 * 面诊中 → 已面诊 → 待收银 → 已收费 → 治疗中 → 已治疗 → (住院 → 出院); any → 已离店.
 */
export const VisitStatus = {
  arrived: 1,
  photographed: 2,
  triaged: 3,
  consulting: 4,
  consulted: 5,
  awaitingPayment: 6,
  paid: 7,
  treating: 8,
  treated: 9,
  inpatient: 10,
  discharged: 11,
  left: 12,
} as const;
export const visitStatusNames: Record<number, string> = {
  1: '已到店',
  2: '已拍照',
  3: '已分诊',
  4: '面诊中',
  5: '已面诊',
  6: '待收银',
  7: '已收费',
  8: '治疗中',
  9: '已治疗',
  10: '住院',
  11: '出院',
  12: '已离店',
};
export const visitStatusNamesEn: Record<number, string> = {
  1: 'Arrived',
  2: 'Photographed',
  3: 'Triaged',
  4: 'In consultation',
  5: 'Consulted',
  6: 'Awaiting payment',
  7: 'Paid',
  8: 'In treatment',
  9: 'Treated',
  10: 'Inpatient',
  11: 'Discharged',
  12: 'Left',
};

export type VisitAction =
  | 'photograph'
  | 'assign'
  | 'accept'
  | 'refuse'
  | 'consult'
  | 'openOrder'
  | 'charge'
  | 'startTreatment'
  | 'finishTreatment'
  | 'admit'
  | 'discharge'
  | 'leave';

const V = VisitStatus;
const beforeAcceptance = [V.arrived, V.photographed, V.triaged];
/** Every state but 已离店: a visit may be closed from anywhere. */
const open = Object.values(V).filter((s) => s !== V.left);

const visitEdges: Record<VisitAction, { from: number[]; to: number | null; station: string }> = {
  // Photos may be taken before triage or while waiting for the consultant; the state moves only from 已到店.
  photograph: { from: [V.arrived, V.photographed, V.triaged], to: null, station: 'photograph' },
  // Assign and reassign: until the consultant accepts.
  assign: { from: beforeAcceptance, to: V.triaged, station: 'triage' },
  accept: { from: [V.triaged], to: V.consulting, station: 'witness' },
  refuse: { from: [V.triaged], to: V.arrived, station: 'witness' },
  consult: { from: [V.consulting], to: V.consulted, station: 'witness' },
  openOrder: { from: [V.consulting, V.consulted, V.awaitingPayment], to: V.awaitingPayment, station: 'witness' },
  charge: { from: [V.awaitingPayment], to: V.paid, station: 'cashierDesk' },
  startTreatment: { from: [V.paid, V.treated], to: V.treating, station: 'nursesStation' },
  finishTreatment: { from: [V.treating], to: V.treated, station: 'nursesStation' },
  admit: { from: [V.paid, V.treating, V.treated], to: V.inpatient, station: 'isHospitalized' },
  discharge: { from: [V.inpatient], to: V.discharged, station: 'isHospitalized' },
  leave: { from: open, to: V.left, station: 'triage' },
};

/** The station that owns an action (`oa:workflow:<station>`). */
export const visitActionStation = (action: VisitAction): string => visitEdges[action].station;

export const visitActionFrom = (action: VisitAction): readonly number[] => visitEdges[action].from;

/** The state after `action` (photograph moves 已到店 only), or the Chinese reason it is refused. */
export function visitMove(status: number, action: VisitAction): { ok: true; to: number } | { ok: false; msg: string } {
  const edge = visitEdges[action];
  if (edge.from.includes(status)) {
    if (action === 'photograph') return { ok: true, to: status === V.arrived ? V.photographed : status };
    return { ok: true, to: edge.to ?? status };
  }
  if (action === 'assign' && status === V.consulting) return { ok: false, msg: VisitStateMsg.acceptedNoReassign };
  if (status === V.left) return { ok: false, msg: VisitStateMsg.alreadyLeft };
  const name = visitStatusNames[status] ?? '未知状态';
  return { ok: false, msg: `就诊${name}，不能${visitActionNames[action]}` };
}
export const VisitStateMsg = {
  acceptedNoReassign: '顾问已接诊，不能改派',
  alreadyLeft: '顾客已离店',
} as const;
export const visitActionNames: Record<VisitAction, string> = {
  photograph: '拍照',
  assign: '分诊',
  accept: '接诊',
  refuse: '拒诊',
  consult: '保存面诊',
  openOrder: '开单',
  charge: '收费',
  startTreatment: '开始治疗',
  finishTreatment: '完成治疗',
  admit: '住院',
  discharge: '出院',
  leave: '离店',
};

/** 初诊 first visit, 复诊 return without a purchase, 再消费 repeat buyer, 复查 post-treatment check, 其他. */
export const VisitType = { first: 1, returning: 2, repeatBuyer: 3, checkUp: 4, other: 5 } as const;
export const visitTypeNames: Record<number, string> = { 1: '初诊', 2: '复诊', 3: '再消费', 4: '复查', 5: '其他' };
export const visitTypeNamesEn: Record<number, string> = {
  1: 'First visit',
  2: 'Return',
  3: 'Repeat buyer',
  4: 'Check-up',
  5: 'Other',
};

/** 面诊 / 治疗 / 手术. */
export const AppointmentKind = { consult: 1, treatment: 2, surgery: 3 } as const;
export const appointmentKindNames: Record<number, string> = { 1: '面诊', 2: '治疗', 3: '手术' };
export const appointmentKindNamesEn: Record<number, string> = { 1: 'Consultation', 2: 'Treatment', 3: 'Surgery' };

/** What a visit's deal status says: 未定 until consulted, then 成交 / 未成交. */
export const VisitDeal = { open: 0, deal: 1, noDeal: 2 } as const;
