import { BiMsg, DataScope } from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../auth/session.ts';
import { dataScopeFor, visibleUserIdsSql } from '../core/data-scope.ts';
import { badRequest, forbidden } from '../core/errors.ts';
import { queryRows } from '../core/sql.ts';
import type { Tx } from '../db/client.ts';
import { deptAndDescendantsSql } from '../org/tree.ts';

/**
 * Whose figures a statistics call counts: the users the viewer may see under the data scope of
 * the roles granting the page's `bi` permission (a manager their subtree, a rep themselves),
 * narrowed to the department (with its sub-departments) or the user asked for. A department
 * outside the viewer's own department subtree, or a user the viewer may not see, is refused, not
 * quietly answered with zeros. Answers a subquery of user ids, or null for everyone (whose rows
 * then include those without an owner).
 */
export async function scopedUsers(
  db: Tx,
  user: SessionUser,
  permission: string,
  filter: { deptId?: number; userId?: number },
): Promise<SQL | null> {
  const scope = dataScopeFor(user, permission);
  const visible = visibleUserIdsSql(user, scope);
  if (filter.userId !== undefined) {
    const [row] = await queryRows<{ ok: boolean }>(
      db,
      sql`select ${visible ? sql`${filter.userId}::int = any(array(${visible}))` : sql`true`} as ok
        from sys_user where user_id = ${filter.userId}`,
    );
    if (!row) throw badRequest(BiMsg.userInvalid);
    if (!row.ok) throw forbidden(BiMsg.userOutOfScope);
    return sql`select ${filter.userId}::int`;
  }
  if (filter.deptId !== undefined) {
    const [row] = await queryRows<{ ok: boolean }>(
      db,
      sql`select ${
        scope === DataScope.all ? sql`true` : sql`dept_id in (${deptAndDescendantsSql(user.deptId)})`
      } as ok from sys_dept where dept_id = ${filter.deptId}`,
    );
    if (!row) throw badRequest(BiMsg.deptNotFound);
    if (!row.ok) throw forbidden(BiMsg.deptOutOfScope);
    const inDept = sql`select user_id from sys_user where dept_id in (${deptAndDescendantsSql(filter.deptId)})`;
    return visible ? sql`select * from (${inDept}) a intersect select * from (${visible}) b` : inDept;
  }
  return visible;
}
