import { ExcelMsg, importInfoResponse, importMessageSchema, importNumResponse } from '@crm/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../auth/session.ts';
import { requirePermission } from '../../core/access.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import { type Ctx, defineRoute } from '../../core/route.ts';
import type { Tx } from '../../db/client.ts';
import { reportWorkbook } from '../records/excel/import.ts';
import { jobOf, rejectedOf } from '../records/excel/jobs.ts';
import { sendWorkbook } from '../records/excel/reply.ts';
import { importJobs } from '../records/excel/tables.ts';
import type { KindRegistry } from '../records/registry.ts';

/**
 * The original client's import progress (`system/message/*`, its CRMImport dialog): the message
 * id it polls is the id of the import job `<Kind>/uploadExcel` started, read as the kind's own
 * `excelImportStatus` / `excelImportReport` read it (the importer's own job, with the kind's
 * import right).
 */
async function importJob(db: Tx, kinds: KindRegistry, user: SessionUser, jobId: string) {
  const [row] = await db
    .select({ label: importJobs.label })
    .from(importJobs)
    .where(and(eq(importJobs.id, jobId), eq(importJobs.userId, user.userId)));
  const sk = row && kinds.of(row.label);
  if (!sk) throw notFound(ExcelMsg.jobNotFound);
  requirePermission(user, `${sk.kind.permission}:excelimport`);
  return { sk, job: await jobOf(db, sk, user, jobId) };
}

export function registerImportMessageRoutes(app: FastifyInstance, { db, registry }: Ctx): void {
  // While the job runs: the rows handled so far; once it has ended, null (the dialog's signal).
  defineRoute(app, {
    method: 'POST',
    url: '/system/message/queryImportNum',
    access: 'login',
    schema: importMessageSchema,
    response: importNumResponse,
    async handler({ input, user }) {
      const { job } = await importJob(db, registry.kinds, user, input.jobId);
      return job.status === 'running' ? job.done : null;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/system/message/queryImportInfo',
    access: 'login',
    schema: importMessageSchema,
    response: importInfoResponse,
    topLevel: true,
    async handler({ input, user }) {
      const { job } = await importJob(db, registry.kinds, user, input.jobId);
      // Rows not imported: the refused ones, and those an interrupted job never reached.
      return { totalSize: job.total, errSize: job.total - job.imported };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/system/message/downImportError',
    access: 'login',
    schema: importMessageSchema,
    async handler({ input, user, reply }) {
      const { sk, job } = await importJob(db, registry.kinds, user, input.jobId);
      if (job.status === 'running') throw badRequest(ExcelMsg.jobRunning);
      const rejected = await rejectedOf(db, job);
      return sendWorkbook(reply, `${sk.kind.name}导入错误数据.xlsx`, await reportWorkbook(sk, job.headers, rejected));
    },
  });
}
