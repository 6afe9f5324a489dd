import { addDays, companyInstant, type FeedItem, type FeedPageInput, type FeedType } from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../auth/session.ts';
import { hasPermission } from '../core/access.ts';
import { queryRows } from '../core/sql.ts';
import { timeText } from '../core/times.ts';
import type { Tx } from '../db/client.ts';

/** The time window of a feed request (instants; either end open). */
export type FeedWindow = { from?: Date; to?: Date };

/**
 * A source of the activity feed. `select` answers one SELECT (or a UNION ALL of several)
 * whose columns are exactly `type, ref_id, action, title, content, user_id, time, link`
 * (text, int, text, text, text, int, timestamptz, text), limited to what `user` may see and to
 * `win` (use `feedWindow`). It is read newest first, so it should be able to start from an
 * index on its time column or on the viewer.
 */
export type FeedSource = {
  type: FeedType;
  /** Needed to see this source at all; absent: every signed-in user. */
  permission?: string;
  select(user: SessionUser, win: FeedWindow): SQL;
};

export type FeedRegistry = {
  /** A feature adds its sources when the app registers it (registry.ts), once per source. */
  register(source: FeedSource): void;
  /** The sources of one type, or of all types. */
  sources(type?: FeedType): FeedSource[];
};

export function createFeedRegistry(): FeedRegistry {
  const byType = new Map<FeedType, FeedSource[]>();
  return {
    register(source) {
      byType.set(source.type, [...(byType.get(source.type) ?? []), source]);
    },
    sources: (type) => (type ? (byType.get(type) ?? []) : [...byType.values()].flat()),
  };
}

/** `and <column> >= from and <column> < to`, for a source's where-clause. */
export function feedWindow(column: SQL, win: FeedWindow): SQL {
  return sql`${win.from ? sql` and ${column} >= ${win.from.toISOString()}::timestamptz` : sql``}${
    win.to ? sql` and ${column} < ${win.to.toISOString()}::timestamptz` : sql``
  }`;
}

/** Plain text of stored rich text, for a feed line: tags dropped, spaces collapsed, at most 120 characters. */
export const feedTextSql = (html: SQL) =>
  sql`left(btrim(regexp_replace(regexp_replace(left(${html}, 2000), '<[^>]*>', ' ', 'g'), '\\s+', ' ', 'g')), 120)`;

type Row = {
  type: string;
  ref_id: number;
  action: string;
  title: string;
  content: string;
  user_id: number | null;
  realname: string | null;
  time: string;
  link: string;
};

/**
 * `OaRecord/getOaRecordPageList`: a UNION ALL over the sources the viewer may see, newest
 * first. Each source is cut to the rows the requested page can reach (page × limit + 1) before
 * the union sorts them, so a deep or wide feed costs each source one short index walk
 * (docs/decisions.md "Activity feed"). No total: `hasMore` says whether another page follows.
 */
export async function feedPage(db: Tx, registry: FeedRegistry, user: SessionUser, input: FeedPageInput) {
  const win: FeedWindow = {
    from: input.startTime ? companyInstant(input.startTime) : undefined,
    to: input.endTime ? companyInstant(addDays(input.endTime, 1)) : undefined,
  };
  const reach = input.page * input.limit + 1;
  const chosen = registry
    .sources(input.type || undefined)
    .filter((s) => !s.permission || hasPermission(user, s.permission));
  if (chosen.length === 0) return { list: [], page: input.page, limit: input.limit, hasMore: false };
  const branches = chosen.map(
    (s) => sql`(select * from (${s.select(user, win)}) s order by s.time desc limit ${reach})`,
  );
  const rows = await queryRows<Row>(
    db,
    sql`select f.type, f.ref_id, f.action, f.title, f.content, f.user_id, u.realname, f.time, f.link
        from (${sql.join(branches, sql` union all `)}) f
        left join sys_user u on u.user_id = f.user_id
        order by f.time desc, f.type, f.ref_id desc, f.action
        limit ${input.limit + 1} offset ${(input.page - 1) * input.limit}`,
  );
  const list: FeedItem[] = rows.slice(0, input.limit).map((r) => ({
    type: r.type,
    refId: Number(r.ref_id),
    action: r.action,
    title: r.title ?? '',
    content: r.content ?? '',
    userId: r.user_id === null ? null : Number(r.user_id),
    realname: r.realname ?? '',
    time: timeText(r.time)!,
    link: r.link ?? '',
  }));
  return { list, page: input.page, limit: input.limit, hasMore: rows.length > input.limit };
}
