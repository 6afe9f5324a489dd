import { type DoctorRow, fenOf, type MakeQueryInput, type MakeRow } from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { listPage } from '../../core/list/builder.ts';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import { customerRecordList, ownedCustomer, text, withinDays } from '../cashier/scope.ts';

/**
 * `querySubordinateProjectPlus` (/crm/make, 成交查询): the deal records of the customers whose
 * owner is in the viewer's customer scope (mine and my subordinates'), or on whose team the viewer
 * is, newest first, paginated in SQL. Customers are read through `readableTable`, so a hidden name
 * is neither shown nor found.
 */
export async function queryMadeDeals(db: Tx, user: SessionUser, input: MakeQueryInput) {
  const { def: list, customers } = await customerRecordList(db, user, {
    from: sql`crm_customer_project_deal_record d`,
    customerColumn: sql`d.customer_id`,
    id: sql`d.deal_id`,
    fields: { createTime: { sql: sql`d.create_time`, type: 'date' } },
    search: [sql`c.customer_name`, sql`d.name`],
    defaultSort: [{ field: 'createTime', order: 'desc' }],
  });
  return listPage(
    db,
    list,
    {
      user,
      page: input.page,
      limit: input.limit,
      search: input.search,
      where: [
        ownedCustomer,
        ...withinDays(sql`d.create_time`, input.from, input.to),
        input.projectId ? sql`d.project_id = ${input.projectId}` : undefined,
        input.customerId ? sql`d.customer_id = ${input.customerId}` : undefined,
        input.ownerUserId ? sql`c.owner_user_id = ${input.ownerUserId}` : undefined,
        input.status ? sql`d.status = ${input.status}` : undefined,
        input.kind ? sql`d.kind = ${input.kind}` : undefined,
      ],
    },
    {
      columns: sql`d.deal_id, d.customer_id, c.customer_name, c.owner_user_id, u.realname owner_name, d.project_id, d.name,
        o.order_number, d.sessions_bought, d.sessions_used, d.sessions_left, d.deal_value,
        d.paid_cash + d.paid_principal + d.paid_gift + d.paid_coupon paid, d.arrears, d.kind, d.status, d.expires_on,
        d.create_time`,
      joins: sql`join crm_customer_project_deal_record d on d.deal_id = page.id
        join ${customers} c on c.customer_id = d.customer_id
        left join sys_user u on u.user_id = c.owner_user_id
        left join clinic_order o on o.order_id = d.order_id`,
      map: (r: Record<string, unknown>): MakeRow => ({
        dealId: Number(r.deal_id),
        customerId: Number(r.customer_id),
        customerName: text(r.customer_name),
        ownerUserId: r.owner_user_id == null ? null : Number(r.owner_user_id),
        ownerName: text(r.owner_name),
        projectId: Number(r.project_id),
        name: text(r.name),
        orderNumber: r.order_number == null ? null : text(r.order_number),
        sessionsBought: Number(r.sessions_bought),
        sessionsUsed: Number(r.sessions_used),
        sessionsLeft: Number(r.sessions_left),
        dealValue: fenOf(text(r.deal_value)),
        paid: fenOf(text(r.paid)),
        arrears: fenOf(text(r.arrears)),
        kind: Number(r.kind),
        status: Number(r.status),
        expiresOn: r.expires_on == null ? null : text(r.expires_on).slice(0, 10),
        createTime: r.create_time as string,
      }),
    },
  );
}

/** `queryDoctorList`: the enabled doctors of doctorManage whose user is active, by the setting's order. */
export async function doctorList(db: Tx, deptId?: number): Promise<DoctorRow[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select d.doctor_id, d.user_id, u.realname, d.title, d.dept_id, coalesce(dp.name, '') dept_name, d.bookable
        from clinic_doctor d join sys_user u on u.user_id = d.user_id and u.status = 1
        left join sys_dept dp on dp.dept_id = d.dept_id
        where d.enabled ${deptId ? sql`and d.dept_id = ${deptId}` : sql``}
        order by d.sort, d.doctor_id`,
  );
  return rows.map((r) => ({
    doctorId: Number(r.doctor_id),
    userId: Number(r.user_id),
    name: text(r.realname),
    title: text(r.title),
    deptId: r.dept_id == null ? null : Number(r.dept_id),
    deptName: text(r.dept_name),
    bookable: Boolean(r.bookable),
  }));
}
