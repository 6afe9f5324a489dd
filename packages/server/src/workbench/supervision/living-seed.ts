import { eq } from 'drizzle-orm';
import { stores } from '../../crm/store/tables.ts';
import { type DemoKit, noFiles } from '../../db/demo-kit.ts';
import { recordItem, startPlan, submitPlan } from './inspect.ts';
import { savePlan } from './plans.ts';
import { oaCheckPlans, oaCheckResults } from './tables.ts';
import { saveTemplate } from './templates.ts';

/** The demo checklist: three sections of a shop's monthly inspection (no photo required, the demo stores no files). */
const demoItems = [
  { section: '环境卫生', title: '前台与候诊区整洁', maxScore: 10, photoRequired: false },
  { section: '环境卫生', title: '治疗室消毒记录完整', maxScore: 20, photoRequired: false },
  { section: '服务规范', title: '员工着装统一、佩戴工牌', maxScore: 10, photoRequired: false },
  { section: '服务规范', title: '顾客档案与知情同意书齐全', maxScore: 20, photoRequired: false },
  { section: '安全管理', title: '消防通道畅通、灭火器在有效期', maxScore: 20, photoRequired: false },
];

const shopId = async (kit: DemoKit, name: string) =>
  (await kit.db.select({ id: stores.id }).from(stores).where(eq(stores.shopName, name)))[0]!.id;

/**
 * Supervision in the living demo (issue 25, h-check), through the real services: 王建国's template,
 * 何雪's finished inspection of 丽人医美会所 three days ago with one failed item whose rectification
 * task is 孙丽's, and an inspection of 悦颜皮肤管理中心 planned for today.
 */
export async function seedSupervisionDemo(kit: DemoKit): Promise<void> {
  const manager = await kit.as('wangzong');
  const inspector = await kit.as('hexue');
  const { templateId } = await saveTemplate(kit.db, manager, {
    name: '门店月度督导检查',
    remark: '每月每店一次；不合格项须在期限内整改',
    items: demoItems,
  });
  const base = { templateId, targetType: 1 as const, deptId: undefined, inspectorId: kit.user('hexue'), remark: '' };
  const done = await savePlan(kit.db, manager, {
    ...base,
    storeId: await shopId(kit, '丽人医美会所'),
    plannedDate: kit.day(-3),
    batchId: 'seed-demo-check-1',
  });
  await startPlan(kit.db, inspector, done.planId);
  const results = await kit.db
    .select()
    .from(oaCheckResults)
    .where(eq(oaCheckResults.planId, done.planId))
    .orderBy(oaCheckResults.position);
  for (const [i, r] of results.entries()) {
    const failed = i === 1;
    await recordItem(kit.db, noFiles, inspector, {
      planId: done.planId,
      resultId: r.id,
      score: failed ? 8 : r.maxScore - (i % 2),
      passed: !failed,
      note: failed ? '近一周消毒记录缺两天的签字' : '',
      batchId: '',
      removedFileIds: [],
    });
  }
  await submitPlan(kit.db, noFiles, inspector, {
    planId: done.planId,
    summary: '整体良好，消毒记录须当日签字',
    rectifications: [{ resultId: results[1]!.id, ownerUserId: kit.user('sunli'), deadline: kit.day(4) }],
  });
  // Dated to the day of the inspection, so the summary and the list read like history.
  await kit.db
    .update(oaCheckPlans)
    .set({ startTime: kit.at(-3, '10:00'), submitTime: kit.at(-3, '11:30'), createdAt: kit.at(-5, '09:00') })
    .where(eq(oaCheckPlans.id, done.planId));
  await savePlan(kit.db, manager, {
    ...base,
    storeId: await shopId(kit, '悦颜皮肤管理中心'),
    plannedDate: kit.day(0),
    remark: '新店开业后首次检查',
    batchId: 'seed-demo-check-2',
  });
}
