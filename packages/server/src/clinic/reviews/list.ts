import {
  fileViewUrl,
  followStatusNames,
  formatTime,
  type ReviewExportInput,
  type ReviewListInput,
  ReviewMsg,
  type reviewRowSchema,
} from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { SessionUser } from '../../auth/session.ts';
import { notFound } from '../../core/errors.ts';
import { listPage } from '../../core/list/builder.ts';
import { queryRows } from '../../core/sql.ts';
import { timeText } from '../../core/times.ts';
import { customerServerKind } from '../../crm/customer/kind.ts';
import { loadRecord } from '../../crm/records/access.ts';
import { loadExcel } from '../../crm/records/excel/lib.ts';
import { sendWorkbook } from '../../crm/records/excel/reply.ts';
import type { Tx } from '../../db/client.ts';
import { customerRecordList, ownedCustomer, text, withinDays } from '../cashier/scope.ts';
import { customerCouponRows } from '../coupons/read.ts';
import { REVIEW_FILES } from './file-owner.ts';

/**
 * The review list (/workbench/evaluate): filtered by store, day, lowest score, staff and follow-up,
 * newest first, paged in SQL. A review is seen as its customer is (the customer list's scope), the
 * customer's name and phone as field permissions allow (readableTable).
 */

function filterConditions(f: ReviewExportInput): SQL[] {
  const conds: SQL[] = [ownedCustomer, ...withinDays(sql`r.create_time`, f.from, f.to)];
  if (f.storeId !== undefined) conds.push(sql`r.store_id = ${f.storeId}`);
  if (f.maxScore !== undefined) conds.push(sql`least(r.effect, r.service, r.environment) <= ${f.maxScore}`);
  if (f.staffId !== undefined) conds.push(sql`r.staff_ids @> array[${f.staffId}]::int[]`);
  if (f.followStatus !== undefined) conds.push(sql`r.follow_status = ${f.followStatus}`);
  return conds;
}

const reviewList = (db: Tx, user: SessionUser) =>
  customerRecordList(db, user, {
    from: sql`clinic_review r`,
    customerColumn: sql`r.customer_id`,
    id: sql`r.review_id`,
    fields: { createTime: { sql: sql`r.create_time`, type: 'date' } },
    search: [sql`c.customer_name`, sql`c.mobile`, sql`r.content`],
    defaultSort: [{ field: 'createTime', order: 'desc' }],
  });

const rowView = (customers: SQL) => ({
  columns: sql`r.review_id, r.customer_id, c.customer_name, c.mobile, sd.name store_name, p.project_name,
    (select coalesce(array_agg(u.realname order by u.user_id), '{}') from sys_user u where u.user_id = any(r.staff_ids)) staff_names,
    r.effect, r.service, r.environment, r.content, r.follow_status, r.create_time,
    (select count(*)::int from sys_file f where f.owner_kind = ${REVIEW_FILES} and f.owner_id = r.review_id) photo_count,
    (select count(*)::int from clinic_coupon k where k.source = 'review' and k.source_id = r.review_id) coupon_count`,
  joins: sql`join clinic_review r on r.review_id = page.id
    join ${customers} c on c.customer_id = r.customer_id
    left join sys_dept sd on sd.dept_id = r.store_id
    left join crm_project p on p.project_id = r.project_id`,
  map: toRow,
});

function toRow(r: Record<string, unknown>): z.input<typeof reviewRowSchema> {
  return {
    reviewId: Number(r.review_id),
    customerId: Number(r.customer_id),
    customerName: text(r.customer_name),
    mobile: text(r.mobile),
    storeName: text(r.store_name),
    projectName: text(r.project_name),
    staffNames: (r.staff_names as string[]) ?? [],
    effect: Number(r.effect),
    service: Number(r.service),
    environment: Number(r.environment),
    content: text(r.content),
    photoCount: Number(r.photo_count),
    followStatus: Number(r.follow_status),
    couponCount: Number(r.coupon_count),
    createTime: r.create_time as Date,
  };
}

export async function queryReviewPage(db: Tx, user: SessionUser, input: ReviewListInput) {
  const { def, customers } = await reviewList(db, user);
  return listPage(
    db,
    def,
    { user, page: input.page, limit: input.limit, search: input.search, where: filterConditions(input) },
    rowView(customers),
  );
}

/** The review's customer, checked against the viewer's scope (无权访问 otherwise). */
export async function reviewCustomer(db: Tx, user: SessionUser, reviewId: number) {
  const [r] = await queryRows<{ customer_id: number }>(
    db,
    sql`select customer_id from clinic_review where review_id = ${reviewId}`,
  );
  if (!r) throw notFound(ReviewMsg.reviewMissing);
  await loadRecord(db, customerServerKind, user, Number(r.customer_id), 'read');
  return Number(r.customer_id);
}

export async function reviewDetail(db: Tx, user: SessionUser, reviewId: number) {
  await reviewCustomer(db, user, reviewId);
  const { def, customers } = await reviewList(db, user);
  const page = await listPage(
    db,
    def,
    { user, page: 1, limit: 1, where: [sql`r.review_id = ${reviewId}`] },
    rowView(customers),
  );
  const row = page.list[0];
  if (!row) throw notFound(ReviewMsg.reviewMissing);
  const [extra] = await queryRows<{ visit_id: number | null; treated: Date }>(
    db,
    sql`select r.visit_id, t.create_time treated from clinic_review r join clinic_treatment t using (treatment_id)
      where r.review_id = ${reviewId}`,
  );
  const photos = await queryRows<{ file_id: number; storage_key: string }>(
    db,
    sql`select file_id, storage_key from sys_file where owner_kind = ${REVIEW_FILES} and owner_id = ${reviewId} order by file_id`,
  );
  return {
    ...row,
    visitId: extra?.visit_id == null ? null : Number(extra.visit_id),
    treatmentTime: extra!.treated,
    photos: photos.map((p) => ({ fileId: Number(p.file_id), url: fileViewUrl(p.storage_key) })),
    coupons: await customerCouponRows(db, sql`source = 'review' and source_id = ${reviewId}`),
  };
}

const EXPORT_BATCH = 1000;

/** The filtered list as 顾客评价.xlsx: the same rows and scope as the page, a batch at a time. */
export async function exportReviews(db: Tx, user: SessionUser, input: ReviewExportInput, reply: FastifyReply) {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('顾客评价');
  sheet.columns = [
    { header: '评价时间', key: 'time', width: 20 },
    { header: '顾客', key: 'customer', width: 14 },
    { header: '手机号', key: 'mobile', width: 14 },
    { header: '门店', key: 'store', width: 14 },
    { header: '项目', key: 'project', width: 16 },
    { header: '服务人员', key: 'staff', width: 18 },
    { header: '效果', key: 'effect', width: 6 },
    { header: '服务', key: 'service', width: 6 },
    { header: '环境', key: 'environment', width: 6 },
    { header: '评价内容', key: 'content', width: 40 },
    { header: '照片', key: 'photos', width: 6 },
    { header: '跟进', key: 'follow', width: 10 },
  ];
  sheet.getRow(1).font = { bold: true };
  const { def, customers } = await reviewList(db, user);
  const view = rowView(customers);
  for (let page = 1; ; page++) {
    const batch = await listPage(
      db,
      def,
      { user, page, limit: EXPORT_BATCH, search: input.search, where: filterConditions(input) },
      view,
    );
    for (const r of batch.list)
      sheet.addRow({
        time: timeText(r.createTime) ?? '',
        customer: r.customerName,
        mobile: r.mobile,
        store: r.storeName,
        project: r.projectName,
        staff: r.staffNames.join('、'),
        effect: r.effect,
        service: r.service,
        environment: r.environment,
        content: r.content,
        photos: r.photoCount,
        follow: followStatusNames[r.followStatus] ?? '',
      });
    if (batch.list.length < EXPORT_BATCH) break;
  }
  const day = formatTime(new Date()).slice(0, 10);
  return sendWorkbook(reply, `顾客评价_${day}.xlsx`, await workbook.xlsx.writeBuffer());
}
