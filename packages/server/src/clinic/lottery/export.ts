import { giftStatusNames, type LotteryDrawListInput, prizeKindNames, toApiTime } from '@crm/shared';
import type { FastifyReply } from 'fastify';
import type { SessionUser } from '../../auth/session.ts';
import { loadExcel } from '../../crm/records/excel/lib.ts';
import { sendWorkbook } from '../../crm/records/excel/reply.ts';
import type { Db } from '../../db/client.ts';
import { listDraws } from './records.ts';

/** The most rows one export writes (a season's draws of a chain fit; a larger one narrows the filters). */
export const DRAW_EXPORT_MAX = 20_000;

/** The records page's draws as a sheet: the same filters and data scope as the list. */
export async function sendDrawsSheet(db: Db, user: SessionUser, input: LotteryDrawListInput, reply: FastifyReply) {
  const page = await listDraws(db, user, { ...input, page: 1, limit: DRAW_EXPORT_MAX });
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('抽奖记录');
  sheet.columns = [
    { header: '抽奖时间', key: 'time', width: 20 },
    { header: '活动', key: 'activity', width: 20 },
    { header: '顾客', key: 'customer', width: 14 },
    { header: '奖品', key: 'prize', width: 16 },
    { header: '类型', key: 'kind', width: 10 },
    { header: '券码', key: 'code', width: 14 },
    { header: '赠品领取', key: 'gift', width: 10 },
    { header: '发放人', key: 'handedBy', width: 12 },
    { header: '领取时间', key: 'handedTime', width: 20 },
  ];
  for (const d of page.list)
    sheet.addRow({
      time: toApiTime(d.createTime),
      activity: d.activityName,
      customer: d.customerName,
      prize: d.prizeName,
      kind: prizeKindNames[d.kind] ?? '',
      code: d.couponCode ?? '',
      gift: giftStatusNames[d.giftStatus] ?? '',
      handedBy: d.handedBy ?? '',
      handedTime: d.handedTime ? toApiTime(d.handedTime) : '',
    });
  return sendWorkbook(reply, '抽奖记录.xlsx', await workbook.xlsx.writeBuffer());
}
