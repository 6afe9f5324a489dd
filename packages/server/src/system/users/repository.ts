import {
  DataScope,
  type PageResult,
  type SystemUser,
  type UserListInput,
  UserPageType,
  type UserPickerRow,
} from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { visibleUserIdsSql } from '../../core/data-scope.ts';
import { defineList, listPage } from '../../core/list/builder.ts';
import { queryRows } from '../../core/sql.ts';
import { timeText } from '../../core/times.ts';
import type { Tx } from '../../db/client.ts';
import { deptAndDescendantsSql, selfAndSubordinatesSql } from '../../org/tree.ts';

type UserRow = {
  user_id: number;
  username: string;
  realname: string;
  img: string;
  mobile: string;
  email: string;
  sex: number;
  num: string;
  post: string;
  status: number;
  dept_id: number | null;
  dept_name: string;
  parent_id: number | null;
  parent_name: string;
  role_ids: number[] | null;
  role_names: string;
  create_time: unknown;
  last_login_time: unknown;
};

/** Department, supervisor and roles of the rows `page` chose (joined for those rows only). */
const rowColumns = sql`u.user_id, u.username, u.realname, u.img, u.mobile, u.email, u.sex, u.num, u.post, u.status,
  u.dept_id, coalesce(d.name, '') as dept_name, u.parent_id, coalesce(p.realname, '') as parent_name,
  r.role_ids, coalesce(r.role_names, '') as role_names, u.create_time, u.last_login_time`;
const rowJoins = sql`
  left join sys_dept d on d.dept_id = u.dept_id
  left join sys_user p on p.user_id = u.parent_id
  left join lateral (
    select array_agg(ur.role_id order by ur.role_id) as role_ids,
           string_agg(ro.role_name, ',' order by ur.role_id) as role_names
    from sys_user_role ur join sys_role ro on ro.role_id = ur.role_id
    where ur.user_id = u.user_id
  ) r on true`;

/** The user list for those who manage users: chosen from sys_user alone, then joined for the page's rows. */
const userList = defineList({
  from: sql`sys_user u`,
  id: sql`u.user_id`,
  fields: {
    userId: { sql: sql`u.user_id`, type: 'number' },
    realname: { sql: sql`u.realname`, type: 'text' },
    username: { sql: sql`u.username`, type: 'text' },
    createTime: { sql: sql`u.create_time`, type: 'date' },
    lastLoginTime: { sql: sql`u.last_login_time`, type: 'date' },
  },
  search: [sql`u.realname`, sql`u.username`, sql`u.mobile`],
  defaultSort: [{ field: 'userId', order: 'asc' }],
  scope: {
    unscoped:
      'the organisation directory: any signed-in user picks colleagues from it; page types narrow it (1001 subordinates, 1002 needs manage:users:read)',
  },
});

/**
 * The same directory as every signed-in user's pickers see it: found and sorted by name only, so
 * a search or an order cannot tell a colleague's login name, mobile or last login either.
 */
const pickerList = defineList({
  from: sql`sys_user u`,
  id: sql`u.user_id`,
  fields: {
    userId: { sql: sql`u.user_id`, type: 'number' },
    realname: { sql: sql`u.realname`, type: 'text' },
  },
  search: [sql`u.realname`],
  defaultSort: [{ field: 'userId', order: 'asc' }],
  scope: {
    unscoped: 'the organisation directory: any signed-in user picks colleagues from it (name, department, post only)',
  },
});
const pickerColumns = sql`u.user_id, u.realname, u.img, u.post, u.status, u.dept_id, coalesce(d.name, '') as dept_name`;
const pickerJoins = sql`left join sys_dept d on d.dept_id = u.dept_id`;

function toPickerRow(r: UserRow): UserPickerRow {
  return {
    userId: Number(r.user_id),
    realname: r.realname,
    img: r.img ?? '',
    post: r.post ?? '',
    status: Number(r.status),
    deptId: r.dept_id === null ? null : Number(r.dept_id),
    deptName: r.dept_name,
  };
}

function toUser(r: UserRow): SystemUser {
  return {
    userId: Number(r.user_id),
    username: r.username,
    realname: r.realname,
    img: r.img ?? '',
    mobile: r.mobile ?? '',
    email: r.email ?? '',
    sex: Number(r.sex),
    num: r.num ?? '',
    post: r.post ?? '',
    status: Number(r.status),
    deptId: r.dept_id === null ? null : Number(r.dept_id),
    deptName: r.dept_name,
    parentId: r.parent_id === null ? null : Number(r.parent_id),
    parentName: r.parent_name,
    roleIds: (r.role_ids ?? []).map(Number),
    roleNames: r.role_names,
    createTime: timeText(r.create_time) ?? '',
    lastLoginTime: timeText(r.last_login_time),
  };
}

/** The where-conditions of a list request. The caller has checked the page type's access. */
function listConditions(user: SessionUser, input: UserListInput): SQL[] {
  const conds: SQL[] = [];
  if (input.pageType === UserPageType.all) {
    if (input.status !== undefined) conds.push(sql`u.status = ${input.status}`);
  } else {
    // Pickers and "my subordinates" offer only people who can still act.
    conds.push(sql`u.status = 1`);
  }
  if (input.pageType === UserPageType.myChild) {
    conds.push(sql`u.user_id in (${visibleUserIdsSql(user, DataScope.subordinates)})`);
    conds.push(sql`u.user_id <> ${user.userId}`);
  }
  if (input.deptId !== undefined) {
    conds.push(
      input.includeChildDepts
        ? sql`u.dept_id in (${deptAndDescendantsSql(input.deptId)})`
        : sql`u.dept_id = ${input.deptId}`,
    );
  }
  if (input.roleId !== undefined) {
    conds.push(sql`exists (select 1 from sys_user_role x where x.user_id = u.user_id and x.role_id = ${input.roleId})`);
  }
  return conds;
}

/** The full rows, for those who manage users (the caller checked manage:users:read). */
export async function listUsers(db: Tx, user: SessionUser, input: UserListInput): Promise<PageResult<SystemUser>> {
  return listPage(
    db,
    userList,
    { ...input, user, where: listConditions(user, input) },
    { columns: rowColumns, joins: sql`join sys_user u on u.user_id = page.id ${rowJoins}`, map: toUser },
  );
}

/** The picker rows every signed-in user may read. */
export async function listPickerUsers(
  db: Tx,
  user: SessionUser,
  input: UserListInput,
): Promise<PageResult<UserPickerRow>> {
  return listPage(
    db,
    pickerList,
    { ...input, user, where: listConditions(user, input) },
    { columns: pickerColumns, joins: sql`join sys_user u on u.user_id = page.id ${pickerJoins}`, map: toPickerRow },
  );
}

export async function findUser(db: Tx, userId: number): Promise<SystemUser | undefined> {
  const [row] = await queryRows<UserRow>(
    db,
    sql`select ${rowColumns} from sys_user u ${rowJoins} where u.user_id = ${userId}`,
  );
  return row ? toUser(row) : undefined;
}

/** Would `parentId` as supervisor of `userId` close a loop (itself or one of its subordinates)? */
export async function wouldCycleParent(db: Tx, userId: number, parentId: number): Promise<boolean> {
  const [row] = await queryRows<{ cycle: boolean }>(
    db,
    sql`select ${parentId}::int in (${selfAndSubordinatesSql(userId)}) as cycle`,
  );
  return row?.cycle === true;
}
