import { type CheckSummaryInput, type CheckSummaryRow, checkTargetNames } from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { SessionUser } from '../../auth/session.ts';
import { queryRows } from '../../core/sql.ts';
import { zoneSql } from '../../core/times.ts';
import { loadExcel } from '../../crm/records/excel/lib.ts';
import { sendWorkbook } from '../../crm/records/excel/reply.ts';
import type { Db } from '../../db/client.ts';
import { visiblePlanSql } from './access.ts';

/**
 * Per shop and department: the inspections completed in the period (by the day they were
 * submitted, in the company's zone) among the plans the viewer may read, their average score (and
 * as a percent of full marks), the failed items, and the rectification tasks still open.
 */
export async function checkSummary(db: Db, user: SessionUser, input: CheckSummaryInput): Promise<CheckSummaryRow[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select p.target_type, coalesce(p.store_id, p.dept_id) as target_id,
          max(coalesce(s.shop_name, d.name, '')) as target_name,
          count(*)::int as inspections,
          round(avg(p.total_score)::numeric, 1)::float8 as average_score,
          round((100.0 * sum(p.total_score) / nullif(sum(p.max_score), 0))::numeric, 1)::float8 as average_rate,
          sum((select count(*) from oa_check_result r where r.plan_id = p.plan_id and r.passed = false))::int
            as failed_items,
          sum((select count(*) from oa_check_result r join oa_task t on t.task_id = r.task_id
               where r.plan_id = p.plan_id and t.status = 1 and not t.is_deleted))::int as open_rectifications
        from oa_check_plan p
        left join crm_store s on s.id = p.store_id left join sys_dept d on d.dept_id = p.dept_id
        where p.status = 3 and ${visiblePlanSql(user)}
          and (p.submit_time at time zone ${zoneSql()})::date between ${input.startDate}::date and ${input.endDate}::date
          ${input.targetType ? sql`and p.target_type = ${input.targetType}` : sql``}
        group by p.target_type, coalesce(p.store_id, p.dept_id)
        order by p.target_type, max(coalesce(s.shop_name, d.name, ''))`,
  );
  return rows.map((r) => ({
    targetType: Number(r.target_type),
    targetId: Number(r.target_id),
    targetName: String(r.target_name),
    inspections: Number(r.inspections),
    averageScore: Number(r.average_score ?? 0),
    averageRate: Number(r.average_rate ?? 0),
    failedItems: Number(r.failed_items),
    openRectifications: Number(r.open_rectifications),
  }));
}

/** The summary as the page shows it, one row per shop or department, as a spreadsheet. */
export async function sendSummarySheet(reply: FastifyReply, input: CheckSummaryInput, rows: CheckSummaryRow[]) {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('督导检查汇总');
  sheet.columns = [
    { header: '类型', key: 'type', width: 8 },
    { header: '门店/部门', key: 'name', width: 24 },
    { header: '检查次数', key: 'inspections', width: 10 },
    { header: '平均得分', key: 'averageScore', width: 10 },
    { header: '平均得分率(%)', key: 'averageRate', width: 14 },
    { header: '不合格项', key: 'failedItems', width: 10 },
    { header: '未完成整改', key: 'openRectifications', width: 12 },
  ];
  for (const r of rows)
    sheet.addRow({
      type: checkTargetNames[r.targetType] ?? '',
      name: r.targetName,
      inspections: r.inspections,
      averageScore: r.averageScore,
      averageRate: r.averageRate,
      failedItems: r.failedItems,
      openRectifications: r.openRectifications,
    });
  sheet.getRow(1).font = { bold: true };
  const bytes = await workbook.xlsx.writeBuffer();
  return sendWorkbook(reply, `督导检查汇总_${input.startDate}_${input.endDate}.xlsx`, bytes);
}
