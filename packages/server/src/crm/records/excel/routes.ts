import { randomUUID } from 'node:crypto';
import {
  ExcelMsg,
  type FieldDefinition,
  formBatchId,
  importJobSchema,
  importStartResponse,
  importStatusResponse,
  originalImportFormSchema,
  originalImportStartResponse,
  recordExportSchema,
} from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../../core/errors.ts';
import { type Ctx, defineRoute, parseInput } from '../../../core/route.ts';
import type { Tx } from '../../../db/client.ts';
import { readForm } from '../../../files/multipart.ts';
import type { ServerKind } from '../kind.ts';
import { exportRecords } from './export.ts';
import { type ExcelImportOptions, reportWorkbook, startImport } from './import.ts';
import { jobOf, rejectedOf, statusOf } from './jobs.ts';
import { sendWorkbook } from './reply.ts';
import { importFields, templateWorkbook } from './template.ts';

const importFormSchema = z.object({ batchId: formBatchId.optional() });

/**
 * The Excel calls of a kind (docs/api/records.md, "Excel"): export of the current list request,
 * the import template, the import upload, its progress and its report of refused rows.
 */
export function registerExcelRoutes(
  app: FastifyInstance,
  ctx: Ctx,
  sk: ServerKind,
  customFields: (db: Tx) => Promise<FieldDefinition[]>,
  options: ExcelImportOptions,
) {
  const { db } = ctx;
  const p = `/${sk.routePrefix}`;
  const can = (action: string) => `${sk.kind.permission}:${action}`;

  defineRoute(app, {
    method: 'POST',
    url: `${p}/excelExport`,
    // The original's 导出全部 sends the list's own filters, its 导出选中 the chosen ids.
    aliases: [`${p}/allExportExcel`, `${p}/batchExportExcel`],
    access: can('excelexport'),
    schema: recordExportSchema,
    handler: async ({ input, user, reply }) =>
      exportRecords(db, ctx.registry.kinds, sk, await customFields(db), user, input, reply),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${p}/downloadExcel`,
    access: can('excelimport'),
    handler: async ({ reply }) =>
      sendWorkbook(
        reply,
        `${sk.kind.name}导入模板.xlsx`,
        await templateWorkbook(sk.kind, importFields(sk.kind, await customFields(db), options.extraFields)),
      ),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${p}/excelImport`,
    access: can('excelimport'),
    response: importStartResponse,
    async handler({ req, user }) {
      const { fields, file } = await readForm(req, ctx.config.uploadMaxMb);
      const form = parseInput(importFormSchema, fields);
      const jobId = await startImport({
        db,
        sk,
        custom: await customFields(db),
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

  // The original client's upload: no batch id (each upload is a job), the job's id as `data`,
  // which it polls as a message id (system/message/*, crm/original/import-messages.ts).
  defineRoute(app, {
    method: 'POST',
    url: `${p}/uploadExcel`,
    access: can('excelimport'),
    response: originalImportStartResponse,
    async handler({ req, user }) {
      const { fields, file } = await readForm(req, ctx.config.uploadMaxMb);
      parseInput(originalImportFormSchema, fields);
      return startImport({
        db,
        sk,
        custom: await customFields(db),
        user,
        file,
        batchId: randomUUID().replaceAll('-', ''),
        options,
        log: req.log,
        uniqueNames: ctx.registry.uniqueNames,
      });
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: `${p}/excelImportStatus`,
    access: can('excelimport'),
    schema: importJobSchema,
    response: importStatusResponse,
    handler: async ({ input, user }) => statusOf(db, await jobOf(db, sk, user, input.jobId)),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${p}/excelImportReport`,
    access: can('excelimport'),
    schema: importJobSchema,
    async handler({ input, user, reply }) {
      const job = await jobOf(db, sk, user, input.jobId);
      if (job.status === 'running') throw badRequest(ExcelMsg.jobRunning);
      const rejected = await rejectedOf(db, job);
      return sendWorkbook(reply, `${sk.kind.name}导入错误报告.xlsx`, await reportWorkbook(sk, job.headers, rejected));
    },
  });
}
