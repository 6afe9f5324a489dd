import { JournalMsg } from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { dataScopeFor, visibleUserIdsSql } from '../../core/data-scope.ts';
import { forbidden, notFound } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';

export const JOURNAL = 'oa:journal:use';

/**
 * Who reads a work log (docs/decisions.md, "Work logs"): its author, the people it was sent
 * to, and those whose role granting oa:journal:use has the author in its data scope (a
 * superior with a subordinates or department scope).
 */
export function inMyScopeSql(user: SessionUser, author: SQL): SQL {
  const sub = visibleUserIdsSql(user, dataScopeFor(user, JOURNAL));
  return sub ? sql`(${author} in (${sub}))` : sql`true`;
}

export const sentToSql = (user: SessionUser): SQL =>
  sql`exists (select 1 from oa_log_user lu where lu.log_id = l.log_id and lu.user_id = ${user.userId})`;

/** What `user` may read, over alias `l`. */
export const visibleLogSql = (user: SessionUser): SQL =>
  sql`(l.create_user_id = ${user.userId} or ${sentToSql(user)} or ${inMyScopeSql(user, sql`l.create_user_id`)})`;

export type LogAccess = { id: number; createUserId: number; batchId: string; recipient: boolean; mine: boolean };

/** A live log `user` may read; a deleted or unknown one is 日志不存在, one out of reach 无权访问. */
export async function visibleLog(tx: Tx, id: number, user: SessionUser, lock = false): Promise<LogAccess> {
  const [row] = await queryRows<Record<string, unknown>>(
    tx,
    sql`select l.log_id, l.create_user_id, l.batch_id, ${visibleLogSql(user)} as visible, ${sentToSql(user)} as recipient
        from oa_log l where l.log_id = ${id} and not l.is_deleted ${lock ? sql`for update of l` : sql``}`,
  );
  if (!row) throw notFound(JournalMsg.notFound);
  if (row.visible !== true) throw forbidden();
  const createUserId = Number(row.create_user_id);
  return {
    id,
    createUserId,
    batchId: String(row.batch_id),
    recipient: row.recipient === true,
    mine: createUserId === user.userId,
  };
}
