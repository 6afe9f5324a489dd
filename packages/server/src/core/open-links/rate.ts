import { OpenLinkMsg, ResultCode } from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../errors.ts';
import { queryRows } from '../sql.ts';

/**
 * Open calls per client address and purpose within a minute. Generous for a person (a wall screen
 * polls twice a minute, a wheel is spun a few times) and a wall for anyone trying tokens. Counted
 * in the database so every server process shares one count.
 */
export const OPEN_RATE = { perMinute: 60 } as const;

/** Count one call; refuse (429 in the body) past the limit. */
export async function countOpenHit(db: Db, purpose: string, address: string, limit: number = OPEN_RATE.perMinute) {
  const key = `${purpose}@${address}`.slice(0, 120);
  const [row] = await queryRows<{ hits: number }>(
    db,
    sql`insert into sys_open_hit as h (key, window_start, hits) values (${key}, now(), 1)
        on conflict (key) do update set
          hits = case when h.window_start < now() - interval '1 minute' then 1 else h.hits + 1 end,
          window_start = case when h.window_start < now() - interval '1 minute' then now() else h.window_start end
        returning hits`,
  );
  if ((row?.hits ?? 0) > limit) throw new AppError(ResultCode.tooMany, OpenLinkMsg.tooMany);
  // Now and then forget old windows, so the table holds only the last minute's visitors.
  if (Math.random() < 0.01)
    await db.execute(sql`delete from sys_open_hit where window_start < now() - interval '5 minutes'`);
}
