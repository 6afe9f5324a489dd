import { CustomerCallMsg, type CustomerSettingInput } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { badRequest, notFound } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import { timeText } from '../../core/times.ts';
import type { Tx } from '../../db/client.ts';
import { inList } from '../../org/sql-lists.ts';

/**
 * The customer limits (`crm_customer_setting`, DECISIONS "CRM" pool): how many customers the
 * named users and departments may own (type 1) or keep locked (type 2). The pool's receive and
 * distribute read them; these calls list, save and delete them.
 */

type SettingRow = {
  id: number;
  setting_name: string;
  type: number;
  customer_num: number;
  custom_deal: number;
  user_ids: number[];
  dept_ids: number[];
  create_time: Date | string;
  total: number;
};

export async function listCustomerSettings(db: Tx, input: { type: number; page: number; limit: number }) {
  const offset = (input.page - 1) * input.limit;
  const rows = await queryRows<SettingRow>(
    db,
    sql`select s.*, count(*) over() as total from crm_customer_setting s
        where s.type = ${input.type}
        order by s.id desc limit ${input.limit} offset ${offset}`,
  );
  const userIds = [...new Set(rows.flatMap((r) => r.user_ids.map(Number)))];
  const deptIds = [...new Set(rows.flatMap((r) => r.dept_ids.map(Number)))];
  const [users, depts] = await Promise.all([
    userIds.length
      ? queryRows<{ user_id: number; realname: string }>(
          db,
          sql`select user_id, realname from sys_user where user_id in ${inList(userIds)}`,
        )
      : [],
    deptIds.length
      ? queryRows<{ dept_id: number; name: string }>(
          db,
          sql`select dept_id, name from sys_dept where dept_id in ${inList(deptIds)}`,
        )
      : [],
  ]);
  const userName = new Map(users.map((u) => [Number(u.user_id), u.realname]));
  const deptName = new Map(depts.map((d) => [Number(d.dept_id), d.name]));
  let totalRow = rows.length ? Number(rows[0]!.total) : 0;
  if (!rows.length && offset > 0) {
    const [c] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from crm_customer_setting where type = ${input.type}`,
    );
    totalRow = Number(c?.n ?? 0);
  }
  return {
    list: rows.map((r) => ({
      settingId: Number(r.id),
      settingName: r.setting_name,
      type: Number(r.type),
      customerNum: Number(r.customer_num),
      customDeal: Number(r.custom_deal),
      users: r.user_ids
        .map(Number)
        .filter((id) => userName.has(id))
        .map((id) => ({ userId: id, realname: userName.get(id)! })),
      depts: r.dept_ids
        .map(Number)
        .filter((id) => deptName.has(id))
        .map((id) => ({ id, name: deptName.get(id)! })),
      createTime: timeText(r.create_time)!,
    })),
    totalRow,
    page: input.page,
    limit: input.limit,
  };
}

/** Every named user and department must exist, so a limit never silently covers nobody. */
async function checkTargets(db: Tx, input: CustomerSettingInput) {
  const users = [...new Set(input.userIds)];
  const depts = [...new Set(input.deptIds)];
  if (users.length) {
    const [c] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from sys_user where user_id in ${inList(users)}`,
    );
    if (Number(c?.n) !== users.length) throw badRequest(CustomerCallMsg.settingUsersInvalid);
  }
  if (depts.length) {
    const [c] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from sys_dept where dept_id in ${inList(depts)}`,
    );
    if (Number(c?.n) !== depts.length) throw badRequest(CustomerCallMsg.settingDeptsInvalid);
  }
  return { users, depts };
}

const intArray = (ids: number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

export async function saveCustomerSetting(db: Tx, input: CustomerSettingInput) {
  const { users, depts } = await checkTargets(db, input);
  const values = sql`${input.settingName}, ${input.type}, ${input.customerNum}, ${input.customDeal},
    ${intArray(users)}, ${intArray(depts)}`;
  if (input.settingId === undefined) {
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`insert into crm_customer_setting (setting_name, type, customer_num, custom_deal, user_ids, dept_ids)
          values (${values}) returning id`,
    );
    return { settingId: Number(row!.id) };
  }
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`update crm_customer_setting
        set (setting_name, type, customer_num, custom_deal, user_ids, dept_ids) = (${values})
        where id = ${input.settingId} returning id`,
  );
  if (!row) throw notFound(CustomerCallMsg.settingNotFound);
  return { settingId: Number(row.id) };
}

export async function deleteCustomerSetting(db: Tx, settingId: number) {
  const rows = await queryRows(db, sql`delete from crm_customer_setting where id = ${settingId} returning id`);
  if (!rows.length) throw notFound(CustomerCallMsg.settingNotFound);
  return null;
}
