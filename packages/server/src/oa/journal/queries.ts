import type { LogDetail, LogListInput, LogRow } from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { htmlPreview } from '../../core/html/sanitize.ts';
import { defineList, listPage } from '../../core/list/builder.ts';
import { queryRows } from '../../core/sql.ts';
import { timeText, zoneSql } from '../../core/times.ts';
import type { Db } from '../../db/client.ts';
import { people } from '../../org/names.ts';
import { inMyScopeSql, sentToSql, visibleLog } from './access.ts';
import { markLogRead } from './actions.ts';

type Row = Record<string, unknown>;
const PREVIEW = 120;

const rowColumns = (me: number) => sql`l.log_id, l.category_id, left(l.content, 2000) as content_head, l.create_user_id,
  coalesce(u.realname, '') as realname, coalesce(u.img, '') as img, coalesce(d.name, '') as dept_name, l.create_time,
  exists (select 1 from oa_log_user x where x.log_id = l.log_id and x.user_id = ${me} and x.read_time is null) as unread,
  (select count(*)::int from oa_log_comment c where c.log_id = l.log_id) as comment_count,
  (select count(*)::int from oa_log_user x where x.log_id = l.log_id) as send_count,
  (select count(*)::int from oa_log_user x where x.log_id = l.log_id and x.read_time is not null) as read_count`;
const rowJoins = sql`left join sys_user u on u.user_id = l.create_user_id left join sys_dept d on d.dept_id = u.dept_id`;

function toRow(r: Row): LogRow {
  const createUserId = Number(r.create_user_id);
  return {
    logId: Number(r.log_id),
    categoryId: Number(r.category_id),
    preview: htmlPreview(String(r.content_head), PREVIEW),
    createUserId,
    creator: { userId: createUserId, realname: String(r.realname), img: String(r.img), deptName: String(r.dept_name) },
    createTime: timeText(r.create_time)!,
    unread: r.unread === true,
    commentCount: Number(r.comment_count),
    sendCount: Number(r.send_count),
    readCount: Number(r.read_count),
  };
}

const logList = defineList({
  from: sql`oa_log l join sys_user au on au.user_id = l.create_user_id`,
  id: sql`l.log_id`,
  fields: { createTime: { sql: sql`l.create_time`, type: 'date' } },
  search: [sql`au.realname`],
  defaultSort: [{ field: 'createTime', order: 'desc' }],
  scope: {
    unscoped:
      'each tab bounds the rows itself: mine, sent to me, or authors in my oa:journal:use data scope (access.ts)',
  },
});

const day = (d: string, plus = 0) => sql`((${d}::date + ${plus}::int)::timestamp at time zone ${zoneSql()})`;

/** 我发出的 (1), 发给我的 (2, unread ones marked), 下属的 (3: authors in my scope, me aside). */
export function listLogs(db: Db, user: SessionUser, input: LogListInput) {
  const me = user.userId;
  const tab = {
    1: sql`l.create_user_id = ${me}`,
    2: sentToSql(user),
    3: sql`l.create_user_id <> ${me} and ${inMyScopeSql(user, sql`l.create_user_id`)}`,
  }[input.type];
  return listPage<Row, LogRow>(
    db,
    logList,
    {
      user,
      page: input.page,
      limit: input.limit,
      search: input.search,
      where: [
        sql`not l.is_deleted`,
        tab,
        input.categoryId ? sql`l.category_id = ${input.categoryId}` : undefined,
        input.unread
          ? sql`exists (select 1 from oa_log_user x where x.log_id = l.log_id and x.user_id = ${me} and x.read_time is null)`
          : undefined,
        input.startDay ? sql`l.create_time >= ${day(input.startDay)}` : undefined,
        input.endDay ? sql`l.create_time < ${day(input.endDay, 1)}` : undefined,
      ],
    },
    {
      columns: rowColumns(me),
      joins: sql`join oa_log l on l.log_id = page.id ${rowJoins}`,
      map: toRow,
    },
  );
}

/** The detail; a recipient opening it is marked read. */
export async function logDetail(db: Db, user: SessionUser, logId: number): Promise<LogDetail> {
  const access = await visibleLog(db, logId, user);
  if (access.recipient) await markLogRead(db, logId, user.userId);
  const [row] = await queryRows<Row>(
    db,
    sql`select ${rowColumns(user.userId)}, l.content, l.tomorrow, l.question, l.batch_id
        from oa_log l ${rowJoins} where l.log_id = ${logId}`,
  );
  const readers = await queryRows<{ user_id: number; read_time: string | null }>(
    db,
    sql`select user_id, read_time from oa_log_user where log_id = ${logId} order by user_id`,
  );
  const customers = await queryRows<{ customer_id: number; customer_name: string }>(
    db,
    sql`select c.customer_id, c.customer_name from oa_log_customer lc
        join crm_customer c on c.customer_id = lc.customer_id
        where lc.log_id = ${logId} order by c.customer_id`,
  );
  const comments = await queryRows<{ comment_id: number; user_id: number; content: string; create_time: string }>(
    db,
    sql`select comment_id, user_id, content, create_time from oa_log_comment
        where log_id = ${logId} order by create_time asc, comment_id asc`,
  );
  const who = await people(db, [...readers.map((r) => Number(r.user_id)), ...comments.map((c) => Number(c.user_id))]);
  const person = (id: number) => who.get(id) ?? { userId: id, realname: '', img: '', deptName: '' };
  return {
    ...toRow(row!),
    content: String(row!.content),
    tomorrow: String(row!.tomorrow),
    question: String(row!.question),
    batchId: String(row!.batch_id),
    sendUsers: readers.map((r) => ({ ...person(Number(r.user_id)), readTime: timeText(r.read_time) })),
    customers: customers.map((c) => ({ customerId: Number(c.customer_id), customerName: c.customer_name })),
    comments: comments.map((c) => ({
      commentId: Number(c.comment_id),
      content: c.content,
      createTime: timeText(c.create_time)!,
      user: person(Number(c.user_id)),
    })),
    permitted: { update: access.mine, delete: access.mine, comment: true },
  };
}

/** The workbench's logNum: logs sent to me that I have not opened. */
export async function unreadLogCount(db: Db, userId: number): Promise<number> {
  const [r] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from oa_log_user x join oa_log l on l.log_id = x.log_id
        where x.user_id = ${userId} and x.read_time is null and not l.is_deleted`,
  );
  return Number(r?.n ?? 0);
}
