import { z } from 'zod';
import { day, dayBefore, daysBetween, localDay, optional, person, positive } from './rules.ts';

/** Leave types (DECISIONS "Approvals"): what `queryLeaveTypeSelect` answers, ids stable. */
export const leaveTypes = [
  { id: 1, name: '年假' },
  { id: 2, name: '事假' },
  { id: 3, name: '病假' },
  { id: 4, name: '产假' },
  { id: 5, name: '调休' },
  { id: 6, name: '婚假' },
  { id: 7, name: '丧假' },
  { id: 8, name: '其他' },
] as const;
export const leaveTypeName = (id: number) => leaveTypes.find((t) => t.id === id)?.name ?? '';

export const LeaveMsg = {
  typeRequired: '请选择请假类型',
  contentRequired: '请输入审批内容',
  contentShort: '内容不得少于3字',
  startRequired: '请选择开始时间',
  endRequired: '请选择结束时间',
  durationRequired: '请假时长不能为空',
  durationNumber: '请输入正确的数字值',
  durationPositive: '至少大于0',
  handoverRequired: '请选择工作交接人',
  startTooEarly: '开始日期不能早于昨天',
  endBeforeStart: '结束日期不能早于开始日期',
  durationMismatch: '请假时长应为起止日期间的天数（含首尾）',
  /** The server's allowance check: {type} {used} {allowance} {asked}. */
  overAllowance: '{type}额度不足：今年已用{used}天，额度{allowance}天，本次{asked}天',
} as const;

/** Duration of a leave: whole days between the dates plus one (2026-05-01 → 05-03 is 3 days). */
export const leaveDays = (start: string, end: string) => daysBetween(start, end) + 1;

export const leaveContent = z
  .preprocess((v) => (typeof v === 'string' ? v.trim() : (v ?? '')), z.string({ error: LeaveMsg.contentRequired }))
  .pipe(
    z
      .string()
      .min(1, { error: LeaveMsg.contentRequired })
      .min(3, { error: LeaveMsg.contentShort })
      .max(100, { error: '审批内容不能超过100个字符' }),
  );

/**
 * The leave block (oaExamineLeave). `today` is the day the check runs on (the start may be
 * yesterday at the earliest); the server recomputes the duration from the dates.
 */
export const leaveSchema = (today: string = localDay()) =>
  z
    .object({
      leaveType: z.preprocess(
        (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
        z
          .number({ error: LeaveMsg.typeRequired })
          .int({ error: LeaveMsg.typeRequired })
          .refine((n) => leaveTypes.some((t) => t.id === n), { error: LeaveMsg.typeRequired }),
      ),
      startTime: day(LeaveMsg.startRequired),
      endTime: day(LeaveMsg.endRequired),
      duration: positive(LeaveMsg.durationRequired, LeaveMsg.durationNumber, LeaveMsg.durationPositive),
      handoverUser: person(LeaveMsg.handoverRequired),
      remark: optional('备注', 200, true),
    })
    .superRefine((v, ctx) => {
      if (v.startTime < dayBefore(today))
        ctx.addIssue({ code: 'custom', path: ['startTime'], message: LeaveMsg.startTooEarly });
      else if (v.endTime < v.startTime)
        ctx.addIssue({ code: 'custom', path: ['endTime'], message: LeaveMsg.endBeforeStart });
      else if (v.duration !== leaveDays(v.startTime, v.endTime))
        ctx.addIssue({ code: 'custom', path: ['duration'], message: LeaveMsg.durationMismatch });
    });
export type LeaveModel = z.infer<ReturnType<typeof leaveSchema>>;

/** "今年：年假 已用 3 / 5 天" — one line per type the person used or has an allowance for. */
export type LeaveBalance = { leaveType: number; name: string; used: number; allowance: number | null };
/** Days of a type left this year (never below 0); null when the type has no yearly allowance. */
export const leaveDaysLeft = (b: LeaveBalance): number | null =>
  b.allowance === null ? null : Math.max(0, Math.round((b.allowance - b.used) * 10) / 10);

/**
 * The original client's leave form (WuKong 9.0, issue 20) posts its fixed fields in `oaExamine`
 * as `type_id` (the type's name), `start_time`/`end_time` (`yyyy-MM-dd HH:mm:ss`), `duration`,
 * `remark` and the handover person `handover_user` (the id list its user picker sends): read as
 * our leave block, then checked by `leaveSchema` like any leave.
 */
export function leaveFromOriginal(o: Record<string, unknown>): Record<string, unknown> {
  const day = (v: unknown) => (typeof v === 'string' ? v.trim().slice(0, 10) : v);
  const name = typeof o.type_id === 'string' ? o.type_id.trim() : undefined;
  const type = leaveTypes.find((t) => t.name === name)?.id;
  const handover = typeof o.handover_user === 'string' ? o.handover_user.split(',')[0] : o.handover_user;
  return {
    leaveType: type ?? o.type_id,
    startTime: day(o.start_time),
    endTime: day(o.end_time),
    duration: o.duration,
    handoverUser: handover,
    // The generic save reads the original's `remark` as 审批详情 (`detail`) before this runs.
    remark: o.remark ?? o.detail ?? '',
  };
}
