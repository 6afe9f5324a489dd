import { randomUUID } from 'node:crypto';
import {
  CatalogueMsg,
  catalogueContracts,
  ExcelMsg,
  type FieldDefinition,
  fenToYuan,
  formBatchId,
  importHeader,
  importJobSchema,
  type Project,
  projectExportSchema,
  projectSaveSchema,
} from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest } from '../../core/errors.ts';
import { type Ctx, defineRoute, parseInput } from '../../core/route.ts';
import { queryRows } from '../../core/sql.ts';
import {
  type ExcelImportOptions,
  type ImportRow,
  reportWorkbook,
  startImport,
} from '../../crm/records/excel/import.ts';
import { type ImportOwner, jobOf, rejectedOf, statusOf } from '../../crm/records/excel/jobs.ts';
import { loadExcel } from '../../crm/records/excel/lib.ts';
import { sendWorkbook } from '../../crm/records/excel/reply.ts';
import { type ImportField, templateWorkbook } from '../../crm/records/excel/template.ts';
import type { Tx } from '../../db/client.ts';
import { readForm } from '../../files/multipart.ts';
import { queryProjects, saveProject } from './projects.ts';

/**
 * Excel import and export of projects on the records' import machinery (jobs in the database,
 * template, report of refused rows): the catalogue is no record kind, so it declares its columns
 * and saves its rows itself. Class, body parts, departments and conversion class are read by name;
 * a row whose code names an existing project updates it, so an exported sheet imports back.
 */

/** The import's owner: module code 101 (no CRM kind uses it) keeps its jobs apart. */
export const projectImportOwner: ImportOwner = { kind: { label: 101, name: '项目', idField: 'projectId' } };

const YES = '是';
const NO = '否';
const ON = '启用';
const OFF = '停用';

const column = (
  fieldName: string,
  name: string,
  formType: FieldDefinition['formType'],
  extra: Partial<FieldDefinition> = {},
): ImportField => ({
  fieldName,
  name,
  formType,
  isNull: 0,
  isUnique: 0,
  options: [],
  inputTips: '',
  fixed: true,
  ...extra,
});
const yesNo = (fieldName: string, name: string) => column(fieldName, name, 'select', { options: [YES, NO] });

/** The sheet's columns, in order: what the template asks, the export writes and the import reads. */
export const projectColumns: ImportField[] = [
  column('name', '项目名称', 'text', { isNull: 1, maxLength: 50 }),
  column('code', '项目编码', 'text', { maxLength: 30, inputTips: '留空自动生成；填写已有编码则更新该项目' }),
  column('className', '项目分类', 'text', { isNull: 1, maxLength: 50, inputTips: '填写已有分类的名称' }),
  column('unit', '单位', 'text', { maxLength: 10 }),
  column('price', '原价', 'floatnumber', { isNull: 1 }),
  column('salesPrice', '执行价', 'floatnumber', { isNull: 1 }),
  column('minPrice', '最低价', 'floatnumber'),
  column('cost', '成本', 'floatnumber'),
  column('sessions', '次数', 'number', { isNull: 1 }),
  column('validityMonths', '有效期（月）', 'number', { inputTips: '0为长期有效' }),
  yesNo('needsVerify', '需要划扣'),
  column('settleDeptName', '结算科室', 'text', { maxLength: 50 }),
  column('verifyDeptName', '划扣科室', 'text', { maxLength: 50 }),
  yesNo('countsAsDeal', '计入成交'),
  yesNo('earnsPerformance', '计算业绩'),
  yesNo('earnsPoints', '计算积分'),
  column('convertClassName', '转换类别', 'text', { maxLength: 50 }),
  column('partNames', '部位', 'text', { maxLength: 500, inputTips: '多个部位用顿号或逗号分隔' }),
  column('enabled', '状态', 'select', { options: [ON, OFF] }),
  column('remark', '备注', 'textarea', { maxLength: 500 }),
];

/** A project as the sheet's cells (money in yuan, switches as 是/否). */
function cellsOf(p: Project): Record<string, string | number> {
  const yn = (b: boolean) => (b ? YES : NO);
  return {
    name: p.name,
    code: p.code,
    className: p.className,
    unit: p.unit,
    price: Number(fenToYuan(p.price)),
    salesPrice: Number(fenToYuan(p.salesPrice)),
    minPrice: Number(fenToYuan(p.minPrice)),
    cost: Number(fenToYuan(p.cost)),
    sessions: p.sessions,
    validityMonths: p.validityMonths,
    needsVerify: yn(p.needsVerify),
    settleDeptName: p.settleDeptName,
    verifyDeptName: p.verifyDeptName,
    countsAsDeal: yn(p.countsAsDeal),
    earnsPerformance: yn(p.earnsPerformance),
    earnsPoints: yn(p.earnsPoints),
    convertClassName: p.convertClassName,
    partNames: p.partNames.join('、'),
    enabled: p.enabled ? ON : OFF,
    remark: p.remark,
  };
}

/** Most rows one export writes: the catalogue of a clinic chain is a few thousand projects at most. */
const EXPORT_MAX = 20_000;

async function exportWorkbook(db: Tx, user: SessionUser, input: z.infer<typeof projectExportSchema>) {
  const ExcelJS = await loadExcel();
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('项目');
  sheet.columns = projectColumns.map((c) => ({ header: importHeader(c), key: c.fieldName!, width: 16 }));
  sheet.getRow(1).font = { bold: true };
  for (let page = 1; (page - 1) * 1000 < EXPORT_MAX; page++) {
    const { list } = await queryProjects(db, user, { ...input, page, limit: 1000 });
    for (const p of list) sheet.addRow(cellsOf(p));
    if (list.length < 1000) break;
  }
  return wb.xlsx.writeBuffer();
}

const names = (v: unknown) =>
  String(v ?? '')
    .split(/[、,，]/)
    .map((s) => s.trim())
    .filter(Boolean);

/** The id of a row named `name` (case-insensitive), or the message. */
async function idByName(db: Tx, q: (name: string) => ReturnType<typeof sql>, name: string, msg: string) {
  const [row] = await queryRows<{ id: number }>(db, q(name));
  if (!row) throw badRequest(msg);
  return Number(row.id);
}

/** One imported row: names become ids, then the form's own schema checks it and `saveProject` stores it. */
async function importProjectRow(db: Tx, row: ImportRow) {
  const f = row.fixed;
  const text = (k: string) => String(f[k] ?? '').trim();
  const flag = (k: string) => (f[k] === undefined ? undefined : text(k) === YES || text(k) === ON);
  const classId = text('className')
    ? await idByName(
        db,
        (n) => sql`select class_id as id from crm_project_class where lower(class_name) = lower(${n})`,
        text('className'),
        CatalogueMsg.classMissing,
      )
    : undefined;
  const dept = (k: string) =>
    text(k)
      ? idByName(
          db,
          (n) => sql`select dept_id as id from sys_dept where name = ${n} order by dept_id limit 1`,
          text(k),
          CatalogueMsg.deptMissing,
        )
      : Promise.resolve(null);
  const convertClassId = text('convertClassName')
    ? await idByName(
        db,
        (n) => sql`select convert_class_id as id from crm_project_convert_class where lower(name) = lower(${n})`,
        text('convertClassName'),
        CatalogueMsg.convertClassMissing,
      )
    : null;
  const partIds: number[] = [];
  for (const part of names(f.partNames))
    partIds.push(
      await idByName(
        db,
        (n) =>
          sql`select part_id as id from crm_body_part where lower(name) = lower(${n}) order by pid nulls first, part_id limit 1`,
        part,
        `${CatalogueMsg.partMissing}：${part}`,
      ),
    );
  const code = text('code');
  const [existing] = code
    ? await queryRows<{ project_id: number }>(
        db,
        sql`select project_id from crm_project where code <> '' and lower(code) = lower(${code})`,
      )
    : [];
  const parsed = projectSaveSchema.safeParse({
    projectId: existing ? Number(existing.project_id) : undefined,
    classId,
    name: f.name,
    code,
    unit: f.unit,
    price: f.price,
    salesPrice: f.salesPrice,
    minPrice: f.minPrice,
    cost: f.cost,
    sessions: f.sessions,
    validityMonths: f.validityMonths,
    needsVerify: flag('needsVerify'),
    settleDeptId: await dept('settleDeptName'),
    verifyDeptId: await dept('verifyDeptName'),
    countsAsDeal: flag('countsAsDeal'),
    earnsPerformance: flag('earnsPerformance'),
    earnsPoints: flag('earnsPoints'),
    convertClassId,
    partIds,
    remark: f.remark,
    enabled: flag('enabled'),
    batchId: existing ? undefined : row.batchId,
  });
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? ExcelMsg.saveFailed);
  await saveProject(db, parsed.data);
}

const importFormSchema = z.object({ batchId: formBatchId.optional() });

export function registerProjectExcel(app: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;
  const options: ExcelImportOptions = { columns: projectColumns, save: (tx, _user, row) => importProjectRow(tx, row) };

  defineRoute(app, {
    method: 'POST',
    url: '/api/project/excelExport',
    access: 'project:index:excelexport',
    schema: projectExportSchema,
    handler: async ({ input, user, reply }) =>
      sendWorkbook(reply, '项目导出.xlsx', await exportWorkbook(db, user, input)),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/project/downloadExcel',
    access: 'project:index:excelimport',
    handler: async ({ reply }) =>
      sendWorkbook(reply, '项目导入模板.xlsx', await templateWorkbook({ name: '项目' }, projectColumns)),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/project/excelImport',
    access: 'project:index:excelimport',
    response: catalogueContracts['/api/project/excelImport'],
    async handler({ req, user }) {
      const { fields, file } = await readForm(req, ctx.config.uploadMaxMb);
      const form = parseInput(importFormSchema, fields);
      const jobId = await startImport({
        db,
        sk: projectImportOwner,
        custom: [],
        user,
        file,
        batchId: form.batchId ?? randomUUID().replaceAll('-', ''),
        options,
        log: req.log,
        uniqueNames: ctx.registry.uniqueNames,
      });
      return { jobId };
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/project/excelImportStatus',
    access: 'project:index:excelimport',
    schema: importJobSchema,
    response: catalogueContracts['/api/project/excelImportStatus'],
    handler: async ({ input, user }) => statusOf(db, await jobOf(db, projectImportOwner, user, input.jobId)),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/project/excelImportReport',
    access: 'project:index:excelimport',
    schema: importJobSchema,
    async handler({ input, user, reply }) {
      const job = await jobOf(db, projectImportOwner, user, input.jobId);
      if (job.status === 'running') throw badRequest(ExcelMsg.jobRunning);
      return sendWorkbook(
        reply,
        '项目导入错误报告.xlsx',
        await reportWorkbook(projectImportOwner, job.headers, await rejectedOf(db, job)),
      );
    },
  });
}
