import { declTaskSaveSchema } from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { DemoKit } from '../../db/demo-kit.ts';
import { taskFields } from './access.ts';
import { auditForm, updateCell } from './audit.ts';
import { submitForm } from './filling.ts';
import { saveTask } from './tasks.ts';

export const DEMO_DECL_DONE = '上月门店人员与消防申报';
export const DEMO_DECL_OPEN = '本周耗材盘点申报';

const staffForm = [
  { name: '在岗人数', formType: 'number', isNull: 1 },
  { name: '是否完成消防检查', formType: 'select', isNull: 1, options: ['是', '否'] },
  { name: '本月培训', formType: 'checkbox', options: ['消防', '急救', '服务礼仪'] },
  { name: '备注', formType: 'textarea' },
];
const stockForm = [
  { name: '玻尿酸（支）', formType: 'number', isNull: 1 },
  { name: '一次性针头（盒）', formType: 'number', isNull: 1 },
  { name: '盘点日期', formType: 'date', isNull: 1 },
  { name: '差异说明', formType: 'textarea' },
];

/**
 * The living demo's declaration forms (issue 25): last month's staffing and fire-check form for
 * 客服部, past its deadline, with 何雪 approved, 王静 approved after a corrected cell, 周敏
 * rejected and 张雨 overdue; and this week's stock count, due in two days, which 何雪 submitted and
 * the others still have to fill in (their workbench to-do).
 */
export async function seedDeclarationsDemo(kit: DemoKit): Promise<void> {
  const boss = await kit.as('wangzong');
  const store = kit.dept('客服部');
  const issue = (title: string, fields: unknown[], description: string) =>
    saveTask(
      kit.db,
      boss,
      declTaskSaveSchema.parse({
        title,
        description,
        deadline: kit.at(2, '18:00').toISOString(),
        deptIds: [store],
        fields,
      }),
    );

  const done = await issue(DEMO_DECL_DONE, staffForm, '请各门店如实填报上月在岗人数和消防检查情况');
  const k = Object.fromEntries((await taskFields(kit.db, done)).map((f) => [f.name, f.fieldName]));
  const fill = async (who: string, values: Record<string, unknown>) =>
    submitForm(kit.db, await kit.as(who), { taskId: done, values });
  const hexue = await fill('hexue', { [k.在岗人数!]: 6, [k.是否完成消防检查!]: '是', [k.本月培训!]: ['消防', '急救'] });
  const wangjing = await fill('wangjing', { [k.在岗人数!]: 50, [k.是否完成消防检查!]: '是', [k.备注!]: '新员工两名' });
  const zhoumin = await fill('zhoumin', { [k.在岗人数!]: 5, [k.是否完成消防检查!]: '否' });
  await auditForm(kit.db, boss, { submissionId: hexue, status: 2, reason: '' });
  // 王静 typed 50 for 5: the auditor corrects the cell (logged) and approves.
  await updateCell(kit.db, boss, { submissionId: wangjing, fieldName: k.在岗人数!, value: 5 });
  await auditForm(kit.db, boss, { submissionId: wangjing, status: 2, reason: '' });
  await auditForm(kit.db, boss, { submissionId: zhoumin, status: 3, reason: '消防检查未完成，请完成后说明' });
  // Dated last month: issued 12 days ago, due 5 days ago, filled in and audited before that.
  await kit.db.execute(sql`update decl_task set create_time = ${kit.at(-12, '09:00').toISOString()}::timestamptz,
      deadline = ${kit.at(-5, '18:00').toISOString()}::timestamptz where task_id = ${done}`);
  await kit.db.execute(sql`update decl_submission set submitted_at = ${kit.at(-7, '15:20').toISOString()}::timestamptz,
      audited_at = case when audited_at is null then null else ${kit.at(-6, '10:00').toISOString()}::timestamptz end
    where task_id = ${done}`);
  await kit.db.execute(sql`update decl_cell_log set create_time = ${kit.at(-6, '09:55').toISOString()}::timestamptz
    where submission_id = ${wangjing}`);

  const open = await issue(DEMO_DECL_OPEN, stockForm, '本周五前完成耗材盘点，数量按库存实数填写');
  const s = Object.fromEntries((await taskFields(kit.db, open)).map((f) => [f.name, f.fieldName]));
  await submitForm(kit.db, await kit.as('hexue'), {
    taskId: open,
    values: { [s['玻尿酸（支）']!]: 24, [s['一次性针头（盒）']!]: 12, [s.盘点日期!]: kit.day(0) },
  });
}
