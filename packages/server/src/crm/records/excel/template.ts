import {
  type FieldDefinition,
  fixedDefinitions,
  importableFormTypes,
  importHeader,
  nameTypedFormTypes,
  type RecordKind,
} from '@crm/shared';
import { loadExcel } from './lib.ts';

/** A field a template has a column for: fixed ones first, each with its definition. */
export type ImportField = FieldDefinition & { fixed: boolean };

/** Rows of the template that carry the option lists as a drop-down. */
const VALIDATED_ROWS = 1000;

/**
 * The fields a person fills in a cell: the kind's fixed and custom fields of the importable types,
 * and the columns its own import save reads besides (`ExcelImportOptions.extraFields`).
 */
export function importFields(
  kind: RecordKind,
  custom: FieldDefinition[],
  extra: FieldDefinition[] = [],
): ImportField[] {
  // An id read as a name (产品类别) is typed by its name, whatever its widget.
  const named = new Set(kind.fixedFields.filter((f) => f.named).map((f) => f.fieldName));
  return [
    ...fixedDefinitions(kind)
      .filter(
        (f) =>
          importableFormTypes.includes(f.formType) || nameTypedFormTypes.includes(f.formType) || named.has(f.fieldName),
      )
      .map((f) => ({ ...f, fixed: true })),
    ...extra.filter((f) => importableFormTypes.includes(f.formType)).map((f) => ({ ...f, fixed: true })),
    ...custom
      .filter((f) => f.fieldName && importableFormTypes.includes(f.formType))
      .map((f) => ({ ...f, fixed: false })),
  ];
}

const columnLetter = (n: number) => {
  let s = '';
  for (let i = n; i > 0; i = Math.floor((i - 1) / 26)) s = String.fromCharCode(65 + ((i - 1) % 26)) + s;
  return s;
};

/**
 * The import template: one header row (required fields marked `*`), the input tips as the
 * header's note, and a drop-down of the options for single-choice fields, kept on a hidden sheet
 * so options with commas and long lists work.
 */
export async function templateWorkbook(kind: Pick<RecordKind, 'name'>, fields: ImportField[]): Promise<ArrayBuffer> {
  const ExcelJS = await loadExcel();
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet(kind.name);
  const lists = wb.addWorksheet('选项', { state: 'hidden' });
  sheet.columns = fields.map((f) => ({ header: importHeader(f), key: f.fieldName!, width: 20 }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  fields.forEach((f, i) => {
    const col = i + 1;
    if (f.inputTips) header.getCell(col).note = f.inputTips;
    if (f.formType === 'date' || f.formType === 'datetime') {
      header.getCell(col).note = f.formType === 'date' ? '格式：2026-01-31' : '格式：2026-01-31 09:30';
    }
    if (f.formType !== 'select' || f.options.length === 0) return;
    f.options.forEach((o, r) => {
      lists.getCell(r + 1, col).value = o;
    });
    const letter = columnLetter(col);
    for (let row = 2; row <= VALIDATED_ROWS + 1; row++)
      sheet.getCell(row, col).dataValidation = {
        type: 'list',
        allowBlank: f.isNull !== 1,
        formulae: [`'选项'!$${letter}$1:$${letter}$${f.options.length}`],
        showErrorMessage: true,
        errorTitle: f.name,
        error: '选项不在可选范围内',
      };
  });
  return wb.xlsx.writeBuffer();
}
