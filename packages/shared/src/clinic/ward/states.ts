/**
 * Beds and admissions of the inpatient station (住院, CLINIC.md "Beds and admissions"). A bed is
 * 空闲, 占用 (someone is admitted), 预留 (kept for someone expected) or 停用 (out of use); every
 * change of a bed is checked here, so the server refuses a wrong state with a Chinese message.
 */

export const BedStatus = { free: 1, occupied: 2, reserved: 3, disabled: 4 } as const;
export const bedStatusNames: Record<number, string> = { 1: '空闲', 2: '占用', 3: '预留', 4: '停用' };
export const bedStatusNamesEn: Record<number, string> = { 1: 'Free', 2: 'Occupied', 3: 'Reserved', 4: 'Out of use' };

/** admit and moveIn take a bed; discharge and moveOut give it back. */
export type BedAction = 'admit' | 'moveIn' | 'moveOut' | 'discharge' | 'reserve' | 'release' | 'disable' | 'enable';

const B = BedStatus;
const bedEdges: Record<BedAction, { from: number[]; to: number }> = {
  // A reserved bed is taken by whoever it was kept for: the desk decides, the bed only must not be in use.
  admit: { from: [B.free, B.reserved], to: B.occupied },
  moveIn: { from: [B.free, B.reserved], to: B.occupied },
  moveOut: { from: [B.occupied], to: B.free },
  discharge: { from: [B.occupied], to: B.free },
  reserve: { from: [B.free], to: B.reserved },
  release: { from: [B.reserved], to: B.free },
  // Only an empty bed goes out of use: a patient is never left in a bed that does not exist.
  disable: { from: [B.free, B.reserved], to: B.disabled },
  enable: { from: [B.disabled], to: B.free },
};

export const bedActionNames: Record<BedAction, string> = {
  admit: '入住',
  moveIn: '换入',
  moveOut: '换出',
  discharge: '出院',
  reserve: '预留',
  release: '取消预留',
  disable: '停用',
  enable: '启用',
};

/** The bed's state after `action`, or why it is refused (床位已占用，不能入住). */
export function bedMove(status: number, action: BedAction): { ok: true; to: number } | { ok: false; msg: string } {
  const edge = bedEdges[action];
  if (edge.from.includes(status)) return { ok: true, to: edge.to };
  return { ok: false, msg: `床位${bedStatusNames[status] ?? '状态未知'}，不能${bedActionNames[action]}` };
}

/** 住院中 until discharged. */
export const AdmissionStatus = { admitted: 1, discharged: 2 } as const;
export const admissionStatusNames: Record<number, string> = { 1: '住院中', 2: '已出院' };

export const WardMsg = {
  storeRequired: '请选择门店',
  bedRequired: '请选择床位',
  bedMissing: '床位不存在',
  visitRequired: '请选择就诊记录',
  admissionRequired: '请选择住院记录',
  admissionMissing: '住院记录不存在',
  alreadyDischarged: '顾客已出院',
  doctorRequired: '请选择主治医生',
  nurseRequired: '请选择责任护士',
  userMissing: '人员不存在或已停用',
  daysInvalid: '预计住院天数须为1到365之间的整数',
  roomRequired: '请选择病房',
  roomMissing: '病房不在该门店的房间中',
  numberRequired: '请填写床号',
  numberTaken: '该病房已有此床号',
  bedTaken: '床位已被占用，请选择其他床位',
  visitInWard: '该就诊已住院',
  sameBed: '请选择另一张床位',
  otherStore: '只能换到同一门店的床位',
  bedInOtherStore: '床位不属于该就诊的门店',
  depositDenied: '没有收费权限，不能收取押金',
  batchTaken: '重复提交，请刷新后重试',
} as const;
