import { sql } from 'drizzle-orm';
import { queryRows } from '../core/sql.ts';
import type { Db } from '../db/client.ts';
import type { SessionUser } from './session.ts';

export type Profile = {
  userId: number;
  username: string;
  realname: string;
  img: string;
  mobile: string;
  email: string;
  sex: number;
  num: string;
  post: string;
  deptId: number | null;
  deptName: string;
  parentId: number | null;
  parentName: string;
  roleNames: string;
  isAdmin: boolean;
  lastLoginTime: string | null;
};

/** The signed-in user as the personal center and the shell show them. */
export async function loadProfile(db: Db, user: SessionUser): Promise<Profile> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`
    select u.user_id, u.username, u.realname, u.img, u.mobile, u.email, u.sex, u.num, u.post,
           u.dept_id, coalesce(d.name, '') as dept_name, u.parent_id, coalesce(p.realname, '') as parent_name,
           coalesce((select string_agg(r.role_name, ',' order by r.role_id) from sys_user_role ur
                     join sys_role r on r.role_id = ur.role_id where ur.user_id = u.user_id), '') as role_names,
           u.last_login_time
    from sys_user u
    left join sys_dept d on d.dept_id = u.dept_id
    left join sys_user p on p.user_id = u.parent_id
    where u.user_id = ${user.userId}`,
  );
  const r = rows[0] ?? {};
  const lastLogin = r.last_login_time ? new Date(r.last_login_time as string).toISOString() : null;
  return {
    userId: Number(r.user_id),
    username: String(r.username),
    realname: String(r.realname),
    img: String(r.img ?? ''),
    mobile: String(r.mobile ?? ''),
    email: String(r.email ?? ''),
    sex: Number(r.sex ?? 0),
    num: String(r.num ?? ''),
    post: String(r.post ?? ''),
    deptId: r.dept_id === null ? null : Number(r.dept_id),
    deptName: String(r.dept_name),
    parentId: r.parent_id === null ? null : Number(r.parent_id),
    parentName: String(r.parent_name),
    roleNames: String(r.role_names),
    isAdmin: user.isSuper,
    lastLoginTime: lastLogin,
  };
}
