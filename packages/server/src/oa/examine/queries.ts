import type { ExamineCounts, ExamineListRow, examineListSchema } from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { queryRows } from '../../core/sql.ts';
import type { Db } from '../../db/client.ts';

type ListInput = z.infer<typeof examineListSchema>;
export type ListKind = 'initiate' | 'waiting' | 'handled' | 'copied';

/** Actions that count as "handled by me". */
const handledKinds = sql`('approve', 'reject', 'transfer', 'addBefore', 'addAfter', 'return')`;

/** The rows each tab starts from; every tab is bounded by the viewer, never "everything". */
function scopeOf(kind: ListKind, me: number): SQL {
  switch (kind) {
    case 'initiate':
      return sql`e.create_user_id = ${me}`;
    case 'waiting':
      return sql`e.record_id in (select record_id from examine_task where user_id = ${me} and status = 'pending' and not superseded)`;
    case 'handled':
      return sql`e.record_id in (select record_id from examine_log where user_id = ${me} and kind in ${handledKinds})`;
    case 'copied':
      return sql`e.record_id in (select record_id from examine_cc where user_id = ${me})`;
  }
}

function filtersOf(input: Partial<ListInput>): SQL[] {
  const f: SQL[] = [];
  if (input.categoryId) f.push(sql`e.category_id = ${input.categoryId}`);
  if (input.status !== undefined) f.push(sql`e.status = ${input.status}`);
  if (input.startTime) f.push(sql`e.create_time >= ${input.startTime}::date`);
  if (input.endTime) f.push(sql`e.create_time < ${input.endTime}::date + 1`);
  if (input.search) f.push(sql`e.content ilike ${`%${input.search}%`}`);
  return f;
}

export async function listExamines(db: Db, kind: ListKind, me: number, input: ListInput) {
  const where = sql.join([sql`not e.is_deleted`, scopeOf(kind, me), ...filtersOf(input)], sql` and `);
  const order = kind === 'initiate' ? sql`e.create_time desc` : sql`e.update_time desc`;
  // Pick the page on oa_examine alone, then join names and flags for those 15 rows only.
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`with page as (
          select e.examine_id, count(*) over()::int as total
          from oa_examine e
          where ${where}
          order by ${order}, e.examine_id desc
          limit ${input.limit} offset ${(input.page - 1) * input.limit}
        )
        select e.examine_id, e.record_id, e.category_id, c.title as category_title, c.icon, e.content, e.status,
               e.create_time, e.update_time, e.create_user_id, u.realname as create_user_name, u.img as create_user_img,
               (select string_agg(pu.realname, '、' order by t.seq) from examine_task t join sys_user pu on pu.user_id = t.user_id
                 where t.record_id = e.record_id and t.status = 'pending' and not t.superseded) as current_approvers,
               (select max(g.create_time) from examine_urge g where g.record_id = e.record_id) as urged_time,
               ${kind === 'copied' ? sql`(select cc.read_time is not null from examine_cc cc where cc.record_id = e.record_id and cc.user_id = ${me})` : sql`null`} as read,
               p.total
        from page p
        join oa_examine e on e.examine_id = p.examine_id
        join oa_examine_category c on c.category_id = e.category_id
        join sys_user u on u.user_id = e.create_user_id
        order by ${order}, e.examine_id desc`,
  );
  const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
  const list: ExamineListRow[] = rows.map((r) => ({
    examineId: Number(r.examine_id),
    recordId: Number(r.record_id),
    categoryId: Number(r.category_id),
    categoryTitle: String(r.category_title),
    icon: Number(r.icon),
    content: String(r.content),
    status: Number(r.status),
    createTime: iso(r.create_time)!,
    updateTime: iso(r.update_time)!,
    createUserId: Number(r.create_user_id),
    createUserName: String(r.create_user_name),
    createUserImg: String(r.create_user_img ?? ''),
    currentApprovers: String(r.current_approvers ?? ''),
    urgedTime: iso(r.urged_time),
    read: r.read === null || r.read === undefined ? null : Boolean(r.read),
  }));
  return { list, totalRow: Number(rows[0]?.total ?? 0), page: input.page, limit: input.limit };
}

/** Tab counts: what waits for me and what was copied to me unread drive the badges. */
export async function examineCounts(db: Db, me: number): Promise<ExamineCounts> {
  const [row] = await queryRows<Record<string, number>>(
    db,
    sql`select
      (select count(*)::int from oa_examine e where not e.is_deleted and ${scopeOf('initiate', me)}) as initiate,
      (select count(*)::int from oa_examine e where not e.is_deleted and ${scopeOf('waiting', me)}) as waiting,
      (select count(*)::int from oa_examine e where not e.is_deleted and ${scopeOf('handled', me)}) as handled,
      (select count(*)::int from oa_examine e where not e.is_deleted and ${scopeOf('copied', me)}) as copied,
      (select count(*)::int from examine_cc cc join oa_examine e on e.record_id = cc.record_id
        where cc.user_id = ${me} and cc.read_time is null and not e.is_deleted) as "copiedUnread"`,
  );
  return {
    initiate: Number(row?.initiate ?? 0),
    waiting: Number(row?.waiting ?? 0),
    handled: Number(row?.handled ?? 0),
    copied: Number(row?.copied ?? 0),
    copiedUnread: Number(row?.copiedUnread ?? 0),
  };
}

/** The workbench's examineNum: approvals waiting for me. */
export async function waitingCount(db: Db, me: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(distinct t.record_id)::int as n from examine_task t
        join oa_examine e on e.record_id = t.record_id and not e.is_deleted
        where t.user_id = ${me} and t.status = 'pending' and not t.superseded`,
  );
  return Number(row?.n ?? 0);
}
