import { z } from 'zod';
import { idCardPattern } from '../fields/patterns.ts';
import { idField } from '../schemas/fields.ts';
import { day, person, text } from './rules.ts';

/** The HR requisition types: position transfer (调岗) and planning requirement (计划需求). */

export const PostAdjustMsg = {
  userRequired: '姓名不能为空',
  idCardRequired: '身份证号码不能为空',
  idCardInvalid: '身份证号码格式有误',
  jobNumberRequired: '工号不能为空',
  oldDeptRequired: '所属部门不能为空',
  oldPostRequired: '岗位名称不能为空',
  causeRequired: '调岗原因不能为空',
  newDeptRequired: '调岗后部门不能为空',
  newPostRequired: '调岗后职位不能为空',
  leaderRequired: '调岗后领导不能为空',
  entryTimeRequired: '请选择入职日期',
  adjustTimeRequired: '请选择调整日期',
  adjustBeforeEntry: '调整日期不能早于入职日期',
  leaderSelf: '调岗后领导不能是本人',
} as const;

/** Mainland resident ID: 18 characters (the last may be X), or the old 15 digits. */
const ID_CARD = idCardPattern;

/** Whole years from the entry day to the adjustment day (0 when less than a year). */
export function workingYearsBetween(entry: string, adjust: string): number {
  const [ey, em, ed] = entry.split('-').map(Number) as [number, number, number];
  const [ay, am, ad] = adjust.split('-').map(Number) as [number, number, number];
  const years = ay - ey - (am < em || (am === em && ad < ed) ? 1 : 0);
  return Math.max(0, years);
}

/**
 * Position transfer (调岗, oaExaminePostAdjust): who moves (with ID number, job number and entry
 * date), from which department and post, why, to which department, post and leader, from which
 * day. Every field is required. `workingYears` is computed from the entry and adjustment days
 * (whatever was sent); departments and people are checked against the organisation by the
 * server's store.
 */
export const postAdjustSchema = z
  .object({
    userId: person(PostAdjustMsg.userRequired),
    idCard: text('身份证号码', 18, PostAdjustMsg.idCardRequired).refine((s) => ID_CARD.test(s), {
      error: PostAdjustMsg.idCardInvalid,
    }),
    jobNumber: text('工号', 30, PostAdjustMsg.jobNumberRequired),
    entryTime: day(PostAdjustMsg.entryTimeRequired),
    workingYears: z.unknown().optional(),
    cause: text('调岗原因', 200, PostAdjustMsg.causeRequired, true),
    oldDeptId: person(PostAdjustMsg.oldDeptRequired),
    oldPost: text('岗位名称', 50, PostAdjustMsg.oldPostRequired),
    newDeptId: person(PostAdjustMsg.newDeptRequired),
    newPost: text('调岗后职位', 50, PostAdjustMsg.newPostRequired),
    leader: person(PostAdjustMsg.leaderRequired),
    adjustTime: day(PostAdjustMsg.adjustTimeRequired),
  })
  .superRefine((m, ctx) => {
    if (m.adjustTime < m.entryTime)
      ctx.addIssue({ code: 'custom', path: ['adjustTime'], message: PostAdjustMsg.adjustBeforeEntry });
    if (m.leader === m.userId) ctx.addIssue({ code: 'custom', path: ['leader'], message: PostAdjustMsg.leaderSelf });
  })
  .transform((m) => ({ ...m, workingYears: workingYearsBetween(m.entryTime, m.adjustTime) }));
export type PostAdjustModel = z.infer<typeof postAdjustSchema>;

export const PlanningDemandMsg = {
  deptRequired: '请输入申请部门',
  nameRequired: '请选择名称',
  countRequired: '数量不能为空',
  countInvalid: '数量须为1到999999之间的整数',
  useRequired: '请输入用途',
  nameUnknown: '所选名称不存在，请重新选择',
} as const;

/** The code type of the planning items (approvals §9). */
export const PLANNING_CODE_TYPE = 1020;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * Planning requirement (计划需求, oaExaminePlanningDemandForm): the requesting department, the
 * item (code list 1020: codeNo, its name filled by the server from the list), how many, what for,
 * and the details (the spec gives 用途 and 说明 the same message).
 */
export const planningDemandSchema = z.object({
  deptName: text('申请部门', 50, PlanningDemandMsg.deptRequired),
  codeNo: text('名称', 50, PlanningDemandMsg.nameRequired),
  codeName: z.preprocess((v) => (typeof v === 'string' ? v : ''), z.string().max(100)).optional(),
  count: z.preprocess(
    (v) => (blank(v) ? undefined : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z
      .number({
        error: (iss) => (iss.input === undefined ? PlanningDemandMsg.countRequired : PlanningDemandMsg.countInvalid),
      })
      .int({ error: PlanningDemandMsg.countInvalid })
      .min(1, { error: PlanningDemandMsg.countInvalid })
      .max(999_999, { error: PlanningDemandMsg.countInvalid }),
  ),
  use: text('用途', 200, PlanningDemandMsg.useRequired, true),
  content: text('说明', 500, PlanningDemandMsg.useRequired, true),
});
export type PlanningDemandModel = z.infer<typeof planningDemandSchema>;

/** The project list of a customer (approvals §7): the projects its shop runs. */
export const projectListSchema = z.object({ customerId: idField('客户不存在') });
export const projectListResponse = z.array(z.object({ projectId: z.number().int(), projectName: z.string() }));
