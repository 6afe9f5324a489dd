import { type SQL, sql } from 'drizzle-orm';

/**
 * The organisation's recursive queries, each a subquery of one id column: use them as
 * `x in (${subquery})`, so the database walks the tree, not the application.
 */

/** `userId` and everyone below them on the supervisor chain (`user_id`). */
export const selfAndSubordinatesSql = (userId: number): SQL => sql`with recursive sub(user_id) as (
    select ${userId}::int
    union
    select u.user_id from sys_user u join sub on u.parent_id = sub.user_id
  ) select user_id from sub`;

/** The departments `roots` selects (a subquery of one id column) and every department below them (`dept_id`). */
export const deptsAndDescendantsSql = (roots: SQL): SQL => sql`with recursive d(dept_id) as (
    ${roots}
    union
    select c.dept_id from sys_dept c join d on c.pid = d.dept_id
  ) select dept_id from d`;

/** `deptId` and every department below it (`dept_id`); none for a null department. */
export const deptAndDescendantsSql = (deptId: number | null): SQL =>
  deptsAndDescendantsSql(sql`select ${deptId ?? -1}::int`);

/**
 * Is the person of `sys_user` alias `u` reached by what is assigned to departments or people
 * (a declaration task, a quiz, a notice): named among `userIds`, or in a department `deptIds`
 * names or below it? Both are subqueries of one id column. Whether they are active is the caller's.
 */
export const assignedToSql = (u: string, named: { userIds: SQL; deptIds: SQL }): SQL =>
  sql`(${sql.identifier(u)}.user_id in (${named.userIds})
    or ${sql.identifier(u)}.dept_id in (${deptsAndDescendantsSql(named.deptIds)}))`;

/** The active people (`user_id`, `dept_id`) what is assigned to departments or people reaches (`assignedToSql`). */
export const assignedPeopleSql = (named: { userIds: SQL; deptIds: SQL }): SQL =>
  sql`select u.user_id, u.dept_id from sys_user u where u.status = 1 and ${assignedToSql('u', named)}`;

/** `deptId` and every department above it (`dept_id`); none for a null or unknown department. */
export const deptAndAncestorsSql = (deptId: number | null): SQL => sql`with recursive up(dept_id, pid) as (
    select dept_id, pid from sys_dept where dept_id = ${deptId ?? -1}
    union
    select p.dept_id, p.pid from sys_dept p join up on p.dept_id = up.pid
  ) select dept_id from up`;
