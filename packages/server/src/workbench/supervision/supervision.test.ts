import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { download, sheetRows } from '../../crm/records/excel/test-support.ts';
import { file, fixtures, postMultipart } from '../../files/test-helpers.ts';
import { serverDir } from '../../paths.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { batchIds, orgIds, people } from '../../test/people.ts';

let t: TestApp;
const { ids, as, call, signIn, signInNewUser } = people(() => t);
const nextBatch = batchIds('check');
const refused = { code: 403, msg: '无权访问' };

let shops: Record<string, number>;
let depts: Record<string, number>;
let templateId: number;

const items = [
  { section: '环境卫生', title: '前台整洁', maxScore: 10, photoRequired: true },
  { section: '环境卫生', title: '治疗室消毒记录', maxScore: 20 },
  { section: '服务规范', title: '着装统一', maxScore: 10 },
];

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'wangzong', 'hexue', 'zhangyu', 'liming', 'sunli']);
  const rows = await queryRows<{ shop_name: string; id: number }>(
    t.database.db,
    sql`select shop_name, id from crm_store`,
  );
  shops = Object.fromEntries(rows.map((r) => [r.shop_name, Number(r.id)]));
  depts = (await orgIds(t)).dept;
  const saved = await call('wangzong', '/OaCheck/saveTemplate', { name: '门店月度检查', items });
  expect(saved).toMatchObject({ code: 0 });
  templateId = saved.data.templateId;
});
afterAll(() => t.close());

/** 王建国 plans an inspection of a shop by 何雪 (or of `extra`'s target). */
async function plan(extra: Record<string, unknown> = {}) {
  const res = await call('wangzong', '/OaCheck/savePlan', {
    templateId,
    targetType: 1,
    storeId: shops.丽人医美会所,
    inspectorId: ids.hexue,
    plannedDate: '2026-11-20',
    batchId: nextBatch(),
    ...extra,
  });
  expect(res).toMatchObject({ code: 0 });
  return res.data.planId as number;
}

const detail = async (planId: number, who = 'wangzong') => (await call(who, '/OaCheck/queryPlan', { planId })).data;

async function photo(batchId: string, who = 'hexue') {
  const up = await postMultipart(t, '/file/upload', { batchId, file: file('前台.png', fixtures.png) }, as(who));
  expect(up.code).toBe(0);
  return up.data.fileId as number;
}

/** Start the plan and record every item: the first two pass, the third fails unless `allPass`. */
async function inspectAll(planId: number, { allPass = false } = {}) {
  expect(await call('hexue', '/OaCheck/startPlan', { planId })).toMatchObject({ code: 0 });
  const results = (await detail(planId, 'hexue')).results as { resultId: number; maxScore: number }[];
  const batch = nextBatch();
  await photo(batch);
  for (const [i, r] of results.entries()) {
    const failed = i === 2 && !allPass;
    const res = await call('hexue', '/OaCheck/recordItem', {
      planId,
      resultId: r.resultId,
      score: failed ? 3 : r.maxScore - 1,
      passed: !failed,
      note: failed ? '两名员工未穿工服' : '',
      batchId: i === 0 ? batch : nextBatch(),
    });
    expect(res).toMatchObject({ code: 0 });
  }
  return results;
}

describe('checklist templates', () => {
  it('saves sections of items and answers them in order', async () => {
    const d = (await call('wangzong', '/OaCheck/queryTemplate', { templateId })).data;
    expect(d).toMatchObject({ name: '门店月度检查', itemCount: 3, totalScore: 40 });
    expect(
      d.items.map((i: { section: string; title: string; photoRequired: boolean }) => [
        i.section,
        i.title,
        i.photoRequired,
      ]),
    ).toEqual([
      ['环境卫生', '前台整洁', true],
      ['环境卫生', '治疗室消毒记录', false],
      ['服务规范', '着装统一', false],
    ]);
  });

  it('refuses a bad template with a message naming what is wrong', async () => {
    const save = (body: object) => call('wangzong', '/OaCheck/saveTemplate', { name: '新模板', items, ...body });
    expect(await save({ name: '' })).toMatchObject({ code: 400, msg: '请输入模板名称' });
    expect(await save({ items: [] })).toMatchObject({ code: 400, msg: '请至少添加一个检查项' });
    expect(await save({ items: [{ section: '卫生', title: '地面', maxScore: 0 }] })).toMatchObject({
      code: 400,
      msg: '满分须为1到100的整数',
    });
    expect(await save({ items: [{ section: '', title: '地面', maxScore: 5 }] })).toMatchObject({
      code: 400,
      msg: '请输入检查项所属分区',
    });
    expect(await save({ name: '门店月度检查' })).toMatchObject({ code: 409, msg: '模板名称已存在' });
  });

  it('edits and deletes; a plan keeps the items it was made with', async () => {
    const made = await call('wangzong', '/OaCheck/saveTemplate', { name: '临时模板', items: items.slice(0, 1) });
    const id = made.data.templateId;
    const planId = await plan({ templateId: id });
    const edited = await call('wangzong', '/OaCheck/saveTemplate', { templateId: id, name: '临时模板', items });
    expect(edited).toMatchObject({ code: 0, data: { templateId: id } });
    expect((await call('wangzong', '/OaCheck/queryTemplate', { templateId: id })).data.itemCount).toBe(3);
    expect((await detail(planId)).results).toHaveLength(1);
    expect(await call('wangzong', '/OaCheck/deleteTemplate', { templateId: id })).toMatchObject({ code: 0 });
    expect(await call('wangzong', '/OaCheck/queryTemplate', { templateId: id })).toMatchObject({
      code: 404,
      msg: '检查模板不存在',
    });
    const list = (await call('wangzong', '/OaCheck/queryTemplateList', {})).data.list;
    expect(list.map((r: { name: string }) => r.name)).toEqual(['门店月度检查']);
    // A plan cannot be made from a deleted template.
    const res = await call('wangzong', '/OaCheck/savePlan', {
      templateId: id,
      targetType: 2,
      deptId: depts.客服部,
      inspectorId: ids.hexue,
      plannedDate: '2026-11-21',
      batchId: nextBatch(),
    });
    expect(res).toMatchObject({ code: 400, msg: '检查模板不存在' });
  });

  it('are managed with oa:check:manage only', async () => {
    expect(await call('hexue', '/OaCheck/queryTemplateList', {})).toMatchObject(refused);
    expect(await call('hexue', '/OaCheck/saveTemplate', { name: 'x', items })).toMatchObject(refused);
  });
});

describe('inspection plans', () => {
  it('copies the template, answers a double submit with the first plan, and refuses bad plans', async () => {
    const batchId = nextBatch();
    const body = {
      templateId,
      targetType: 1,
      storeId: shops.悦颜皮肤管理中心,
      inspectorId: ids.hexue,
      plannedDate: '2026-11-22',
      batchId,
    };
    const [a, b] = await Promise.all([
      call('wangzong', '/OaCheck/savePlan', body),
      call('wangzong', '/OaCheck/savePlan', body),
    ]);
    expect(a.data.planId).toBe(b.data.planId);
    const d = await detail(a.data.planId);
    expect(d).toMatchObject({ status: 1, targetName: '悦颜皮肤管理中心', inspectorName: '何雪', maxScore: 40 });
    expect(d.permitted).toEqual({ edit: true, cancel: true, inspect: false });

    const save = (extra: object) => call('wangzong', '/OaCheck/savePlan', { ...body, batchId: nextBatch(), ...extra });
    expect(await save({ storeId: undefined })).toMatchObject({ code: 400, msg: '请选择门店' });
    expect(await save({ targetType: 2 })).toMatchObject({ code: 400, msg: '请选择部门' });
    expect(await save({ plannedDate: '2026-02-30' })).toMatchObject({ code: 400, msg: '请选择计划日期' });
    expect(await save({ targetType: 2, deptId: 999999 })).toMatchObject({ code: 400, msg: '部门不存在' });
    expect(await save({ inspectorId: 999999 })).toMatchObject({ code: 400, msg: '检查人不存在或已停用' });
  });

  it('moves 待检查 → 检查中 → 已完成, and refuses the other moves with their messages', async () => {
    const planId = await plan();
    // Nothing is recorded before the inspection starts; only the inspector starts it.
    expect(await call('hexue', '/OaCheck/recordItem', { planId, resultId: 1, score: 1, passed: true })).toMatchObject({
      code: 400,
      msg: '请先开始检查',
    });
    expect(await call('wangzong', '/OaCheck/startPlan', { planId })).toMatchObject({
      code: 403,
      msg: '只有指派的检查人可以执行检查',
    });
    expect(await call('hexue', '/OaCheck/startPlan', { planId })).toMatchObject({ code: 0 });
    expect(await call('hexue', '/OaCheck/startPlan', { planId })).toMatchObject({ code: 400, msg: '检查已开始' });
    expect(
      await call('wangzong', '/OaCheck/savePlan', {
        planId,
        templateId,
        targetType: 1,
        storeId: shops.丽人医美会所,
        inspectorId: ids.hexue,
        plannedDate: '2026-11-23',
      }),
    ).toMatchObject({ code: 400, msg: '检查已开始，不能再修改计划' });
    expect((await detail(planId)).status).toBe(2);
    expect(await call('wangzong', '/OaCheck/cancelPlan', { planId })).toMatchObject({ code: 0 });
    expect(await call('wangzong', '/OaCheck/cancelPlan', { planId })).toMatchObject({ code: 400, msg: '检查已取消' });
    expect(await call('hexue', '/OaCheck/submitPlan', { planId })).toMatchObject({ code: 400, msg: '检查已取消' });
  });

  it('edits a planned inspection: a new inspector and day', async () => {
    const planId = await plan();
    const res = await call('wangzong', '/OaCheck/savePlan', {
      planId,
      templateId,
      targetType: 2,
      deptId: depts.客服部,
      inspectorId: ids.zhangyu,
      plannedDate: '2026-12-01',
    });
    expect(res).toMatchObject({ code: 0, data: { planId } });
    expect(await detail(planId)).toMatchObject({
      targetType: 2,
      targetName: '客服部',
      inspectorName: '张雨',
      plannedDate: '2026-12-01',
    });
  });
});

describe('recording and submitting', () => {
  it('refuses a score above the item’s full marks and an item that needs a photo without one', async () => {
    const planId = await plan();
    expect(await call('hexue', '/OaCheck/startPlan', { planId })).toMatchObject({ code: 0 });
    const [first, second] = (await detail(planId, 'hexue')).results;
    expect(
      await call('hexue', '/OaCheck/recordItem', { planId, resultId: second.resultId, score: 21, passed: true }),
    ).toMatchObject({ code: 400, msg: '得分须为0到20之间的整数' });
    expect(await call('hexue', '/OaCheck/recordItem', { planId, resultId: second.resultId, score: 5 })).toMatchObject({
      code: 400,
      msg: '请选择是否合格',
    });
    expect(
      await call('hexue', '/OaCheck/recordItem', {
        planId,
        resultId: first.resultId,
        score: 8,
        passed: true,
        batchId: nextBatch(),
      }),
    ).toMatchObject({ code: 400, msg: '“前台整洁”需要拍照' });
    // Refused means nothing was kept.
    expect((await detail(planId, 'hexue')).results[0]).toMatchObject({ score: null, passed: null });
    expect(await call('hexue', '/OaCheck/submitPlan', { planId })).toMatchObject({ code: 400, msg: '还有3项未检查' });
    // Someone else's plan item is no item of this plan.
    expect(
      await call('hexue', '/OaCheck/recordItem', { planId, resultId: 999999, score: 1, passed: true }),
    ).toMatchObject({ code: 400, msg: '检查项不存在' });
  });

  it('submits with the total; each failed item becomes one task of the person responsible, once on a double submit', async () => {
    const planId = await plan();
    const results = await inspectAll(planId);
    const failed = results[2]!;
    expect(await call('hexue', '/OaCheck/submitPlan', { planId })).toMatchObject({
      code: 400,
      msg: '请为不合格项“着装统一”指定整改负责人和期限',
    });
    expect(
      await call('hexue', '/OaCheck/submitPlan', {
        planId,
        rectifications: [{ resultId: results[0]!.resultId, ownerUserId: ids.zhangyu, deadline: '2026-12-05' }],
      }),
    ).toMatchObject({ code: 400, msg: '整改安排有误' });
    const body = {
      planId,
      summary: '整体良好',
      rectifications: [{ resultId: failed.resultId, ownerUserId: ids.zhangyu, deadline: '2026-12-05' }],
    };
    const [a, b] = await Promise.all([
      call('hexue', '/OaCheck/submitPlan', body),
      call('hexue', '/OaCheck/submitPlan', body),
    ]);
    expect(a).toMatchObject({ code: 0, data: { totalScore: 9 + 19 + 3 } });
    expect(b.data).toEqual(a.data);
    expect(a.data.taskIds).toHaveLength(1);
    const tasks = await queryRows<{ task_id: number; owner_user_id: number; title: string }>(
      t.database.db,
      sql`select task_id, owner_user_id, title from oa_task where batch_id like ${`check-${planId}-%`}`,
    );
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({
      task_id: a.data.taskIds[0],
      owner_user_id: ids.zhangyu,
      title: '整改：丽人医美会所 着装统一',
    });

    // The task is in 张雨's tasks, and the plan shows its status.
    const mine = (await call('zhangyu', '/OaTask/queryTaskList', { type: 1 })).data.list;
    expect(mine.map((x: { taskId: number }) => x.taskId)).toContain(a.data.taskIds[0]);
    const d = await detail(planId);
    expect(d).toMatchObject({ status: 3, totalScore: 31, failedCount: 1, openTasks: 1, summary: '整体良好' });
    expect(d.results[2].task).toMatchObject({ taskId: a.data.taskIds[0], ownerName: '张雨', status: 1 });
    expect(d.results[0].photos.map((p: { name: string }) => p.name)).toEqual(['前台.png']);
    expect(d.permitted).toEqual({ edit: false, cancel: false, inspect: false });
    await call('zhangyu', '/OaTask/setTaskStatus', { taskId: a.data.taskIds[0], status: 2 });
    expect(await detail(planId)).toMatchObject({ openTasks: 0 });
    // Completed: nothing changes any more.
    expect(
      await call('hexue', '/OaCheck/recordItem', { planId, resultId: failed.resultId, score: 9, passed: true }),
    ).toMatchObject({ code: 400, msg: '检查已完成，不能再修改' });
  });

  it('shows the photos to who may read the plan, and to nobody else', async () => {
    const planId = await plan();
    await inspectAll(planId, { allPass: true });
    const batch = (await detail(planId)).results[0].batchId;
    const names = async (who: string) => {
      const res = await call(who, '/file/queryByBatchId', { batchId: batch });
      return res.code === 0 ? res.data.map((f: { name: string }) => f.name) : res.msg;
    };
    expect(await names('wangzong')).toEqual(['前台.png']);
    expect(await names('hexue')).toEqual(['前台.png']);
    expect(await names('liming')).toBe('无权访问');
  });
});

describe('who sees which plans', () => {
  let inShop: number;
  let otherShop: number;
  let inDept: number;
  let scoped: string;

  beforeAll(async () => {
    inShop = await plan();
    otherShop = await plan({ storeId: shops.雅韵轻医美 });
    inDept = await plan({ targetType: 2, storeId: undefined, deptId: depts.销售一部 });
    // A summary reader of 销售一部 (department scope).
    await t.database.db.execute(sql`
      with r as (insert into sys_role (role_name, role_type, data_type) values ('督导一部', 7, 3) returning role_id)
      insert into sys_role_permission (role_id, permission) select role_id, 'oa:check:summary' from r`);
    scoped = await signInNewUser('dudao1', { roles: ['督导一部'], dept: '销售一部' });
  });

  const listed = async (token: string, body: object = {}) =>
    ((await t.post('/OaCheck/queryPlanList', body, token)).data.list as { planId: number }[]).map((r) => r.planId);

  it('the scope of the target: a shop whose owner, or a department, the reader’s role may see', async () => {
    const seen = await listed(scoped);
    expect(seen).toContain(inShop);
    expect(seen).toContain(inDept);
    expect(seen).not.toContain(otherShop);
    expect(await t.post('/OaCheck/queryPlan', { planId: otherShop }, scoped)).toMatchObject(refused);
    expect(await t.post('/OaCheck/queryPlan', { planId: 99999999 }, scoped)).toMatchObject({
      code: 404,
      msg: '检查计划不存在',
    });
  });

  it('the inspector sees the plans they inspect; someone with no check leaf nothing', async () => {
    const theirs = await listed(as('hexue'), { type: 2 });
    expect(theirs).toEqual(expect.arrayContaining([inShop, otherShop, inDept]));
    expect(await listed(as('zhangyu'))).not.toContain(inShop);
    expect(await call('liming', '/OaCheck/queryPlan', { planId: inShop })).toMatchObject(refused);
    const none = await signInNewUser('nocheck', { roles: ['销售'], dept: '销售一部' });
    expect(await t.post('/OaCheck/queryPlanList', {}, none)).toMatchObject(refused);
  });

  it('a summary reader may not manage plans', async () => {
    expect(await t.post('/OaCheck/cancelPlan', { planId: inShop }, scoped)).toMatchObject(refused);
  });
});

describe('the summary', () => {
  it('counts per target in the period, with averages, failed items and open rectifications, and exports it', async () => {
    const db = t.database.db;
    // Start from nothing completed, then complete two inspections of one shop.
    await db.execute(sql`update oa_check_plan set status = 4 where status = 3`);
    const shop = shops.尚美医疗美容诊所;
    for (const allPass of [true, false]) {
      const planId = await plan({ storeId: shop });
      const results = await inspectAll(planId, { allPass });
      const rectifications = allPass
        ? []
        : [{ resultId: results[2]!.resultId, ownerUserId: ids.zhangyu, deadline: '2026-12-05' }];
      expect(await call('hexue', '/OaCheck/submitPlan', { planId, rectifications })).toMatchObject({ code: 0 });
    }
    const today = (
      await queryRows<{ d: string }>(db, sql`select to_char(now() at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as d`)
    )[0]!.d;
    const period = { startDate: today, endDate: today };
    const res = await call('wangzong', '/OaCheck/summary', period);
    expect(res.data.list).toEqual([
      {
        targetType: 1,
        targetId: shop,
        targetName: '尚美医疗美容诊所',
        inspections: 2,
        averageScore: (37 + 31) / 2,
        averageRate: 85,
        failedItems: 1,
        openRectifications: 1,
      },
    ]);
    // Another period holds nothing; a period backwards is refused.
    expect(
      (await call('wangzong', '/OaCheck/summary', { startDate: '2020-01-01', endDate: '2020-01-31' })).data.list,
    ).toEqual([]);
    expect(await call('wangzong', '/OaCheck/summary', { startDate: today, endDate: '2020-01-01' })).toMatchObject({
      code: 400,
      msg: '结束日期不能早于开始日期',
    });
    // 何雪 inspects but reads no summary.
    expect(await call('hexue', '/OaCheck/summary', period)).toMatchObject(refused);

    const sheet = await download(t, '/OaCheck/excelExport', period, as('wangzong'));
    expect(sheet.headers['content-type']).toContain('spreadsheetml');
    const rows = await sheetRows(sheet.rawPayload);
    expect(rows[0]).toEqual(['类型', '门店/部门', '检查次数', '平均得分', '平均得分率(%)', '不合格项', '未完成整改']);
    expect(rows[1]).toEqual(['门店', '尚美医疗美容诊所', 2, 34, 85, 1, 1]);
  });
});

describe('migration 0071_supervision', () => {
  it('grants manage and summary to 客户管理员 and inspect to every role using tasks, once', async () => {
    const db = t.database.db;
    const holders = async (key: string) =>
      (
        await queryRows<{ role_name: string }>(
          db,
          sql`select r.role_name from sys_role_permission p join sys_role r on r.role_id = p.role_id
              where p.permission = ${key} order by r.role_name`,
        )
      ).map((r) => r.role_name);
    const before = [await holders('oa:check:manage'), await holders('oa:check:inspect')];
    expect(before[0]).toEqual(['客户管理员']);
    expect(before[1]).toEqual(await holders('oa:task:use'));
    // An installation from before supervision: no role holds its keys.
    await db.execute(sql`delete from sys_role_permission where permission like 'oa:check:%'`);
    const migration = fs.readFileSync(path.join(serverDir, 'drizzle/0071_supervision.sql'), 'utf8');
    const grants = migration.slice(migration.indexOf('-- hand-written:'));
    // Twice: the block must be safe to run again.
    for (let twice = 0; twice < 2; twice++)
      for (const statement of grants.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));
    expect([await holders('oa:check:manage'), await holders('oa:check:inspect')]).toEqual(before);
    expect(await holders('oa:check:summary')).toEqual(['客户管理员']);
  });
});
