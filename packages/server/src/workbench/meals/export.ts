import type { MealMonth } from '@crm/shared';
import type { FastifyReply } from 'fastify';
import { loadExcel } from '../../crm/records/excel/lib.ts';
import { sendWorkbook } from '../../crm/records/excel/reply.ts';

/**
 * A month's statistics as a workbook: the page's answer (one call of mealMonth) as two sheets, per
 * person and per department, each ending in its total. Counts and money are numbers (a sheet sums
 * them); money in yuan with ¥ formatting.
 */
export async function sendMealMonthSheet(reply: FastifyReply, data: MealMonth, storeName: string | null) {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  const yuan = (fen: number) => fen / 100;
  const money = '"¥"#,##0.00';

  const people = workbook.addWorksheet('按人员');
  people.columns = [
    { header: '姓名', key: 'name', width: 14 },
    { header: '部门', key: 'dept', width: 16 },
    { header: '午餐（份）', key: 'lunch', width: 12 },
    { header: '晚餐（份）', key: 'dinner', width: 12 },
    { header: '合计（份）', key: 'count', width: 12 },
    { header: '金额', key: 'amount', width: 14, style: { numFmt: money } },
  ];
  for (const p of data.people)
    people.addRow({
      name: p.realname,
      dept: p.deptName,
      lunch: p.lunch,
      dinner: p.dinner,
      count: p.lunch + p.dinner,
      amount: yuan(p.amount),
    });
  const t = data.total;
  people.addRow({
    name: '合计',
    lunch: t.lunch,
    dinner: t.dinner,
    count: t.lunch + t.dinner,
    amount: yuan(t.amount),
  }).font = { bold: true };

  const depts = workbook.addWorksheet('按部门');
  depts.columns = [
    { header: '部门', key: 'dept', width: 16 },
    { header: '订餐人数', key: 'people', width: 12 },
    { header: '午餐（份）', key: 'lunch', width: 12 },
    { header: '晚餐（份）', key: 'dinner', width: 12 },
    { header: '金额', key: 'amount', width: 14, style: { numFmt: money } },
  ];
  for (const d of data.depts)
    depts.addRow({ dept: d.deptName, people: d.people, lunch: d.lunch, dinner: d.dinner, amount: yuan(d.amount) });
  depts.addRow({
    dept: '合计',
    people: data.people.length,
    lunch: t.lunch,
    dinner: t.dinner,
    amount: yuan(t.amount),
  }).font = { bold: true };
  for (const sheet of [people, depts]) sheet.getRow(1).font = { bold: true };

  const bytes = await workbook.xlsx.writeBuffer();
  return sendWorkbook(reply, `订餐统计_${storeName ?? '全部门店'}_${data.month}.xlsx`, bytes);
}
