import { type BiAnalysis, type BiMeasureKey, changeRate, measures } from '@crm/shared';
import type { FastifyReply } from 'fastify';
import { loadExcel } from '../crm/records/excel/lib.ts';
import { sendWorkbook } from '../crm/records/excel/reply.ts';
import type { Prepared } from './analyze.ts';

/**
 * An analysis's table as a sheet: the same answer the page shows (one call of runAnalysis), a row
 * per bucket, owner or category and the total, with the comparison columns where the analysis
 * compares. Money and counts are numbers (a sheet sums them), money with ¥ formatting; rates are
 * percent numbers with one decimal.
 */
export async function sendAnalysisSheet(reply: FastifyReply, p: Prepared, answer: BiAnalysis) {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(p.def.title.slice(0, 31));
  const keys = answer.measures as BiMeasureKey[];
  const compare = answer.rows.some((r) => r.previous);
  const first = p.def.dimension === 'owner' ? '员工' : p.def.dimension === 'category' ? '分类' : '时间';
  const columns: { header: string; key: string; fmt?: string }[] = [{ header: first, key: 'label' }];
  const fmt = (k: BiMeasureKey) =>
    measures[k].unit === 'money' ? '"¥"#,##0.00' : measures[k].unit === 'percent' ? '0.0"%"' : '#,##0';
  for (const k of keys) {
    columns.push({ header: measures[k].name, key: k, fmt: fmt(k) });
    if (compare) {
      columns.push({ header: `${measures[k].name}环比(%)`, key: `${k}:mom`, fmt: '0.0' });
      columns.push({ header: `${measures[k].name}同比(%)`, key: `${k}:yoy`, fmt: '0.0' });
    }
  }
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.key === 'label' ? 16 : 18 }));
  columns.forEach((c, i) => {
    if (c.fmt) sheet.getColumn(i + 1).numFmt = c.fmt;
  });
  const line = (
    label: string,
    values: Record<string, number>,
    previous?: Record<string, number>,
    lastYear?: Record<string, number>,
  ) => {
    const row: Record<string, string | number | null> = { label };
    for (const k of keys) {
      row[k] = values[k] ?? 0;
      if (compare) {
        row[`${k}:mom`] = previous ? changeRate(values[k] ?? 0, previous[k] ?? 0) : null;
        row[`${k}:yoy`] = lastYear ? changeRate(values[k] ?? 0, lastYear[k] ?? 0) : null;
      }
    }
    return row;
  };
  for (const r of answer.rows) sheet.addRow(line(r.label, r.values, r.previous, r.lastYear));
  sheet.addRow(line('合计', answer.total.values, answer.total.previous, answer.total.lastYear)).font = { bold: true };
  sheet.getRow(1).font = { bold: true };
  const bytes = await workbook.xlsx.writeBuffer();
  return sendWorkbook(reply, `${p.def.title}_${answer.period.start}_${answer.period.end}.xlsx`, bytes);
}
