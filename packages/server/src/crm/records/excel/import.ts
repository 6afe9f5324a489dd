import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  codeOfWord,
  customValuesOf,
  EXCEL_IMPORT_MAX_ROWS,
  ExcelMsg,
  type FieldDefinition,
  fillMsg,
  firstFieldError,
  headerName,
  Msg,
  nameTypedFormTypes,
} from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { SessionUser } from '../../../auth/session.ts';
import { AppError, badRequest } from '../../../core/errors.ts';
import { queryRows } from '../../../core/sql.ts';
import { type UniqueResolvers, uniqueViolationError } from '../../../core/unique.ts';
import type { Tx } from '../../../db/client.ts';
import type { UploadedFile } from '../../../files/multipart.ts';
import { sniff } from '../../../files/sniff.ts';
import type { ServerKind } from '../kind.ts';
import { saveRecord } from '../save.ts';
import { type Cell, cellText, fieldValue, plainCell } from './cells.ts';
import { createJob, type ImportOwner, jobOfBatch, jobProgress, type Rejected } from './jobs.ts';
import { loadExcel } from './lib.ts';
import { type ImportField, importFields } from './template.ts';

/** One checked row, ready to be stored: fixed values, custom values and its own batch id. */
export type ImportRow = { batchId: string; fixed: Record<string, unknown>; custom: Record<string, unknown> };

/**
 * What a kind may give the import: its save body schema (`recordSaveSchema({...})`), so a row is
 * refused with the same message its form would get, and its own save when storing a record is
 * more than `saveRecord` (the customer's). Without them the fixed fields are checked by their
 * definitions' rules, as custom ones always are.
 */
export type ExcelImportOptions = {
  schema?: z.ZodType<{ entity: Record<string, unknown>; field: { fieldName: string; value?: unknown }[] }>;
  save?: (db: Tx, user: SessionUser, row: ImportRow) => Promise<void>;
  /** Columns the kind's save needs that are no fixed field (the shop's 门店主营项目分类); read into `fixed`. */
  extraFields?: FieldDefinition[];
  /**
   * A table that is no record kind declares its columns here (all read into `fixed`) and must
   * give `save`: the template, the checks and the report then need no kind definition.
   */
  columns?: ImportField[];
};

const isRecordKind = (owner: ImportOwner): owner is ServerKind => 'table' in owner;

/** The columns of an import: the declared ones, else the kind's importable fields. */
export function importColumns(owner: ImportOwner, custom: FieldDefinition[], options: ExcelImportOptions) {
  if (options.columns) return options.columns;
  if (!isRecordKind(owner)) throw new Error('an import that is no record kind declares its columns');
  return importFields(owner.kind, custom, options.extraFields);
}

type Sheet = { headers: string[]; rows: { row: number; cells: Cell[] }[] };

/** The first sheet's header row and its non-empty data rows, read as a stream (values only). */
async function readSheet(bytes: Buffer): Promise<Sheet> {
  const ExcelJS = await loadExcel();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(bytes), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    // Styles tell a date cell from a number.
    styles: 'cache',
    entries: 'ignore',
  });
  const sheet: Sheet = { headers: [], rows: [] };
  let first = true;
  for await (const worksheet of reader) {
    const collect = first;
    first = false;
    for await (const row of worksheet) {
      if (!collect) continue;
      const values = (row.values as unknown[]).slice(1).map(plainCell);
      if (row.number === 1) {
        sheet.headers = values.map((v) => (v === null ? '' : headerName(cellText(v))));
        continue;
      }
      if (values.every((v) => v === null)) continue;
      if (sheet.rows.length >= EXCEL_IMPORT_MAX_ROWS)
        throw badRequest(fillMsg(ExcelMsg.tooManyRows, { max: EXCEL_IMPORT_MAX_ROWS }));
      sheet.rows.push({ row: row.number, cells: values });
    }
  }
  return sheet;
}

/** Check the upload is a readable workbook filled from the template: its rows, and each column's field. */
async function readUpload(file: UploadedFile | null, fields: ImportField[]) {
  if (!file || file.bytes.length === 0) throw badRequest(Msg.fileRequired);
  const sniffed = await sniff(file.filename, file.bytes);
  if (sniffed?.ext !== 'xlsx') throw badRequest(ExcelMsg.notXlsx);
  let sheet: Sheet;
  try {
    sheet = await readSheet(file.bytes);
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw badRequest(ExcelMsg.unreadable);
  }
  const byName = new Map(fields.map((f) => [f.name, f]));
  const used = new Set<ImportField>();
  const columns = sheet.headers.map((h) => {
    const f = byName.get(h);
    if (!f || used.has(f)) return undefined;
    used.add(f);
    return f;
  });
  if (used.size === 0) throw badRequest(ExcelMsg.noColumns);
  if (sheet.rows.length === 0) throw badRequest(ExcelMsg.noRows);
  return { sheet, columns };
}

/** The reason a thrown error gives a row: a refusal's own message, else a plain 保存失败 (and a log line). */
async function reasonOf(db: Tx, names: UniqueResolvers, err: unknown, log: FastifyBaseLogger): Promise<string> {
  if (err instanceof AppError) return err.message;
  // A row that passed the pre-check while another save took its unique value: the same message.
  const unique = await uniqueViolationError(db, names, err);
  if (unique) return unique.message;
  log.error({ err }, 'excel import row failed');
  return ExcelMsg.saveFailed;
}

export type StartImport = {
  db: Tx;
  sk: ImportOwner;
  custom: FieldDefinition[];
  user: SessionUser;
  file: UploadedFile | null;
  /** The form's batch id: the same upload sent twice is one job. */
  batchId: string;
  options: ExcelImportOptions;
  log: FastifyBaseLogger;
  /** The app's unique-index names (registry.ts), so a row refused by an index says which value is taken. */
  uniqueNames: UniqueResolvers;
};

/**
 * Read and check the upload, then import its rows in the background: each row checked by the
 * kind's rules and stored in its own transaction (a refused row leaves nothing), duplicates of
 * unique fields refused (against stored records and earlier rows of the file), the importing
 * user as owner. Answers the job's id at once; `statusOf` tells the progress.
 */
export async function startImport(s: StartImport): Promise<string> {
  const running = await jobOfBatch(s.db, s.sk, s.user, s.batchId);
  if (running) return running;
  const fields = importColumns(s.sk, s.custom, s.options);
  const { sheet, columns } = await readUpload(s.file, fields);
  const job = await createJob(s.db, s.sk, s.user, s.batchId, { headers: sheet.headers, total: sheet.rows.length });
  if (job.created) void runImport(s, job.id, sheet, columns, fields);
  return job.id;
}

async function runImport(
  s: StartImport,
  jobId: string,
  sheet: Sheet,
  columns: (ImportField | undefined)[],
  fields: ImportField[],
) {
  const fixedFields = fields.filter((f) => f.fixed);
  const unique = fields.filter((f) => f.isUnique === 1);
  /** `field\0value` → the row that imported it. */
  const seen = new Map<string, number>();
  /** `field\0name` → id, so a file naming one shop a thousand times asks once. */
  const namedIds = new Map<string, number | null>();
  const progress = jobProgress(s.db, jobId, s.log);
  try {
    for (const line of sheet.rows) {
      try {
        const row = await checkRow(s, fixedFields, columns, line.cells, rowBatchId(s, line.row), namedIds);
        for (const f of unique) {
          const v = f.fixed ? row.fixed[f.fieldName!] : row.custom[f.fieldName!];
          const first = v === null || v === undefined || v === '' ? undefined : seen.get(`${f.fieldName}\0${v}`);
          if (first !== undefined) throw badRequest(fillMsg(ExcelMsg.duplicateInFile, { name: f.name, row: first }));
        }
        if (s.options.save) await s.options.save(s.db, s.user, row);
        else if (isRecordKind(s.sk)) await saveRecord(s.db, s.sk, s.custom, s.user, row);
        else throw new Error('an import that is no record kind saves its rows itself');
        for (const f of unique) {
          const v = f.fixed ? row.fixed[f.fieldName!] : row.custom[f.fieldName!];
          if (v !== null && v !== undefined && v !== '') seen.set(`${f.fieldName}\0${v}`, line.row);
        }
      } catch (err) {
        await progress.row({
          rejected: { row: line.row, reason: await reasonOf(s.db, s.uniqueNames, err, s.log), cells: line.cells },
        });
        continue;
      }
      await progress.row({ imported: true });
    }
  } finally {
    await progress.finish();
  }
}

/** A row's own batch id, the same for the same upload and row: a retried upload finds its rows. */
const rowBatchId = (s: StartImport, row: number) =>
  `x${createHash('sha256').update(`${s.user.userId}:${s.sk.kind.label}:${s.batchId}:${row}`).digest('base64url').slice(0, 30)}`;

/**
 * The row's values by field, checked: fixed ones by their rules and the kind's schema; custom ones when saved.
 * A sheet holds what the screen shows (an export's words): coded choices are read back into their codes
 * and ids shown as names (所属门店) into the ids of those names.
 */
async function checkRow(
  s: StartImport,
  fixedFields: ImportField[],
  columns: (ImportField | undefined)[],
  cells: Cell[],
  batchId: string,
  namedIds: Map<string, number | null>,
): Promise<ImportRow> {
  const fixed: Record<string, unknown> = {};
  const custom: Record<string, unknown> = {};
  columns.forEach((f, i) => {
    if (!f) return;
    const v = fieldValue(f.formType, cells[i] ?? null);
    if (v === null) return;
    if (f.fixed) fixed[f.fieldName!] = v;
    else custom[f.fieldName!] = v;
  });
  // An id shown as a name (所属门店, 产品类别) becomes the id before the id rule checks it.
  const declared = isRecordKind(s.sk) ? s.sk.kind.fixedFields : [];
  for (const f of declared)
    if (f.named && fixed[f.fieldName] !== undefined)
      fixed[f.fieldName] = await idOfName(s.db, f, fixed[f.fieldName], namedIds);
  // A relation named by its record's name is the kind's save to find, not an id rule's to check.
  const msg = firstFieldError(
    fixedFields.filter((f) => !nameTypedFormTypes.includes(f.formType)),
    fixed,
  );
  if (msg) throw badRequest(msg);
  // A choice's words (男, 是) become the codes the kind stores, once its options have been checked.
  for (const f of declared)
    if (f.codes && fixed[f.fieldName] !== undefined) fixed[f.fieldName] = codeOfWord(f.codes, fixed[f.fieldName]);
  if (!s.options.schema) return { batchId, fixed, custom };
  const parsed = s.options.schema.safeParse({
    entity: { ...fixed, batchId },
    field: Object.entries(custom).map(([fieldName, value]) => ({ fieldName, value })),
  });
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? Msg.invalidRequest);
  const { batchId: _b, [s.sk.kind.idField]: _id, ...entity } = parsed.data.entity;
  return { batchId, fixed: entity, custom: customValuesOf(parsed.data.field) };
}

/** The id a name in a sheet stands for (所属门店: the shop of that name); a bare id is taken as it is. */
async function idOfName(
  db: Tx,
  f: { fieldName: string; name: string; named?: { table: string; idColumn: string; nameColumn: string } },
  value: unknown,
  cache: Map<string, number | null>,
): Promise<unknown> {
  if (!f.named || typeof value !== 'string') return value;
  const key = `${f.fieldName}\0${value}`;
  if (!cache.has(key)) {
    const { table, idColumn, nameColumn } = f.named;
    const [hit] = await queryRows<{ id: number }>(
      db,
      sql`select ${sql.identifier(idColumn)} as id from ${sql.identifier(table)}
          where ${sql.identifier(nameColumn)} = ${value} order by ${sql.identifier(idColumn)} limit 1`,
    );
    cache.set(key, hit ? Number(hit.id) : null);
  }
  const id = cache.get(key);
  if (id !== null && id !== undefined) return id;
  if (/^\d+$/.test(value)) return Number(value);
  throw badRequest(fillMsg(ExcelMsg.unknownName, { name: f.name, value }));
}

/** The rejected rows as a workbook: the file's own columns, then the reason and the row number. */
export async function reportWorkbook(sk: ImportOwner, headers: string[], rejected: Rejected[]): Promise<ArrayBuffer> {
  const ExcelJS = await loadExcel();
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet(sk.kind.name);
  sheet.addRow([...headers, ExcelMsg.reasonColumn, ExcelMsg.rowColumn]).font = { bold: true };
  for (const r of rejected) {
    const cells = headers.map((_, i) => r.cells[i] ?? null);
    sheet.addRow([...cells, r.reason, r.row]);
  }
  return wb.xlsx.writeBuffer();
}
