import {
  chargedOrderStatuses,
  fenOf,
  formatTime,
  OrderKind,
  type VisitExportInput,
  type VisitListInput,
  type VisitRowData,
  visitStatusNames,
  visitTypeNames,
} from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { SessionUser } from '../../auth/session.ts';
import { listPage } from '../../core/list/builder.ts';
import { timeText } from '../../core/times.ts';
import { loadExcel } from '../../crm/records/excel/lib.ts';
import { sendWorkbook } from '../../crm/records/excel/reply.ts';
import type { Tx } from '../../db/client.ts';
import { customerRecordList, ownedCustomer, text, withinDays } from '../cashier/scope.ts';

/**
 * The visit list (/record): visits filtered by arrival day, store, source shop, people, type,
 * status and deal, newest first, paged in SQL by the list builder. A visit is seen as its
 * customer is (the customer list's scope: owner in the viewer's scope or a team place; pool
 * customers, whom nobody reads, not at all), and the customer's name and phone as field
 * permissions allow (readableTable).
 */

/** The filters as conditions on `v` (the customer's search is the list's own). */
function filterConditions(f: VisitExportInput): SQL[] {
  const conds: SQL[] = [ownedCustomer, ...withinDays(sql`v.arrived_time`, f.from, f.to)];
  if (f.storeId !== undefined) conds.push(sql`v.store_id = ${f.storeId}`);
  if (f.shopId !== undefined) conds.push(sql`v.shop_id = ${f.shopId}`);
  if (f.consultantId !== undefined) conds.push(sql`v.consultant_id = ${f.consultantId}`);
  if (f.doctorId !== undefined) conds.push(sql`v.doctor_id = ${f.doctorId}`);
  if (f.visitType !== undefined) conds.push(sql`v.visit_type = ${f.visitType}`);
  if (f.status !== undefined) conds.push(sql`v.status = ${f.status}`);
  if (f.dealStatus !== undefined) conds.push(sql`v.deal_status = ${f.dealStatus}`);
  return conds;
}

const visitList = (db: Tx, user: SessionUser) =>
  customerRecordList(db, user, {
    from: sql`clinic_visit v`,
    customerColumn: sql`v.customer_id`,
    id: sql`v.visit_id`,
    fields: { arrivedTime: { sql: sql`v.arrived_time`, type: 'date' } },
    // A hidden phone is blank in the readable table, so it finds nothing.
    search: [sql`c.customer_name`, sql`c.mobile`, sql`c.search_key`],
    defaultSort: [{ field: 'arrivedTime', order: 'desc' }],
  });

const charged = sql`${`{${chargedOrderStatuses.join(',')}}`}::smallint[]`;

/** The row's columns for the page's visits (`page.id`), with the names they show. */
export const rowView = (customers: SQL) => ({
  columns: sql`v.visit_id, v.customer_id, c.customer_name, c.mobile, v.store_id, sd.name as store_name,
    v.shop_id, s.shop_name, v.visit_type, v.status, v.deal_status, cu.realname as consultant_name,
    du.realname as doctor_name, v.arrived_time, v.left_time,
    (select coalesce(sum(o.payable), 0) from clinic_order o where o.customer_id = v.customer_id and o.visit_id = v.visit_id
      and o.kind = ${OrderKind.sale} and o.status = any(${charged}))::text as charged`,
  joins: sql`join clinic_visit v on v.visit_id = page.id
    join ${customers} c on c.customer_id = v.customer_id
    left join sys_dept sd on sd.dept_id = v.store_id
    left join crm_store s on s.id = v.shop_id
    left join sys_user cu on cu.user_id = v.consultant_id
    left join sys_user du on du.user_id = v.doctor_id`,
  map: toVisitRow,
});

export function toVisitRow(r: Record<string, unknown>): VisitRowData {
  const num = (k: string) => (r[k] === null || r[k] === undefined ? null : Number(r[k]));
  return {
    visitId: Number(r.visit_id),
    customerId: Number(r.customer_id),
    customerName: text(r.customer_name),
    mobile: text(r.mobile),
    storeId: Number(r.store_id),
    storeName: text(r.store_name),
    shopId: num('shop_id'),
    shopName: (r.shop_name as string | null) ?? null,
    visitType: Number(r.visit_type),
    status: Number(r.status),
    dealStatus: Number(r.deal_status),
    consultantName: (r.consultant_name as string | null) ?? null,
    doctorName: (r.doctor_name as string | null) ?? null,
    arrivedTime: r.arrived_time as Date,
    leftTime: (r.left_time as Date | null) ?? null,
    charged: fenOf(text(r.charged) || '0'),
  };
}

export async function queryVisitPage(db: Tx, user: SessionUser, input: VisitListInput) {
  const { def, customers } = await visitList(db, user);
  return listPage(
    db,
    def,
    { user, page: input.page, limit: input.limit, search: input.search, where: filterConditions(input) },
    rowView(customers),
  );
}

/** A customer's visits (the archive's 到院记录 tab), after the caller checked the customer. */
export async function customerVisitPage(
  db: Tx,
  user: SessionUser,
  input: { customerId: number; page: number; limit: number },
) {
  const { def, customers } = await visitList(db, user);
  return listPage(
    db,
    def,
    { user, page: input.page, limit: input.limit, where: [sql`v.customer_id = ${input.customerId}`] },
    rowView(customers),
  );
}

const dealNames: Record<number, string> = { 0: '未定', 1: '成交', 2: '未成交' };
const EXPORT_BATCH = 1000;

/**
 * The filtered list as a sheet (到院记录.xlsx): the same rows and scope as the page, read a batch
 * at a time through the list builder. Money as numbers with ¥ formatting so the sheet sums it.
 */
export async function exportVisits(db: Tx, user: SessionUser, input: VisitExportInput, reply: FastifyReply) {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('到院记录');
  sheet.columns = [
    { header: '到店时间', key: 'arrived', width: 20 },
    { header: '顾客', key: 'customer', width: 14 },
    { header: '手机号', key: 'mobile', width: 14 },
    { header: '门店', key: 'store', width: 14 },
    { header: '来源门店', key: 'shop', width: 16 },
    { header: '就诊类型', key: 'type', width: 10 },
    { header: '状态', key: 'status', width: 10 },
    { header: '成交', key: 'deal', width: 8 },
    { header: '顾问', key: 'consultant', width: 10 },
    { header: '医生', key: 'doctor', width: 10 },
    { header: '离店时间', key: 'left', width: 20 },
    { header: '收费金额', key: 'charged', width: 12, style: { numFmt: '"¥"#,##0.00' } },
  ];
  sheet.getRow(1).font = { bold: true };
  const { def, customers } = await visitList(db, user);
  const view = rowView(customers);
  const show = (d: unknown) => timeText(d) ?? '';
  for (let page = 1; ; page++) {
    const batch = await listPage(
      db,
      def,
      { user, page, limit: EXPORT_BATCH, search: input.search, where: filterConditions(input) },
      view,
    );
    for (const v of batch.list)
      sheet.addRow({
        arrived: show(v.arrivedTime),
        customer: v.customerName,
        mobile: v.mobile,
        store: v.storeName,
        shop: v.shopName ?? '',
        type: visitTypeNames[v.visitType] ?? '',
        status: visitStatusNames[v.status] ?? '',
        deal: dealNames[v.dealStatus] ?? '',
        consultant: v.consultantName ?? '',
        doctor: v.doctorName ?? '',
        left: show(v.leftTime),
        charged: v.charged / 100,
      });
    if (batch.list.length < EXPORT_BATCH) break;
  }
  const day = formatTime(new Date()).slice(0, 10);
  return sendWorkbook(reply, `到院记录_${day}.xlsx`, await workbook.xlsx.writeBuffer());
}
