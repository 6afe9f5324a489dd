import { NoticeMsg } from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { hasPermission } from '../../core/access.ts';
import { dataScopeFor, visibleUserIdsSql } from '../../core/data-scope.ts';
import { forbidden, notFound } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import { deptAndAncestorsSql } from '../../org/tree.ts';

/**
 * Who sees a notice (docs/decisions.md, "Notices"): its readers while its window is open (the
 * whole company, the people named, the members of a named department or of any department
 * below it), its author always, and whoever may edit or delete it (the permission, with the
 * author inside that permission's data scope) always.
 */

/** The notice (alias `n`) is published to `user`. */
export const addressedTo = (user: SessionUser): SQL => sql`(n.to_all
  or exists (select 1 from oa_announcement_user nu where nu.announcement_id = n.announcement_id and nu.user_id = ${user.userId})
  or exists (select 1 from oa_announcement_dept nd where nd.announcement_id = n.announcement_id
    and nd.dept_id in (${deptAndAncestorsSql(user.deptId)})))`;

/** The window is open now. */
export const liveNow = sql`(n.start_time <= now() and (n.end_time is null or n.end_time >= now()))`;

/** `user` may `action` the notice: the permission and its author within that permission's scope; false without it. */
export function managesSql(user: SessionUser, action: 'update' | 'delete'): SQL {
  const key = `oa:notice:${action}`;
  if (!hasPermission(user, key)) return sql`false`;
  const sub = visibleUserIdsSql(user, dataScopeFor(user, key));
  return sub ? sql`(n.create_user_id in (${sub}))` : sql`true`;
}

/** What `user` may see: the rule above as one condition over alias `n`. */
export const visibleSql = (user: SessionUser): SQL =>
  sql`(n.create_user_id = ${user.userId} or (${liveNow} and ${addressedTo(user)})
    or ${managesSql(user, 'update')} or ${managesSql(user, 'delete')})`;

/** A reader who has not opened it: published to me, open now, not mine, no read row. */
export const unreadSql = (user: SessionUser): SQL => sql`(${liveNow} and ${addressedTo(user)}
  and n.create_user_id <> ${user.userId}
  and not exists (select 1 from oa_announcement_read r where r.announcement_id = n.announcement_id and r.user_id = ${user.userId}))`;

export type NoticeAccess = {
  id: number;
  createUserId: number;
  batchId: string;
  visible: boolean;
  reader: boolean;
  update: boolean;
  delete: boolean;
};

/** How `user` stands to a live notice; a deleted or unknown one is 公告不存在. `lock` takes its row lock. */
export async function noticeAccess(tx: Tx, id: number, user: SessionUser, lock = false): Promise<NoticeAccess> {
  const [row] = await queryRows<Record<string, unknown>>(
    tx,
    sql`select n.announcement_id, n.create_user_id, n.batch_id,
          ${visibleSql(user)} as visible,
          (${liveNow} and ${addressedTo(user)}) as reader,
          ${managesSql(user, 'update')} as can_update,
          ${managesSql(user, 'delete')} as can_delete
        from oa_announcement n where n.announcement_id = ${id} and not n.is_deleted
        ${lock ? sql`for update of n` : sql``}`,
  );
  if (!row) throw notFound(NoticeMsg.notFound);
  return {
    id,
    createUserId: Number(row.create_user_id),
    batchId: String(row.batch_id),
    visible: row.visible === true,
    reader: row.reader === true,
    update: row.can_update === true,
    delete: row.can_delete === true,
  };
}

export async function visibleNotice(tx: Tx, id: number, user: SessionUser, lock = false) {
  const access = await noticeAccess(tx, id, user, lock);
  if (!access.visible) throw forbidden();
  return access;
}
