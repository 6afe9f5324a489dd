import { type LogDetail, type LogListInput, type LogRow, ModuleCode, type RelationListInput } from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { htmlPreview } from '../../core/html/sanitize.ts';
import { defineList, listPage } from '../../core/list/builder.ts';
import { queryRows } from '../../core/sql.ts';
import { timeText, zoneSql } from '../../core/times.ts';
import type { Db } from '../../db/client.ts';
import { batchFiles } from '../../files/original-files.ts';
import { people } from '../../org/names.ts';
import { inMyScopeSql, sentToSql, visibleLog, visibleLogSql } from './access.ts';
import { markLogRead } from './actions.ts';

type Row = Record<string, unknown>;
const PREVIEW = 120;

const rowColumns = (
  me: number,
) => sql`l.log_id, l.category_id, l.content, l.tomorrow, l.question, l.batch_id, l.create_user_id,
  coalesce(u.realname, '') as realname, coalesce(u.img, '') as img, coalesce(d.name, '') as dept_name, l.create_time,
  exists (select 1 from oa_log_user x where x.log_id = l.log_id and x.user_id = ${me} and x.read_time is null) as unread,
  (select count(*)::int from oa_log_comment c where c.log_id = l.log_id) as comment_count,
  (select count(*)::int from oa_log_user x where x.log_id = l.log_id) as send_count,
  (select count(*)::int from oa_log_user x where x.log_id = l.log_id and x.read_time is not null) as read_count`;
const rowJoins = sql`left join sys_user u on u.user_id = l.create_user_id left join sys_dept d on d.dept_id = u.dept_id`;

type BaseRow = Omit<LogRow, 'sendUserList' | 'img' | 'file'>;
const flag = (b: boolean) => (b ? 1 : 0) as 0 | 1;

function toRow(r: Row, me: number): BaseRow {
  const createUserId = Number(r.create_user_id);
  const content = String(r.content);
  const mine = flag(createUserId === me);
  return {
    logId: Number(r.log_id),
    categoryId: Number(r.category_id),
    preview: htmlPreview(content.slice(0, 2000), PREVIEW),
    createUserId,
    creator: { userId: createUserId, realname: String(r.realname), img: String(r.img), deptName: String(r.dept_name) },
    createTime: timeText(r.create_time)!,
    unread: r.unread === true,
    commentCount: Number(r.comment_count),
    sendCount: Number(r.send_count),
    readCount: Number(r.read_count),
    // The original client's names (contracts/journal.ts).
    createUser: { userId: createUserId, realname: String(r.realname), img: String(r.img) },
    content,
    tomorrow: String(r.tomorrow),
    question: String(r.question),
    isRead: flag(r.unread !== true),
    permission: { isUpdate: mine, isDelete: mine, is_update: mine, is_delete: mine },
    sendDeptList: [],
  };
}

/** The recipients and attachments of a page of rows: one query each, not one per row. */
async function withPeopleAndFiles(db: Db, rows: (BaseRow & { batchId: string })[]): Promise<LogRow[]> {
  const ids = rows.map((r) => r.logId);
  const [readers, files] = await Promise.all([
    ids.length
      ? queryRows<{ log_id: number; user_id: number; realname: string; img: string }>(
          db,
          sql`select x.log_id, u.user_id, u.realname, u.img from oa_log_user x join sys_user u on u.user_id = x.user_id
              where x.log_id in ${ids} order by x.log_id, u.user_id`,
        )
      : Promise.resolve([]),
    batchFiles(
      db,
      rows.map((r) => r.batchId),
    ),
  ]);
  return rows.map(({ batchId, ...r }) => ({
    ...r,
    sendUserList: readers
      .filter((x) => Number(x.log_id) === r.logId)
      .map((x) => ({ userId: Number(x.user_id), realname: x.realname, img: x.img })),
    img: files.get(batchId)?.img ?? [],
    file: files.get(batchId)?.file ?? [],
  }));
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
  return logPage(db, user, input, [
    tab,
    input.categoryId ? sql`l.category_id = ${input.categoryId}` : undefined,
    input.unread
      ? sql`exists (select 1 from oa_log_user x where x.log_id = l.log_id and x.user_id = ${me} and x.read_time is null)`
      : undefined,
    input.startDay ? sql`l.create_time >= ${day(input.startDay)}` : undefined,
    input.endDay ? sql`l.create_time < ${day(input.endDay, 1)}` : undefined,
  ]);
}

/**
 * `OaLog/queryLogRelation`: the logs about a CRM record the viewer may read (its detail page's
 * 日志 tab), among the logs the viewer reads. Logs are linked to customers only, so another
 * kind's record has none.
 */
export function relatedLogs(db: Db, user: SessionUser, input: RelationListInput) {
  const linked =
    input.label === ModuleCode.customer
      ? sql`exists (select 1 from oa_log_customer lc where lc.log_id = l.log_id and lc.customer_id = ${input.id})`
      : sql`false`;
  return logPage(db, user, input, [visibleLogSql(user), linked]);
}

async function logPage(
  db: Db,
  user: SessionUser,
  input: { page: number; limit: number; search?: string },
  where: (SQL | undefined)[],
) {
  const page = await listPage<Row, BaseRow & { batchId: string }>(
    db,
    logList,
    { user, page: input.page, limit: input.limit, search: input.search, where: [sql`not l.is_deleted`, ...where] },
    {
      columns: rowColumns(user.userId),
      joins: sql`join oa_log l on l.log_id = page.id ${rowJoins}`,
      map: (r) => ({ ...toRow(r, user.userId), batchId: String(r.batch_id) }),
    },
  );
  return { ...page, list: await withPeopleAndFiles(db, page.list) };
}

/** The detail; a recipient opening it is marked read. */
export async function logDetail(db: Db, user: SessionUser, logId: number): Promise<LogDetail> {
  const access = await visibleLog(db, logId, user);
  if (access.recipient) await markLogRead(db, logId, user.userId);
  const [row] = await queryRows<Row>(
    db,
    sql`select ${rowColumns(user.userId)} from oa_log l ${rowJoins} where l.log_id = ${logId}`,
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
  const [base] = await withPeopleAndFiles(db, [{ ...toRow(row!, user.userId), batchId: String(row!.batch_id) }]);
  return {
    ...base!,
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
