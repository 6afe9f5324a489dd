import { z } from 'zod';
import { isDay, optionalId, pageFields } from '../schemas/fields.ts';
import { type AnalysisPath, isAnalysisPath } from './analyses.ts';
import { type BiMeasureKey, measures } from './measures.ts';
import { periodTypes } from './period.ts';

/** The statistics' messages, in Chinese for whoever reads them. */
export const BiMsg = {
  typeInvalid: '请选择统计时间',
  dayInvalid: '日期格式有误，应为 yyyy-MM-dd',
  customRequired: '自定义时间须填写开始和结束日期',
  customOrder: '开始日期不能晚于结束日期',
  customTooLong: '自定义时间不能超过10年',
  bucketInvalid: '请选择按日、周或月统计',
  deptInvalid: '请选择部门',
  userInvalid: '请选择员工',
  deptOutOfScope: '无权查看该部门的数据',
  userOutOfScope: '无权查看该员工的数据',
  deptNotFound: '部门不存在',
  typeIdInvalid: '请选择商机状态组',
  analysisInvalid: '请选择统计报表',
  measureInvalid: '该报表没有这个指标',
  keyInvalid: '请选择要查看的数据',
  noDrill: '该指标没有明细记录',
} as const;

const day = z.string({ error: BiMsg.dayInvalid }).refine(isDay, { error: BiMsg.dayInvalid });
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * What every statistics call reads (the original's filter bar): the period `type`
 * (today … lastYear, or custom with `startTime`/`endTime` days), a department (with its
 * sub-departments) or one user, both within the viewer's data scope; `bucket` overrides how a
 * trend splits the period; `typeId` picks the funnel's stage group.
 */
export const biQueryFields = {
  type: z.preprocess((v) => blankToUndefined(v) ?? 'month', z.enum(periodTypes, { error: BiMsg.typeInvalid })),
  // The original sends full times ("2026-11-01 00:00:00") for custom periods: their day counts.
  startTime: z.preprocess(
    (v) => (typeof v === 'string' ? v.slice(0, 10) || undefined : blankToUndefined(v)),
    day.optional(),
  ),
  endTime: z.preprocess(
    (v) => (typeof v === 'string' ? v.slice(0, 10) || undefined : blankToUndefined(v)),
    day.optional(),
  ),
  deptId: optionalId(BiMsg.deptInvalid),
  userId: optionalId(BiMsg.userInvalid),
  bucket: z.preprocess(blankToUndefined, z.enum(['day', 'week', 'month'], { error: BiMsg.bucketInvalid }).optional()),
  typeId: optionalId(BiMsg.typeIdInvalid),
};

const customRules = <T extends { type: string; startTime?: string; endTime?: string }>(v: T, ctx: z.RefinementCtx) => {
  if (v.type !== 'custom') return;
  if (!v.startTime || !v.endTime) ctx.addIssue({ code: 'custom', message: BiMsg.customRequired, path: ['startTime'] });
  else if (v.startTime > v.endTime) ctx.addIssue({ code: 'custom', message: BiMsg.customOrder, path: ['startTime'] });
  else if (Number(v.endTime.slice(0, 4)) - Number(v.startTime.slice(0, 4)) > 10)
    ctx.addIssue({ code: 'custom', message: BiMsg.customTooLong, path: ['endTime'] });
};

export const biQuerySchema = z.object(biQueryFields).superRefine(customRules);
export type BiQuery = z.infer<typeof biQuerySchema>;

const analysisField = z.custom<AnalysisPath>(isAnalysisPath, { error: BiMsg.analysisInvalid });

/** `/bi/excelExport`: one analysis's table as a sheet, for the same filters the page shows. */
export const biExportSchema = z.object({ ...biQueryFields, analysis: analysisField }).superRefine(customRules);

/**
 * `/bi/drill`: the records behind one figure: the analysis, the measure and the row's key (a
 * bucket, a user id, a category; empty for the total), paged.
 */
export const biDrillSchema = z
  .object({
    ...biQueryFields,
    analysis: analysisField,
    measure: z.custom<BiMeasureKey>((v) => typeof v === 'string' && Object.hasOwn(measures, v), {
      error: BiMsg.measureInvalid,
    }),
    key: z.preprocess(
      (v) => (v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : v),
      z.string({ error: BiMsg.keyInvalid }).max(100, { error: BiMsg.keyInvalid }),
    ),
    page: pageFields.page,
    limit: pageFields.limit,
  })
  .superRefine(customRules);
export type BiDrillInput = z.infer<typeof biDrillSchema>;
