import { dayStatusNames, type SignMonth } from '@crm/shared';
import type { FastifyReply } from 'fastify';
import { loadExcel } from '../../crm/records/excel/lib.ts';
import { sendWorkbook } from '../../crm/records/excel/reply.ts';

/** The month's statistics as a workbook: the page's answer as two sheets, the summary and the days. */
export async function sendSignMonthSheet(reply: FastifyReply, data: SignMonth) {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  const people = workbook.addWorksheet('月度汇总');
  people.columns = [
    { header: '姓名', key: 'name', width: 14 },
    { header: '部门', key: 'dept', width: 16 },
    { header: '应出勤（天）', key: 'workdays', width: 12 },
    { header: '签到（天）', key: 'signed', width: 12 },
    { header: '迟到', key: 'late', width: 8 },
    { header: '早退', key: 'early', width: 8 },
    { header: '缺卡', key: 'missing', width: 8 },
    { header: '外勤', key: 'field', width: 8 },
  ];
  for (const p of data.people)
    people.addRow({
      name: p.realname,
      dept: p.deptName,
      workdays: p.workdays,
      signed: p.signedDays,
      late: p.late,
      early: p.early,
      missing: p.missing,
      field: p.field,
    });
  const days = workbook.addWorksheet('每日明细');
  days.columns = [
    { header: '姓名', key: 'name', width: 14 },
    { header: '部门', key: 'dept', width: 16 },
    { header: '日期', key: 'day', width: 12 },
    { header: '上班', key: 'in', width: 10 },
    { header: '下班', key: 'out', width: 10 },
    { header: '状态', key: 'status', width: 18 },
  ];
  for (const d of data.days)
    days.addRow({
      name: d.realname,
      dept: d.deptName,
      day: d.day,
      in: d.inTime ?? '',
      out: d.outTime ?? '',
      status: d.statuses.map((s) => dayStatusNames[s]).join('、') || (d.workday ? '' : '休息日'),
    });
  for (const sheet of [people, days]) sheet.getRow(1).font = { bold: true };
  const bytes = await workbook.xlsx.writeBuffer();
  return sendWorkbook(reply, `签到统计_${data.month}.xlsx`, bytes);
}
