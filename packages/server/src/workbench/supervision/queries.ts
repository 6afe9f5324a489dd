import type { CheckPlanDetail, CheckPlanListInput, CheckPlanRow, CheckResult, FileInfo } from '@crm/shared';
import { checkMove } from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { defineList, listPage } from '../../core/list/builder.ts';
import { queryRows } from '../../core/sql.ts';
import type { Db } from '../../db/client.ts';
import { listBatchRows } from '../../files/repository.ts';
import { planAccess, visiblePlanSql } from './access.ts';
import { CHECK_PLAN_FILES } from './file-owner.ts';

type Row = Record<string, unknown>;

/** The target's name: a shop's name (never a hideable field of the shop) or the department's. */
const targetName = sql`coalesce(s.shop_name, d.name, '')`;

const columns = sql`p.plan_id, p.template_id, p.template_name, p.target_type, coalesce(p.store_id, p.dept_id) as target_id,
  ${targetName} as target_name, p.inspector_id, coalesce(i.realname, '') as inspector_name,
  to_char(p.planned_date, 'YYYY-MM-DD') as planned_date, p.status, p.total_score, p.max_score,
  p.create_user_id, coalesce(c.realname, '') as creator_name, p.create_time, p.submit_time, p.remark, p.summary,
  (select count(*)::int from oa_check_result r where r.plan_id = p.plan_id and r.passed = false) as failed_count,
  (select count(*)::int from oa_check_result r join oa_task t on t.task_id = r.task_id
    where r.plan_id = p.plan_id and t.status = 1 and not t.is_deleted) as open_tasks`;
const joins = sql`left join crm_store s on s.id = p.store_id left join sys_dept d on d.dept_id = p.dept_id
  left join sys_user i on i.user_id = p.inspector_id left join sys_user c on c.user_id = p.create_user_id`;

const toRow = (r: Row): CheckPlanRow => ({
  planId: Number(r.plan_id),
  templateName: String(r.template_name),
  targetType: Number(r.target_type),
  targetId: Number(r.target_id),
  targetName: String(r.target_name),
  inspectorId: Number(r.inspector_id),
  inspectorName: String(r.inspector_name),
  plannedDate: String(r.planned_date),
  status: Number(r.status),
  totalScore: r.total_score === null ? null : Number(r.total_score),
  maxScore: Number(r.max_score),
  failedCount: Number(r.failed_count),
  openTasks: Number(r.open_tasks),
  createUserId: Number(r.create_user_id),
  creatorName: String(r.creator_name),
  createTime: r.create_time as string,
  submitTime: (r.submit_time as string | null) ?? null,
});

const planList = defineList({
  from: sql`oa_check_plan p left join crm_store s on s.id = p.store_id left join sys_dept d on d.dept_id = p.dept_id`,
  id: sql`p.plan_id`,
  fields: {
    plannedDate: { sql: sql`p.planned_date`, type: 'date' },
    createTime: { sql: sql`p.create_time`, type: 'date' },
    status: { sql: sql`p.status`, type: 'number' },
  },
  search: [targetName, sql`p.template_name`],
  defaultSort: [{ field: 'plannedDate', order: 'desc' }],
  scope: {
    unscoped: 'plans are bounded by visiblePlanSql: creator, inspector, or the target in the oa:check data scope',
  },
});

/** 全部 (1, every plan I may read) or 我的检查 (2, those I inspect); newest planned day first. */
export function listPlans(db: Db, user: SessionUser, input: CheckPlanListInput) {
  const where = [
    input.type === 2 ? sql`p.inspector_id = ${user.userId}` : visiblePlanSql(user),
    input.status ? sql`p.status = ${input.status}` : undefined,
    input.targetType ? sql`p.target_type = ${input.targetType}` : undefined,
  ].filter((w) => w !== undefined);
  return listPage<Row, CheckPlanRow>(
    db,
    planList,
    { user, page: input.page, limit: input.limit, search: input.search, where },
    { columns, joins: sql`join oa_check_plan p on p.plan_id = page.id ${joins}`, map: toRow },
  );
}

/** One plan with its items, their photos and rectification tasks, and what the viewer may do. */
export async function planDetail(db: Db, user: SessionUser, planId: number): Promise<CheckPlanDetail> {
  const access = await planAccess(db, planId, user);
  const [row] = await queryRows<Row>(
    db,
    sql`select ${columns} from oa_check_plan p ${joins} where p.plan_id = ${planId}`,
  );
  const results = await queryRows<Row>(
    db,
    sql`select r.*, t.status as task_status, t.due_time as task_due, coalesce(o.realname, '') as task_owner
        from oa_check_result r left join oa_task t on t.task_id = r.task_id and not t.is_deleted
        left join sys_user o on o.user_id = t.owner_user_id
        where r.plan_id = ${planId} order by r.position`,
  );
  const photos = new Map<string, FileInfo[]>();
  for (const batch of new Set(results.map((r) => String(r.batch_id)).filter(Boolean))) {
    const rows = await listBatchRows(db, batch);
    photos.set(
      batch,
      rows.filter((e) => e.row.ownerKind === CHECK_PLAN_FILES && e.row.ownerId === planId).map((e) => e.info),
    );
  }
  const status = Number(row!.status);
  return {
    ...toRow(row!),
    templateId: Number(row!.template_id),
    remark: String(row!.remark),
    summary: String(row!.summary),
    results: results.map(
      (r): CheckResult => ({
        resultId: Number(r.result_id),
        section: String(r.section),
        title: String(r.title),
        maxScore: Number(r.max_score),
        photoRequired: r.photo_required === true,
        score: r.score === null ? null : Number(r.score),
        passed: r.passed === null ? null : r.passed === true,
        note: String(r.note),
        batchId: String(r.batch_id),
        photos: photos.get(String(r.batch_id)) ?? [],
        task:
          r.task_id !== null && r.task_status !== null
            ? {
                taskId: Number(r.task_id),
                ownerName: String(r.task_owner),
                status: Number(r.task_status),
                dueTime: (r.task_due as string | null) ?? null,
              }
            : null,
      }),
    ),
    permitted: {
      edit: access.manager && checkMove(status, 'edit').ok,
      cancel: access.manager && checkMove(status, 'cancel').ok,
      inspect: access.inspector && (checkMove(status, 'start').ok || checkMove(status, 'record').ok),
    },
  };
}
