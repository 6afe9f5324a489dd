import { DealKind, dealStatusNames, formatTime, type MakeExportInput } from '@crm/shared';
import type { FastifyReply } from 'fastify';
import type { SessionUser } from '../../auth/session.ts';
import { timeText } from '../../core/times.ts';
import { loadExcel } from '../../crm/records/excel/lib.ts';
import { sendWorkbook } from '../../crm/records/excel/reply.ts';
import type { Tx } from '../../db/client.ts';
import { queryMadeDeals } from './make.ts';

const EXPORT_BATCH = 1000;
const money = { numFmt: '"¥"#,##0.00' };

/**
 * /crm/make's list as a sheet (成交查询.xlsx, `/clinic/make/excelExport`): the page's own query
 * (`queryMadeDeals`: the same filters, scope and readable customer fields) read a batch at a time,
 * with the columns the page shows. Money as numbers with ¥ formatting so the sheet sums it.
 */
export async function exportMadeDeals(db: Tx, user: SessionUser, input: MakeExportInput, reply: FastifyReply) {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('成交查询');
  sheet.columns = [
    { header: '顾客', key: 'customer', width: 14 },
    { header: '负责人', key: 'owner', width: 10 },
    { header: '项目', key: 'project', width: 20 },
    { header: '订单号', key: 'order', width: 16 },
    { header: '购买次数', key: 'bought', width: 10 },
    { header: '已用次数', key: 'used', width: 10 },
    { header: '剩余次数', key: 'left', width: 10 },
    { header: '成交金额', key: 'value', width: 12, style: money },
    { header: '已付', key: 'paid', width: 12, style: money },
    { header: '欠款', key: 'arrears', width: 12, style: money },
    { header: '类型', key: 'kind', width: 8 },
    { header: '状态', key: 'status', width: 10 },
    { header: '到期日', key: 'expires', width: 12 },
    { header: '成交时间', key: 'time', width: 20 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (let page = 1; ; page++) {
    const batch = await queryMadeDeals(db, user, { ...input, page, limit: EXPORT_BATCH });
    for (const r of batch.list)
      sheet.addRow({
        customer: r.customerName,
        owner: r.ownerName,
        project: r.name,
        order: r.orderNumber ?? '',
        bought: r.sessionsBought,
        used: r.sessionsUsed,
        left: r.sessionsLeft,
        value: r.dealValue / 100,
        paid: r.paid / 100,
        arrears: r.arrears / 100,
        kind: r.kind === DealKind.repair ? '返修' : '普通',
        status: dealStatusNames[r.status] ?? '',
        expires: r.expiresOn ?? '',
        time: timeText(r.createTime) ?? '',
      });
    if (batch.list.length < EXPORT_BATCH) break;
  }
  const day = formatTime(new Date()).slice(0, 10);
  return sendWorkbook(reply, `成交查询_${day}.xlsx`, await workbook.xlsx.writeBuffer());
}
