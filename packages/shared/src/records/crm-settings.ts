import { z } from 'zod';
import { moneyRule, numericPattern } from '../fields/numeric.ts';
import { idField, intEnum, intField, requiredText } from '../schemas/fields.ts';

/**
 * The CRM settings of the admin backend besides the pool and the customer limits (spec 7.7):
 * the follow-up categories (`CrmRecord/*`, record options) and the performance targets
 * (`achievement/*`). Messages in Chinese, shared by the pages and the server.
 */
export const CrmSettingMsg = {
  optionRequired: '跟进方式不能为空',
  optionsDuplicate: '跟进方式不能重复',
  optionsTooMany: '跟进方式最多50个',
  categoryUnknown: '请选择设置中的跟进方式',
  yearInvalid: '年份有误',
  statusInvalid: '请选择考核指标',
  typeInvalid: '请选择目标对象',
  targetInvalid: '货币的整数部分须少于10位，小数部分须少于2位',
  deptNotFound: '部门不存在',
  userNotFound: '员工不存在',
  objectNotFound: '目标对象不存在',
} as const;

/** DECISIONS "CRM": the follow-up categories before an administrator sets their own. */
export const defaultRecordOptions = ['打电话', '发短信', '上门拜访'];

/** `CrmRecord/setRecordOptions`: the whole list, in order, each once. */
export const recordOptionsSchema = z.object({
  value: z
    .array(requiredText({ label: '跟进方式', max: 30 }, CrmSettingMsg.optionRequired))
    .max(50, { error: CrmSettingMsg.optionsTooMany })
    .refine((v) => new Set(v).size === v.length, { error: CrmSettingMsg.optionsDuplicate }),
});
export const recordOptionsResponse = z.array(z.string());

/** Targets are set per department (1) or per user (2), on contracted (1) or received (2) money. */
export const AchievementType = { dept: 1, user: 2 } as const;
export const AchievementStatus = { contract: 1, received: 2 } as const;

const year = intField(CrmSettingMsg.yearInvalid, { min: 2000, max: 2100 });
const status = intEnum([1, 2] as const, CrmSettingMsg.statusInvalid);
const type = intEnum([1, 2] as const, CrmSettingMsg.typeInvalid);
const moneyPattern = numericPattern(moneyRule);
const target = z
  .preprocess(
    (v) => (v === '' || v === null || v === undefined ? 0 : v),
    z
      .union([z.number(), z.string()], { error: CrmSettingMsg.targetInvalid })
      .refine((v) => moneyPattern.test(String(v)) && Number(v) >= 0, { error: CrmSettingMsg.targetInvalid }),
  )
  .transform((v) => Number(v));

/** `achievement/queryAchievementList`: one year's targets of every department, or of the users (of a department). */
export const achievementListSchema = z.object({
  year,
  status,
  type,
  deptId: z.preprocess((v) => (v === '' || v === null ? undefined : v), idField(CrmSettingMsg.deptNotFound).optional()),
});

/** `achievement/setAchievement`: the twelve monthly targets of each department or user given. */
export const setAchievementSchema = z.object({
  year,
  status,
  type,
  list: z
    .array(
      z.object({
        objId: idField(CrmSettingMsg.objectNotFound),
        months: z.array(target).length(12, { error: CrmSettingMsg.targetInvalid }),
      }),
    )
    .max(1000),
});

export const achievementRow = z.object({
  objId: z.number().int(),
  name: z.string(),
  deptName: z.string(),
  months: z.array(z.number()),
  yearTarget: z.number(),
});
export const achievementListResponse = z.array(achievementRow);
export type AchievementRow = z.infer<typeof achievementRow>;
