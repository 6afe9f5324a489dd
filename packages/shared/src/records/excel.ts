import { z } from 'zod';
import type { FieldDefinition, FormType } from '../fields/field-types.ts';
import { withAliases } from '../schemas/aliases.ts';
import { idList } from '../schemas/fields.ts';
import { recordListSchema } from './schemas.ts';

/**
 * Excel export and import of every record kind (docs/api/records.md, "Excel"): the export takes
 * the list's own body without paging; the import runs as a job the client polls.
 */
export const ExcelMsg = {
  notXlsx: '请上传Excel文件（.xlsx）',
  unreadable: '无法读取该Excel文件，请使用下载的导入模板',
  noColumns: '导入文件与模板不符，请下载导入模板后填写',
  noRows: '导入文件中没有数据',
  tooManyRows: '每次最多导入{max}行',
  jobNotFound: '导入任务不存在或已过期',
  jobRunning: '导入尚未完成',
  jobInterrupted: '导入已中断：处理该任务的服务器已停止，未处理的行没有导入，请重新导入这些行',
  duplicateInFile: '{name}与第{row}行重复',
  unknownName: '{name}「{value}」不存在',
  saveFailed: '保存失败',
  reasonColumn: '错误原因',
  rowColumn: '行号',
  idsInvalid: '请选择要导出的记录',
} as const;

/** The most data rows one import takes (DECISIONS: docs/decisions.md "Excel import"). */
export const EXCEL_IMPORT_MAX_ROWS = 10_000;

/**
 * `excelExport`: the list's body without paging (scene, search, filters, sort); `ids` limits it
 * to chosen records (the original's 导出选中, `batchExportExcel`), which sends the scene as `scene_id`.
 */
export const recordExportSchema = withAliases(
  recordListSchema.omit({ page: true, limit: true }).extend({ ids: idList(ExcelMsg.idsInvalid).optional() }),
  { scene_id: 'sceneId' },
);
export type RecordExportInput = z.infer<typeof recordExportSchema>;

/** `excelImportStatus`, `excelImportReport`: the job the upload answered. */
export const importJobSchema = z.object({
  jobId: z.string({ error: ExcelMsg.jobNotFound }).regex(/^[A-Za-z0-9_-]{1,64}$/, { error: ExcelMsg.jobNotFound }),
});

export const importStartResponse = z.object({ jobId: z.string() });
/** `<Kind>/uploadExcel`: the job's id alone, which the original client calls its message id. */
export const originalImportStartResponse = z.string();
export const importStatusResponse = z.object({
  jobId: z.string(),
  /** Data rows in the file (known once it is read). */
  total: z.number().int(),
  /** Rows handled so far (imported or rejected). */
  done: z.number().int(),
  imported: z.number().int(),
  /** Each refused row: its row number in the sheet (the header is row 1) and the reason. */
  rejected: z.array(z.object({ row: z.number().int(), reason: z.string() })),
  finished: z.boolean(),
  /** Why the job ended before its last row (the server running it stopped); absent when it ran through. */
  error: z.string().optional(),
});
export type ImportStatus = z.infer<typeof importStatusResponse>;

/** Types a person can type into a cell; people, files, relations and addresses are set in the form. */
export const importableFormTypes: readonly FormType[] = [
  'text',
  'textarea',
  'number',
  'floatnumber',
  'mobile',
  'email',
  'select',
  'checkbox',
  'date',
  'datetime',
];

/**
 * Relations a spreadsheet names by the record's name, as fixed fields only: the importing kind's
 * own save finds the record (a contact's customer; a receivable's contract by number, its plan by
 * 期数). The field rules, which want ids, skip them.
 */
export const nameTypedFormTypes: readonly FormType[] = ['customer', 'contract', 'receivables_plan'];

/** A template's header: the field's name, `*` in front when it is required. */
export const importHeader = (f: Pick<FieldDefinition, 'name' | 'isNull'>) => (f.isNull === 1 ? `*${f.name}` : f.name);
/** The field name a header cell names (without the required mark). */
export const headerName = (header: string) => header.replace(/^\s*\*\s*/, '').trim();
