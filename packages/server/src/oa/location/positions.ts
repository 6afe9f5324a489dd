import type { positionQuerySchema, positionUploadSchema, positionUserSearchSchema } from '@crm/shared';
import { LocationMsg, type Person, PositionType } from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser } from '../../auth/session.ts';
import { dataScopeFor, visibleUserIdsSql } from '../../core/data-scope.ts';
import { forbidden, notFound } from '../../core/errors.ts';
import { containsPattern } from '../../core/list/like.ts';
import { queryRows } from '../../core/sql.ts';
import { timeText } from '../../core/times.ts';
import type { Tx } from '../../db/client.ts';
import { people } from '../../org/names.ts';

export const VIEW = 'oa:location:view';

/** Store the session user's own position; the same moment twice (a retried upload) is one row. */
export async function uploadPosition(db: Tx, user: SessionUser, input: z.infer<typeof positionUploadSchema>) {
  const at = input.synchronizationTime ?? new Date();
  const [row] = await queryRows<{ position_id: number }>(
    db,
    sql`insert into oa_position (user_id, type, longitude, latitude, synchronization_time)
        values (${user.userId}, ${PositionType.staff}, ${input.longitude}, ${input.latitude}, ${at.toISOString()})
        on conflict (user_id, synchronization_time)
        do update set longitude = excluded.longitude, latitude = excluded.latitude
        returning position_id`,
  );
  return { id: Number(row!.position_id) };
}

/** The users whose positions the viewer may see: their data scope for `oa:location:view`. */
const scopeOf = (user: SessionUser) => visibleUserIdsSql(user, dataScopeFor(user, VIEW));

/** People of a type within the viewer's scope, by name or account, ten at a time by default. */
export async function searchPositionUsers(db: Tx, user: SessionUser, input: z.infer<typeof positionUserSearchSchema>) {
  const scope = scopeOf(user);
  const text = input.search?.trim();
  const where = sql.join(
    [
      sql`u.status = 1`,
      scope ? sql`u.user_id in (${scope})` : undefined,
      text ? sql`(u.realname ilike ${containsPattern(text)} or u.username ilike ${containsPattern(text)})` : undefined,
    ].filter((c) => c !== undefined),
    sql` and `,
  );
  const rows = await queryRows<{
    user_id: number;
    realname: string;
    img: string;
    dept_name: string | null;
    total: number;
  }>(
    db,
    sql`select u.user_id, u.realname, u.img, d.name as dept_name, count(*) over() as total
        from sys_user u left join sys_dept d on d.dept_id = u.dept_id
        where ${where}
        order by u.realname, u.user_id
        limit ${input.limit} offset ${(input.page - 1) * input.limit}`,
  );
  const list: Person[] = rows.map((r) => ({
    userId: Number(r.user_id),
    realname: r.realname,
    img: r.img ?? '',
    deptName: r.dept_name ?? '',
  }));
  return { list, totalRow: rows.length ? Number(rows[0]!.total) : 0, page: input.page, limit: input.limit };
}

/** One person's positions between two times (spec 7.6), in time order; refused outside the scope. */
export async function queryPositions(db: Tx, user: SessionUser, input: z.infer<typeof positionQuerySchema>) {
  const who = (await people(db, [input.userId])).get(input.userId);
  if (!who) throw notFound(LocationMsg.userNotFound);
  const scope = scopeOf(user);
  if (scope) {
    const [inScope] = await queryRows(db, sql`select 1 from (${scope}) s(user_id) where s.user_id = ${input.userId}`);
    if (!inScope) throw forbidden();
  }
  const rows = await queryRows<{
    position_id: number;
    longitude: number;
    latitude: number;
    synchronization_time: string;
  }>(
    db,
    sql`select position_id, longitude, latitude, synchronization_time from oa_position
        where user_id = ${input.userId}
          and synchronization_time between ${input.startTime.toISOString()} and ${input.endTime.toISOString()}
        order by synchronization_time, position_id
        limit 5000`,
  );
  return {
    positions: rows.map((r) => ({
      id: Number(r.position_id),
      longitude: Number(r.longitude),
      latitude: Number(r.latitude),
      synchronizationTime: timeText(r.synchronization_time)!,
    })),
    userInfo: who,
  };
}
