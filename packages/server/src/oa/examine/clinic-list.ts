import type { ClinicExamineRow, ClinicExamineTab, PageResult } from '@crm/shared';
import { fenOf } from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows } from '../../core/sql.ts';
import type { Db } from '../../db/client.ts';

/**
 * The clinic's approvals (折扣审批, 退费审核) in the approval center. They run on the same engine
 * but have no OA form (their subject is an order or a refund), so the OA tabs' queries leave them
 * out and this one lists them per tab, with the customer and amount the approver decides on.
 * Like the OA tabs it is the viewer's own rows only: the roles' data scope neither widens nor
 * narrows them (being named in the flow is what lets the approver read this one approval).
 */
const CLINIC = sql`('clinic_discount', 'clinic_refund')`;
const handledKinds = sql`('approve', 'reject', 'transfer', 'addBefore', 'addAfter', 'return')`;

/** The viewer's clinic records of a tab, with when each reached them (`at`). */
function recordsOf(tab: ClinicExamineTab, me: number): SQL {
  switch (tab) {
    case 'waiting':
      return sql`select t.record_id, max(t.create_time) as at from examine_task t
                 where t.user_id = ${me} and t.status = 'pending' and not t.superseded group by t.record_id`;
    case 'handled':
      return sql`select l.record_id, max(l.create_time) as at from examine_log l
                 where l.user_id = ${me} and l.kind in ${handledKinds} group by l.record_id`;
    case 'copied':
      return sql`select cc.record_id, cc.create_time as at from examine_cc cc where cc.user_id = ${me}`;
    case 'initiate':
      return sql`select r.record_id, r.update_time as at from examine_record r
                 where r.applicant_id = ${me} and r.subject_type in ${CLINIC}`;
  }
}

type Row = {
  record_id: number;
  subject_type: 'clinic_discount' | 'clinic_refund';
  subject_id: number;
  category_title: string | null;
  customer_name: string | null;
  title: string | null;
  amount: string | null;
  sessions: number | null;
  status: number;
  applicant_name: string | null;
  current_approvers: string | null;
  submit_time: Date;
};

export async function clinicExamines(
  db: Db,
  me: number,
  input: { tab: ClinicExamineTab; page: number; limit: number },
): Promise<PageResult<ClinicExamineRow>> {
  const mine = sql`(${recordsOf(input.tab, me)}) s join examine_record r on r.record_id = s.record_id
    and r.subject_type in ${CLINIC}`;
  const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${mine}`);
  const rows = await queryRows<Row>(
    db,
    sql`select r.record_id, r.subject_type, r.subject_id, r.status, r.update_time as submit_time,
          cat.title as category_title, au.realname as applicant_name,
          coalesce(oc.customer_name, fc.customer_name) as customer_name,
          coalesce(o.order_number, d.name) as title,
          coalesce(o.payable, f.amount) as amount, coalesce(f.sessions, 0) as sessions,
          (select string_agg(pu.realname, '、' order by t.seq) from examine_task t join sys_user pu on pu.user_id = t.user_id
            where t.record_id = r.record_id and t.status = 'pending' and not t.superseded) as current_approvers
        from ${mine}
        left join oa_examine_category cat on cat.category_id = r.category_id
        left join sys_user au on au.user_id = r.applicant_id
        left join clinic_order o on r.subject_type = 'clinic_discount' and o.order_id = r.subject_id
        left join crm_customer oc on oc.customer_id = o.customer_id
        left join clinic_refund f on r.subject_type = 'clinic_refund' and f.refund_id = r.subject_id
        left join crm_customer fc on fc.customer_id = f.customer_id
        left join crm_customer_project_deal_record d on d.deal_id = f.deal_id
        order by s.at desc, r.record_id desc
        limit ${input.limit} offset ${(input.page - 1) * input.limit}`,
  );
  const totalRow = Number(count?.n ?? 0);
  return {
    list: rows.map((r) => ({
      recordId: Number(r.record_id),
      subjectType: r.subject_type,
      subjectId: Number(r.subject_id),
      categoryTitle: r.category_title ?? (r.subject_type === 'clinic_discount' ? '折扣审批' : '退费审核'),
      customerName: r.customer_name ?? '',
      title: r.title ?? '',
      amount: r.amount === null ? 0 : fenOf(String(r.amount)),
      sessions: Number(r.sessions ?? 0),
      status: Number(r.status),
      applicantName: r.applicant_name ?? '',
      currentApprovers: r.current_approvers ?? '',
      submitTime: r.submit_time,
    })),
    totalRow,
    page: input.page,
    limit: input.limit,
  };
}

/** The clinic part of each tab's count (queryExamineCounts adds it to the OA count). */
export const clinicCountSql = (tab: ClinicExamineTab, me: number): SQL =>
  sql`(select count(*)::int from (${recordsOf(tab, me)}) s join examine_record r on r.record_id = s.record_id
      and r.subject_type in ${CLINIC})`;

/** Unread copies of clinic approvals (the 抄送我的 badge). */
export const clinicUnreadSql = (me: number): SQL =>
  sql`(select count(*)::int from examine_cc cc join examine_record r on r.record_id = cc.record_id
      and r.subject_type in ${CLINIC} where cc.user_id = ${me} and cc.read_time is null)`;
