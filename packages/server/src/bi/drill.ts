import { type BiDrillInput, type BiDrillRow, BiMsg, measures } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { badRequest } from '../core/errors.ts';
import { queryRows } from '../core/sql.ts';
import { zoneSql } from '../core/times.ts';
import type { Tx } from '../db/client.ts';
import { groupingOf, type Prepared } from './analyze.ts';
import { groupKeySql, measureRows, sharedParts } from './query.ts';
import { withParts } from './readable.ts';
import { isTargetMeasure, sources } from './sources.ts';

/**
 * The records behind one figure: the same rows `measureFigures` counted for the analysis's
 * period, scope and condition, narrowed to the row's key (nothing more for the total's key ''),
 * one line per record with its part of the figure, newest first, paged. Every kind's table is
 * read as the viewer may read it (readable.ts): a hidden field is neither answered nor counted.
 */
export async function drillRows(db: Tx, p: Prepared, input: BiDrillInput) {
  const key = input.measure;
  const def = measures[key];
  if (!p.def.measures.includes(key) || def.drill === null || isTargetMeasure(key)) throw badRequest(BiMsg.noDrill);
  const source = sources[key as keyof typeof sources];
  const q = { source, period: p.period, users: p.users, extraWhere: p.extraWhere };
  const g = groupingOf(p);
  const narrow = input.key === '' || g.by === 'none' ? undefined : sql`${groupKeySql(q, g)} = ${input.key}`;
  const day =
    source.timeKind === 'instant'
      ? sql`to_char(min(${source.time}) at time zone ${zoneSql()}, 'YYYY-MM-DD')`
      : sql`to_char(min(${source.time}), 'YYYY-MM-DD')`;
  // A record adds its parts up for an amount; counted once otherwise (several follow-ups, one customer).
  const part = def.aggregate === 'sum' ? sql`sum(${source.drill.value})` : sql`max(${source.drill.value})`;
  const offset = (input.page - 1) * input.limit;
  // Customers come with their phone (a segment's list is one to call), read like every field of
  // the drill through the viewer's readable tables: hidden, it is ''.
  const customerRows = source.drill.kind === 'customer';
  const rows = await queryRows<{
    id: number;
    name: string;
    owner_name: string | null;
    day: string;
    value: string | number;
    total: string | number;
    mobile?: string | null;
  }>(
    db,
    withParts(
      [...p.tables, ...sharedParts([q])],
      sql`select x.*, u.realname as owner_name ${customerRows ? sql`, cm.mobile` : sql``} from (
        select ${source.drill.id} as id, max(${source.drill.name}) as name, max(${source.owner}) as owner_id,
          ${day} as day, coalesce(${part}, 0)::float8 as value, count(*) over() as total
        ${measureRows(q, narrow)}
        group by ${source.drill.id}
        order by day desc, id desc limit ${input.limit} offset ${offset}
      ) x left join sys_user u on u.user_id = x.owner_id
      ${customerRows ? sql`left join crm_customer cm on cm.customer_id = x.id` : sql``}
      order by x.day desc, x.id desc`,
    ),
  );
  let totalRow = Number(rows[0]?.total ?? 0);
  if (!rows.length && offset > 0) {
    const [c] = await queryRows<{ n: string | number }>(
      db,
      withParts(
        [...p.tables, ...sharedParts([q])],
        sql`select count(distinct ${source.drill.id}) as n ${measureRows(q, narrow)}`,
      ),
    );
    totalRow = Number(c?.n ?? 0);
  }
  const list: BiDrillRow[] = rows.map((r) => ({
    kind: source.drill.kind,
    id: Number(r.id),
    name: r.name ?? '',
    ownerName: r.owner_name ?? '',
    day: r.day,
    value: Math.round(Number(r.value) * 100) / 100,
    ...(customerRows ? { mobile: r.mobile ?? '' } : {}),
  }));
  return { list, totalRow, page: input.page, limit: input.limit };
}
