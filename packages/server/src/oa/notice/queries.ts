import type { NoticeDetail, NoticeListInput, NoticeReaders, NoticeRow } from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { forbidden } from '../../core/errors.ts';
import { defineList, listPage } from '../../core/list/builder.ts';
import { queryRows } from '../../core/sql.ts';
import { instantOf, timeText } from '../../core/times.ts';
import type { Db } from '../../db/client.ts';
import { people } from '../../org/names.ts';
import { assignedToSql } from '../../org/tree.ts';
import { unreadSql, visibleNotice, visibleSql } from './access.ts';
import { oaNoticeReads } from './tables.ts';

type Row = Record<string, unknown>;

function stateOf(start: unknown, end: unknown, now: Date): NoticeRow['state'] {
  const [from, to] = [instantOf(start), instantOf(end)];
  if (from && from > now) return 'pending';
  if (to && to < now) return 'ended';
  return 'active';
}

const rowColumns = (
  user: SessionUser,
) => sql`n.announcement_id, n.title, n.content, n.start_time, n.end_time, n.create_user_id,
  coalesce(cu.realname, '') as create_user_name, n.create_time, ${unreadSql(user)} as unread`;
const rowJoins = sql`left join sys_user cu on cu.user_id = n.create_user_id`;

function toRow(r: Row, now: Date): NoticeRow & { content: string } {
  const startTime = timeText(r.start_time)!;
  const endTime = timeText(r.end_time);
  return {
    announcementId: Number(r.announcement_id),
    title: String(r.title),
    startTime,
    endTime,
    state: stateOf(r.start_time, r.end_time, now),
    createUserId: Number(r.create_user_id),
    createUserName: String(r.create_user_name),
    createTime: timeText(r.create_time)!,
    unread: r.unread === true,
    content: String(r.content ?? ''),
  };
}

const noticeList = defineList({
  from: sql`oa_announcement n`,
  id: sql`n.announcement_id`,
  fields: {
    startTime: { sql: sql`n.start_time`, type: 'date' },
    createTime: { sql: sql`n.create_time`, type: 'date' },
    title: { sql: sql`n.title`, type: 'text' },
  },
  search: [sql`n.title`],
  defaultSort: [{ field: 'startTime', order: 'desc' }],
  scope: {
    unscoped:
      'a notice is seen by its readers, its author and those who may edit or delete it (access.ts visibleSql, applied as the where)',
  },
});

/** 全部 (1): every notice I may see; 我发布的 (2). `unread` narrows to the ones waiting for me. */
export function listNotices(db: Db, user: SessionUser, input: NoticeListInput, now = new Date()) {
  return listPage<Row, NoticeRow & { content: string }>(
    db,
    noticeList,
    {
      user,
      page: input.page,
      limit: input.limit,
      search: input.search,
      where: [
        sql`not n.is_deleted`,
        input.type === 2 ? sql`n.create_user_id = ${user.userId}` : visibleSql(user),
        input.unread ? unreadSql(user) : undefined,
      ],
    },
    {
      columns: rowColumns(user),
      joins: sql`join oa_announcement n on n.announcement_id = page.id ${rowJoins}`,
      map: (r) => toRow(r, now),
    },
  );
}

/** The detail; a reader opening it is marked read (once: the first opening's time stays). */
export async function noticeDetail(db: Db, user: SessionUser, id: number): Promise<NoticeDetail> {
  const access = await visibleNotice(db, id, user);
  if (access.reader && access.createUserId !== user.userId) {
    await db.insert(oaNoticeReads).values({ noticeId: id, userId: user.userId }).onConflictDoNothing();
  }
  const [row] = await queryRows<Row>(
    db,
    sql`select ${rowColumns(user)}, n.content, n.batch_id, n.to_all from oa_announcement n ${rowJoins}
        where n.announcement_id = ${id}`,
  );
  const depts = await queryRows<{ dept_id: number; name: string }>(
    db,
    sql`select d.dept_id, d.name from oa_announcement_dept nd join sys_dept d on d.dept_id = nd.dept_id
        where nd.announcement_id = ${id} order by d.dept_id`,
  );
  const userRows = await queryRows<{ user_id: number }>(
    db,
    sql`select user_id from oa_announcement_user where announcement_id = ${id} order by user_id`,
  );
  const who = await people(db, [access.createUserId, ...userRows.map((u) => Number(u.user_id))]);
  const person = (uid: number) => who.get(uid) ?? { userId: uid, realname: '', img: '', deptName: '' };
  const mine = access.createUserId === user.userId;
  return {
    ...toRow(row!, new Date()),
    content: String(row!.content),
    batchId: String(row!.batch_id),
    toAll: row!.to_all === true,
    depts: depts.map((d) => ({ deptId: Number(d.dept_id), name: d.name })),
    users: userRows.map((u) => person(Number(u.user_id))),
    creator: person(access.createUserId),
    permitted: { update: access.update, delete: access.delete, readers: mine || access.update },
  };
}

/**
 * Its readers (active people it is published to, the author aside) who have opened it, latest
 * first, and those who have not; for the author and those who may edit it.
 */
export async function noticeReaders(db: Db, user: SessionUser, id: number): Promise<NoticeReaders> {
  const access = await visibleNotice(db, id, user);
  if (access.createUserId !== user.userId && !access.update) {
    throw forbidden();
  }
  const rows = await queryRows<{ user_id: number; read_time: string | null }>(
    db,
    sql`select u.user_id, r.read_time
        from sys_user u
        left join oa_announcement_read r on r.announcement_id = ${id} and r.user_id = u.user_id
        join oa_announcement n on n.announcement_id = ${id}
        where u.user_id <> n.create_user_id and (r.user_id is not null or (u.status = 1 and (n.to_all
          or ${assignedToSql('u', {
            userIds: sql`select user_id from oa_announcement_user where announcement_id = ${id}`,
            deptIds: sql`select dept_id from oa_announcement_dept where announcement_id = ${id}`,
          })})))
        order by r.read_time desc nulls last, u.user_id
        limit 5000`,
  );
  const who = await people(
    db,
    rows.map((r) => Number(r.user_id)),
  );
  const person = (uid: number) => who.get(uid) ?? { userId: uid, realname: '', img: '', deptName: '' };
  return {
    read: rows
      .filter((r) => r.read_time)
      .map((r) => ({ ...person(Number(r.user_id)), readTime: timeText(r.read_time)! })),
    unread: rows.filter((r) => !r.read_time).map((r) => person(Number(r.user_id))),
  };
}

/** The workbench's announcementNum: notices published to me, open now, that I have not opened. */
export async function unreadNoticeCount(db: Db, user: SessionUser): Promise<number> {
  const [r] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from oa_announcement n where not n.is_deleted and ${unreadSql(user)}`,
  );
  return Number(r?.n ?? 0);
}
