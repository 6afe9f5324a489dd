import { z } from 'zod';
import { formBatchId } from '../records/schemas.ts';
import {
  idField,
  idList,
  intField,
  intWithDefault,
  nullableId,
  optionalId,
  optionalText,
  pageFields,
  requiredText,
  searchField,
  type TextRule,
} from '../schemas/fields.ts';
import { sortFields } from '../schemas/list.ts';
import { yuanField } from './catalogue-yuan.ts';

/** The project catalogue (配置 › 项目, 部位, 转换类别): messages, request schemas, answer types. */

export const CatalogueMsg = {
  classRequired: '请选择项目分类',
  classMissing: '项目分类不存在',
  classNameRequired: '请输入分类名称',
  classNameTaken: '已有同名的项目分类',
  classParentMissing: '上级分类不存在',
  classParentSelf: '上级分类不能是自己或下级分类',
  classHasChildren: '该分类下还有子分类，不能删除',
  classHasProjects: '该分类下还有项目，不能删除',
  sortInvalid: '排序的分类须是同一上级下的全部分类',
  projectMissing: '项目不存在',
  projectNameRequired: '请输入项目名称',
  codeTaken: '项目编码已存在',
  codeInvalid: '项目编码只能包含字母、数字、横线和下划线',
  priceInvalid: '原价须为不超过2位小数的非负金额',
  salesPriceInvalid: '执行价须为不超过2位小数的非负金额',
  minPriceInvalid: '最低价须为不超过2位小数的非负金额',
  costInvalid: '成本须为不超过2位小数的非负金额',
  salesAbovePrice: '执行价不能高于原价',
  minAboveSales: '最低价不能高于执行价',
  sessionsInvalid: '次数须为1到9999的整数',
  validityInvalid: '有效期须为0到600个月的整数（0为长期有效）',
  sortNumberInvalid: '排序须为0到99999的整数',
  deptMissing: '科室不存在',
  partMissing: '部位不存在',
  convertClassMissing: '转换类别不存在',
  projectInUse: '项目已被门店或订单使用，不能删除，可停用',
  idsRequired: '请选择项目',
  statusInvalid: '状态有误',
  partNameRequired: '请输入部位名称',
  partNameTaken: '同级下已有同名部位',
  partParentMissing: '上级部位不存在',
  partParentSelf: '上级部位不能是自己或下级部位',
  partHasChildren: '该部位下还有子部位，不能删除',
  partInUse: '该部位已被项目使用，不能删除',
  convertNameRequired: '请输入转换类别名称',
  convertNameTaken: '已有同名的转换类别',
  flagInvalid: '开关取值有误',
} as const;

export const catalogueText = {
  className: { label: '分类名称', max: 50 },
  projectName: { label: '项目名称', max: 50 },
  code: { label: '项目编码', max: 30 },
  unit: { label: '单位', max: 10 },
  remark: { label: '备注', max: 500, multiline: true },
  partName: { label: '部位名称', max: 30 },
  convertName: { label: '转换类别名称', max: 50 },
  convertRemark: { label: '说明', max: 200 },
} as const satisfies Record<string, TextRule>;

const isBlank = (v: unknown) => v === undefined || v === null || v === '';
const toBool = (v: unknown) =>
  v === true || v === 'true' || v === '1' || v === 1
    ? true
    : v === false || v === 'false' || v === '0' || v === 0
      ? false
      : v;
/** A switch as JSON or a form sends it (true/false, 1/0, "1"/"0"); blank takes `fallback`. */
const flag = (fallback: boolean, msg: string = CatalogueMsg.flagInvalid) =>
  z.preprocess((v) => (isBlank(v) ? fallback : toBool(v)), z.boolean({ error: msg }));
const optionalFlag = (msg: string) =>
  z.preprocess((v) => (isBlank(v) ? undefined : toBool(v)), z.boolean({ error: msg }).optional());

const sortNumber = intWithDefault(CatalogueMsg.sortNumberInvalid, 0, { min: 0, max: 99999 });

// Classes.
export const projectClassSaveSchema = z.object({
  classId: optionalId(CatalogueMsg.classMissing),
  name: requiredText(catalogueText.className, CatalogueMsg.classNameRequired),
  pid: nullableId(CatalogueMsg.classParentMissing).default(null),
  enabled: flag(true),
});
export type ProjectClassSaveInput = z.infer<typeof projectClassSaveSchema>;
export const projectClassIdSchema = z.object({ id: idField(CatalogueMsg.classMissing) });
/** A new order of one parent's children: every child, each once. */
export const projectClassSortSchema = z.object({
  pid: nullableId(CatalogueMsg.classParentMissing).default(null),
  ids: idList(CatalogueMsg.classMissing).refine((ids) => ids.length > 0 && new Set(ids).size === ids.length, {
    error: CatalogueMsg.sortInvalid,
  }),
});

// Projects.
const CODE = /^[A-Za-z0-9_-]*$/;
/** One schema for the form and the server (the price rules included). */
export const projectSaveSchema = z
  .object({
    projectId: optionalId(CatalogueMsg.projectMissing),
    classId: idField(CatalogueMsg.classRequired),
    name: requiredText(catalogueText.projectName, CatalogueMsg.projectNameRequired),
    code: optionalText(catalogueText.code).refine((c) => CODE.test(c), { error: CatalogueMsg.codeInvalid }),
    unit: optionalText(catalogueText.unit).transform((u) => u || '次'),
    price: yuanField(CatalogueMsg.priceInvalid),
    salesPrice: yuanField(CatalogueMsg.salesPriceInvalid),
    minPrice: yuanField(CatalogueMsg.minPriceInvalid, 0),
    cost: yuanField(CatalogueMsg.costInvalid, 0),
    sessions: intField(CatalogueMsg.sessionsInvalid, { min: 1, max: 9999 }),
    validityMonths: intWithDefault(CatalogueMsg.validityInvalid, 0, { min: 0, max: 600 }),
    needsVerify: flag(true),
    settleDeptId: nullableId(CatalogueMsg.deptMissing).default(null),
    verifyDeptId: nullableId(CatalogueMsg.deptMissing).default(null),
    countsAsDeal: flag(true),
    earnsPerformance: flag(true),
    earnsPoints: flag(true),
    convertClassId: nullableId(CatalogueMsg.convertClassMissing).default(null),
    partIds: idList(CatalogueMsg.partMissing),
    remark: optionalText(catalogueText.remark),
    enabled: flag(true),
    sort: sortNumber,
    batchId: formBatchId.optional(),
  })
  .superRefine((p, ctx) => {
    if (p.salesPrice > p.price)
      ctx.addIssue({ code: 'custom', path: ['salesPrice'], message: CatalogueMsg.salesAbovePrice });
    if (p.minPrice > p.salesPrice)
      ctx.addIssue({ code: 'custom', path: ['minPrice'], message: CatalogueMsg.minAboveSales });
  });
export type ProjectSaveInput = z.infer<typeof projectSaveSchema>;

export const projectIdSchema = z.object({ id: idField(CatalogueMsg.projectMissing) });
export const projectIdsSchema = z.object({
  ids: idList(CatalogueMsg.projectMissing).refine((ids) => ids.length > 0, { error: CatalogueMsg.idsRequired }),
});
export const projectStatusSchema = z.object({
  ids: idList(CatalogueMsg.projectMissing).refine((ids) => ids.length > 0, { error: CatalogueMsg.idsRequired }),
  enabled: z.preprocess(toBool, z.boolean({ error: CatalogueMsg.statusInvalid })),
});

/** The list's own filters (class with its subclasses, body part, enabled) beside search and sort. */
export const projectListFilters = {
  classId: optionalId(CatalogueMsg.classMissing),
  partId: optionalId(CatalogueMsg.partMissing),
  enabled: optionalFlag(CatalogueMsg.statusInvalid),
  search: searchField,
  ...sortFields,
};
export const catalogueListSchema = z.object({ ...pageFields, ...projectListFilters });
export type ProjectListInput = z.infer<typeof catalogueListSchema>;
/** The export reads the list's filters (all matching rows) or the chosen ids. */
export const projectExportSchema = z.object({ ...projectListFilters, ids: idList(CatalogueMsg.projectMissing) });

// Body parts.
export const bodyPartSaveSchema = z.object({
  partId: optionalId(CatalogueMsg.partMissing),
  name: requiredText(catalogueText.partName, CatalogueMsg.partNameRequired),
  pid: nullableId(CatalogueMsg.partParentMissing).default(null),
  sort: sortNumber,
});
export const bodyPartIdSchema = z.object({ id: idField(CatalogueMsg.partMissing) });

// Conversion classes.
export const convertClassSaveSchema = z.object({
  convertClassId: optionalId(CatalogueMsg.convertClassMissing),
  name: requiredText(catalogueText.convertName, CatalogueMsg.convertNameRequired),
  remark: optionalText(catalogueText.convertRemark),
  projectIds: idList(CatalogueMsg.projectMissing),
});
export const convertClassIdSchema = z.object({ id: idField(CatalogueMsg.convertClassMissing) });
/** `api/projectConvertClass/findConvertByProjectId` (spec 7.4), named verbatim. */
export const findConvertSchema = z.object({ projectId: idField(CatalogueMsg.projectMissing) });
