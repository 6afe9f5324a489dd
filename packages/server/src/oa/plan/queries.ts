import type { PlanDocDetail, PlanDocListInput, PlanDocRow } from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { htmlPreview } from '../../core/html/sanitize.ts';
import { defineList, listPage } from '../../core/list/builder.ts';
import { queryRows } from '../../core/sql.ts';
import { timeText } from '../../core/times.ts';
import type { Db } from '../../db/client.ts';
import { people } from '../../org/names.ts';
import { authorInScopeSql, sharedWithSql, visiblePlan, visiblePlanSql } from './access.ts';

type Row = Record<string, unknown>;
const PREVIEW = 120;

const rowColumns = sql`p.plan_id, p.title, left(p.content, 2000) as content_head, p.create_user_id,
  coalesce(u.realname, '') as realname, coalesce(u.img, '') as img, coalesce(d.name, '') as dept_name,
  p.create_time, p.update_time,
  (select count(*)::int from oa_plan_user x where x.plan_id = p.plan_id) as shared_count`;
const rowJoins = sql`left join sys_user u on u.user_id = p.create_user_id left join sys_dept d on d.dept_id = u.dept_id`;

function toRow(r: Row): PlanDocRow {
  const createUserId = Number(r.create_user_id);
  return {
    planId: Number(r.plan_id),
    title: String(r.title),
    preview: htmlPreview(String(r.content_head), PREVIEW),
    createUserId,
    creator: { userId: createUserId, realname: String(r.realname), img: String(r.img), deptName: String(r.dept_name) },
    createTime: timeText(r.create_time)!,
    updateTime: timeText(r.update_time)!,
    sharedCount: Number(r.shared_count),
  };
}

const planList = defineList({
  from: sql`oa_plan p join sys_user au on au.user_id = p.create_user_id`,
  id: sql`p.plan_id`,
  fields: {
    updateTime: { sql: sql`p.update_time`, type: 'date' },
    createTime: { sql: sql`p.create_time`, type: 'date' },
  },
  search: [sql`p.title`, sql`au.realname`],
  defaultSort: [{ field: 'updateTime', order: 'desc' }],
  scope: {
    unscoped:
      'each tab bounds the rows itself: mine, shared with me, or authors in my oa:plan:use data scope (access.ts)',
  },
});

/** 全部 (1), 我创建的 (2), 共享给我的 (3), 下属的 (4: authors in my scope, me aside); last edited first. */
export function listPlans(db: Db, user: SessionUser, input: PlanDocListInput) {
  const me = user.userId;
  const tab = {
    1: visiblePlanSql(user),
    2: sql`p.create_user_id = ${me}`,
    3: sharedWithSql(user),
    4: sql`p.create_user_id <> ${me} and ${authorInScopeSql(user, sql`p.create_user_id`)}`,
  }[input.type];
  return listPage<Row, PlanDocRow>(
    db,
    planList,
    { user, page: input.page, limit: input.limit, search: input.search, where: [sql`not p.is_deleted`, tab] },
    { columns: rowColumns, joins: sql`join oa_plan p on p.plan_id = page.id ${rowJoins}`, map: toRow },
  );
}

export async function planDetail(db: Db, user: SessionUser, planId: number): Promise<PlanDocDetail> {
  const access = await visiblePlan(db, planId, user);
  const [row] = await queryRows<Row>(
    db,
    sql`select ${rowColumns}, p.content, p.batch_id from oa_plan p ${rowJoins} where p.plan_id = ${planId}`,
  );
  const shared = await queryRows<{ user_id: number }>(
    db,
    sql`select user_id from oa_plan_user where plan_id = ${planId} order by user_id`,
  );
  const who = await people(
    db,
    shared.map((s) => Number(s.user_id)),
  );
  return {
    ...toRow(row!),
    content: String(row!.content),
    batchId: String(row!.batch_id),
    sharedUsers: shared.map(
      (s) => who.get(Number(s.user_id)) ?? { userId: Number(s.user_id), realname: '', img: '', deptName: '' },
    ),
    permitted: { update: access.mine, delete: access.mine },
  };
}
