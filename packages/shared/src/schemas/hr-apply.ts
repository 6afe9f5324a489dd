import { z } from 'zod';
import { idField, intEnum, optionalId, optionalText } from './fields.ts';

/**
 * HR apply: an approved position transfer or probation confirmation changes nothing by itself;
 * an HR administrator applies it with one click (docs/api/examine.md, "HR apply").
 */
export const HR_APPLY_TYPES = { positionTransfer: 'postAdjust', probation: 'positive' } as const;

export const HrApplyMsg = {
  notFound: '审批不存在',
  wrongType: '只有调岗或转正审批可以执行',
  notApproved: '审批通过后才能执行',
  alreadyApplied: '该审批已执行，不能重复执行',
  userRequired: '姓名不能为空',
  userNotFound: '员工不存在或已被禁用',
  deptRequired: '调岗后部门不能为空',
  deptNotFound: '所选部门不存在',
  postRequired: '调岗后职位不能为空',
  leaderRequired: '调岗后领导不能为空',
  leaderSelf: '调岗后领导不能是本人',
  leaderCycle: '调岗后领导不能是本人的下属',
  confirmRequired: '请确认转正',
  alreadyConfirmed: '该员工已转正',
  probationSelf: '转正人员须为申请人',
} as const;

export const hrApplySchema = z.object({
  examineId: idField(HrApplyMsg.notFound),
  userId: idField(HrApplyMsg.userRequired),
  /** Position transfer: the new department, post and leader (direct supervisor). */
  deptId: optionalId(HrApplyMsg.deptNotFound),
  post: optionalText({ label: '调岗后职位', max: 50 }),
  parentId: optionalId(HrApplyMsg.userNotFound),
  /** Probation confirmation: 1 to confirm. */
  confirm: intEnum([0, 1] as const, HrApplyMsg.confirmRequired, 0),
});
export type HrApplyInput = z.infer<typeof hrApplySchema>;
export const hrApplyQuerySchema = z.object({ examineId: idField(HrApplyMsg.notFound) });
