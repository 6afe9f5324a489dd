import { z } from 'zod';
import { apiTime, noData, pageOf } from '../contracts/common.ts';
import { importStartResponse, importStatusResponse } from '../records/excel.ts';

/** Answers of the project catalogue's calls (docs/api.md "Clinic: project catalogue"). Money in fen. */

export type ProjectClassNode = {
  classId: number;
  name: string;
  pid: number | null;
  sort: number;
  enabled: boolean;
  /** Projects directly in this class. */
  projectCount: number;
  children: ProjectClassNode[];
};
export const projectClassTreeSchema: z.ZodType<ProjectClassNode[]> = z.array(
  z.object({
    classId: z.number().int(),
    name: z.string(),
    pid: z.number().int().nullable(),
    sort: z.number().int(),
    enabled: z.boolean(),
    projectCount: z.number().int(),
    get children() {
      return projectClassTreeSchema;
    },
  }),
);

export type BodyPartNode = { partId: number; name: string; pid: number | null; sort: number; children: BodyPartNode[] };
export const bodyPartTreeSchema: z.ZodType<BodyPartNode[]> = z.array(
  z.object({
    partId: z.number().int(),
    name: z.string(),
    pid: z.number().int().nullable(),
    sort: z.number().int(),
    get children() {
      return bodyPartTreeSchema;
    },
  }),
);

const fen = z.number().int();
export const catalogueProjectSchema = z.object({
  projectId: z.number().int(),
  classId: z.number().int(),
  className: z.string(),
  name: z.string(),
  code: z.string(),
  pinyin: z.string(),
  unit: z.string(),
  price: fen,
  salesPrice: fen,
  minPrice: fen,
  cost: fen,
  sessions: z.number().int(),
  validityMonths: z.number().int(),
  needsVerify: z.boolean(),
  settleDeptId: z.number().int().nullable(),
  settleDeptName: z.string(),
  verifyDeptId: z.number().int().nullable(),
  verifyDeptName: z.string(),
  countsAsDeal: z.boolean(),
  earnsPerformance: z.boolean(),
  earnsPoints: z.boolean(),
  convertClassId: z.number().int().nullable(),
  convertClassName: z.string(),
  partIds: z.array(z.number().int()),
  partNames: z.array(z.string()),
  remark: z.string(),
  enabled: z.boolean(),
  sort: z.number().int(),
  createTime: apiTime,
  updateTime: apiTime,
});
export type Project = z.infer<typeof catalogueProjectSchema>;

export const convertClassSchema = z.object({
  convertClassId: z.number().int(),
  name: z.string(),
  remark: z.string(),
  projects: z.array(z.object({ projectId: z.number().int(), name: z.string(), enabled: z.boolean() })),
});
export type ConvertClass = z.infer<typeof convertClassSchema>;

/** A project a leftover may convert into: what the conversion dialog shows and prices. */
export const convertTargetSchema = z.object({
  projectId: z.number().int(),
  name: z.string(),
  code: z.string(),
  unit: z.string(),
  price: fen,
  salesPrice: fen,
  sessions: z.number().int(),
});

const idAnswer = (key: string) => z.object({ [key]: z.number().int() });

export const catalogueContracts = {
  '/api/projectClass/queryTree': projectClassTreeSchema,
  '/api/projectClass/save': idAnswer('classId'),
  '/api/projectClass/delete': noData,
  '/api/projectClass/sort': noData,
  '/api/project/queryList': pageOf(catalogueProjectSchema),
  '/api/project/queryById': catalogueProjectSchema,
  '/api/project/save': idAnswer('projectId'),
  '/api/project/delete': noData,
  '/api/project/updateStatus': noData,
  '/api/project/excelImport': importStartResponse,
  '/api/project/excelImportStatus': importStatusResponse,
  '/api/project/queryDeptOptions': z.array(z.object({ deptId: z.number().int(), name: z.string() })),
  '/api/projectPart/queryTree': bodyPartTreeSchema,
  '/api/projectPart/save': idAnswer('partId'),
  '/api/projectPart/delete': noData,
  '/api/projectConvertClass/queryList': z.array(convertClassSchema),
  '/api/projectConvertClass/save': idAnswer('convertClassId'),
  '/api/projectConvertClass/delete': noData,
  '/api/projectConvertClass/findConvertByProjectId': z.array(convertTargetSchema),
} as const;
