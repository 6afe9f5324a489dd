import { type AgencyFindPageInput, type AgencyRow, agencyPermitted, agencyTypes } from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { queryRows } from '../../core/sql.ts';
import { timeText } from '../../core/times.ts';
import type { Tx } from '../../db/client.ts';

type Row = Record<string, unknown>;

function toRow(r: Row, me: number): AgencyRow {
  const status = Number(r.status);
  const userId = Number(r.user_id);
  const createUserId = Number(r.create_user_id);
  const typeCode = Number(r.type_code);
  return {
    agencyId: Number(r.agency_id),
    customerId: Number(r.customer_id),
    customerName: String(r.customer_name ?? ''),
    typeCode,
    typeName: agencyTypes.find((t) => t.code === typeCode)?.name ?? '',
    content: String(r.content),
    status,
    marked: Boolean(r.marked),
    deadline: timeText(r.deadline),
    result: String(r.result),
    userId,
    userName: String(r.user_name ?? ''),
    createUserId,
    createUserName: String(r.create_user_name ?? ''),
    acceptTime: timeText(r.accept_time),
    completeTime: timeText(r.complete_time),
    createTime: timeText(r.create_time)!,
    permitted: agencyPermitted({ status, isAssignee: userId === me, isAssigner: createUserId === me }),
  };
}

/**
 * `findPage`: tasks handed to me (type 1) or by me (type 2), newest first, paged in SQL; the
 * viewer's side of the task is the scope (an advisor sees the customer's name through the task).
 */
export async function findAgencyPage(db: Tx, user: SessionUser, input: AgencyFindPageInput) {
  const me = user.userId;
  const where: SQL[] = [input.type === 1 ? sql`a.user_id = ${me}` : sql`a.create_user_id = ${me}`];
  if (input.status) where.push(sql`a.status = ${input.status}`);
  if (input.typeCode) where.push(sql`a.type_code = ${input.typeCode}`);
  if (input.marked) where.push(sql`a.marked`);
  if (input.search) {
    const like = `%${input.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`(c.customer_name ilike ${like} or a.content ilike ${like})`);
  }
  const cond = sql.join(where, sql` and `);
  const [rows, [total]] = await Promise.all([
    queryRows<Row>(
      db,
      sql`select a.*, c.customer_name, u.realname as user_name, cu.realname as create_user_name
          from crm_customer_agency a
          left join crm_customer c on c.customer_id = a.customer_id
          left join sys_user u on u.user_id = a.user_id
          left join sys_user cu on cu.user_id = a.create_user_id
          where ${cond}
          order by a.create_time desc, a.agency_id desc
          limit ${input.limit} offset ${(input.page - 1) * input.limit}`,
    ),
    queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from crm_customer_agency a
          left join crm_customer c on c.customer_id = a.customer_id where ${cond}`,
    ),
  ]);
  return { list: rows.map((r) => toRow(r, me)), totalRow: Number(total?.n ?? 0), page: input.page, limit: input.limit };
}
