import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, sheetRows } from '../../crm/records/excel/test-support.ts';
import { createTestApp, raw, type TestApp } from '../../test/harness.ts';
import { orgIds, people } from '../../test/people.ts';
import { headcountFields, inMinutes } from './test-support.ts';

/**
 * Declaration forms (issue 25): admin (super) and zhaoqiang (销售经理, audit in 销售一部 and below)
 * issue and audit; sunli and zhoujie (销售一部) and zhenghao (销售二部) fill in; crmonly holds no
 * leaf; outsider (普通员工 of 财务部) fills in but was not issued the task.
 */
let t: TestApp;
const { call, signIn, signInNewUser, as } = people(() => t);
const refused = { code: 403, msg: '无权访问' };
let dept: Record<string, number>;
const P = '/api/declaration';

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'zhaoqiang', 'sunli', 'zhoujie', 'zhenghao']);
  await signInNewUser('crmonly', { roles: ['销售'], dept: '总经办' });
  await signInNewUser('outsider', { roles: ['普通员工'], dept: '财务部' });
  dept = (await orgIds(t)).dept;
});
afterAll(() => t.close());

const get = async (who: string, url: string) =>
  (await t.app.inject({ method: 'GET', url, headers: { 'admin-token': as(who) } })).json();

const taskBody = (extra: Record<string, unknown> = {}) =>
  raw({
    title: '月度人员与消防申报',
    description: '每月底前填报',
    deadline: inMinutes(24 * 60),
    deptIds: [dept.销售一部!, dept.销售二部!],
    fields: headcountFields,
    ...extra,
  });

async function issue(extra: Record<string, unknown> = {}, who = 'admin') {
  const res = await call(who, `${P}/saveTask`, taskBody(extra));
  expect(res).toMatchObject({ code: 0 });
  return res.data.taskId as number;
}

/** Field keys by name, from the form as the filler reads it. */
async function keysOf(taskId: number, who = 'sunli') {
  const detail = await get(who, `/task/queryTaskById?taskId=${taskId}`);
  expect(detail).toMatchObject({ code: 0 });
  return Object.fromEntries(
    (detail.data.fields as { name: string; fieldName: string }[]).map((f) => [f.name, f.fieldName]),
  ) as Record<string, string>;
}

const fillIn = (k: Record<string, string>, count = 12) => ({
  [k.在岗人数!]: count,
  [k.是否完成消防检查!]: '是',
  [k.本月培训!]: ['消防', '急救'],
});

async function submit(who: string, taskId: number, values: Record<string, unknown>) {
  return call(who, `${P}/submitForm`, { taskId, values });
}

describe('issuing a task', () => {
  it('issues once per batch, resolves the assignees and refuses bad tasks with their messages', async () => {
    const batchId = 'decl-batch-1';
    const first = await call('admin', `${P}/saveTask`, taskBody({ batchId }));
    const again = await call('admin', `${P}/saveTask`, taskBody({ batchId }));
    expect(first).toMatchObject({ code: 0 });
    expect(again.data.taskId).toBe(first.data.taskId);
    const people = await call('admin', `${P}/taskCreateUserByTaskId`, { taskId: first.data.taskId });
    const names = (people.data as { realname: string }[]).map((p) => p.realname);
    expect(names).toEqual(expect.arrayContaining(['赵强', '孙丽', '周杰', '吴芳', '郑浩']));
    expect(names).not.toContain('王建国');

    const bad = async (extra: Record<string, unknown>, msg: string) =>
      expect(await call('admin', `${P}/saveTask`, taskBody(extra))).toMatchObject({ code: 400, msg });
    await bad({ title: '' }, '请输入申报表名称');
    await bad({ deadline: '' }, '请选择截止时间');
    await bad({ deadline: '2026-02-30 10:00' }, '截止时间格式有误');
    await bad({ deadline: inMinutes(-5) }, '截止时间须晚于现在');
    await bad({ deptIds: [], userIds: [] }, '请选择填报的部门或人员');
    await bad({ fields: [] }, '请至少设计一个字段');
    await bad({ fields: [{ name: '负责人', formType: 'user' }] }, '申报表不支持字段类型：负责人');
    await bad(
      {
        fields: [
          { name: 'a', formType: 'text' },
          { name: 'a', formType: 'number' },
        ],
      },
      'a已存在',
    );
    await bad({ deptIds: [999_999] }, '所选部门不存在');
  });

  it('is for those holding the manage leaf', async () => {
    expect(await call('sunli', `${P}/saveTask`, taskBody())).toMatchObject(refused);
    expect(await call('crmonly', `${P}/queryTaskList`, {})).toMatchObject(refused);
    expect(await call('sunli', `${P}/removeById`, { taskId: 1 })).toMatchObject(refused);
  });

  it('keeps the form once someone submitted, and removes a task', async () => {
    const taskId = await issue({ title: '改表测试' });
    const k = await keysOf(taskId);
    expect(await submit('sunli', taskId, fillIn(k))).toMatchObject({ code: 0 });
    const detail = await get('admin', `/task/queryTaskById?taskId=${taskId}`);
    expect(detail.data).toMatchObject({ fieldsFixed: true, canAudit: true, title: '改表测试' });
    const moreFields = [...detail.data.fields, { name: '新字段', formType: 'text' }];
    expect(await call('admin', `${P}/saveTask`, taskBody({ taskId, fields: moreFields }))).toMatchObject({
      code: 400,
      msg: '已有人填报，不能再修改表单字段',
    });
    // The same form with a later deadline and a new title is still an edit.
    expect(
      await call('admin', `${P}/saveTask`, taskBody({ taskId, title: '改表测试（延期）', fields: detail.data.fields })),
    ).toMatchObject({ code: 0 });
    expect(await call('admin', `${P}/removeById`, { taskId })).toMatchObject({ code: 0 });
    expect(await call('admin', `${P}/removeById`, { taskId })).toMatchObject({ code: 404, msg: '申报任务不存在' });
    expect(await get('sunli', `/task/queryTaskById?taskId=${taskId}`)).toMatchObject({
      code: 404,
      msg: '申报任务不存在',
    });
    const mine = await call('sunli', `${P}/queryMyDeclarationForm`, {});
    expect((mine.data.list as { taskId: number }[]).map((r) => r.taskId)).not.toContain(taskId);
  });
});

describe('filling in', () => {
  it('lists my open task on the workbench, submits once on a double click and checks required fields', async () => {
    const taskId = await issue({ title: '填报测试' });
    const k = await keysOf(taskId);
    const num = async () => (await call('zhoujie', '/OaBackLog/num')).data.declarationNum as number;
    const before = await num();
    expect(before).toBeGreaterThan(0);
    const mine = await call('zhoujie', `${P}/queryMyDeclarationForm`, {});
    expect(mine.data.list).toContainEqual(expect.objectContaining({ taskId, myStatus: 0, overdue: false }));

    expect(await submit('zhoujie', taskId, { [k.在岗人数!]: 3 })).toMatchObject({
      code: 400,
      msg: '是否完成消防检查不能为空',
    });
    expect(await submit('zhoujie', taskId, { ...fillIn(k), [k.是否完成消防检查!]: '也许' })).toMatchObject({
      code: 400,
    });
    const [a, b] = await Promise.all([submit('zhoujie', taskId, fillIn(k)), submit('zhoujie', taskId, fillIn(k))]);
    expect(a).toMatchObject({ code: 0 });
    expect(b.data.submissionId).toBe(a.data.submissionId);
    expect(await submit('zhoujie', taskId, fillIn(k, 99))).toMatchObject({
      code: 400,
      msg: '你已提交，等待审核；如需修改请先撤回',
    });
    expect(await num()).toBe(before - 1);
    const detail = await get('zhoujie', `/task/queryTaskById?taskId=${taskId}`);
    expect(detail.data.mine).toMatchObject({ status: 1, values: { [k.在岗人数!]: 12 } });
    expect(detail.data.canAudit).toBe(false);
  });

  it('refuses people the task was not issued to, and those without the fill leaf', async () => {
    const taskId = await issue({ title: '没有下发' });
    expect(await submit('outsider', taskId, {})).toMatchObject({ code: 403, msg: '这份申报表没有下发给你' });
    expect(await get('outsider', `/task/queryTaskById?taskId=${taskId}`)).toMatchObject({
      code: 403,
      msg: '这份申报表没有下发给你',
    });
    expect(await submit('crmonly', taskId, {})).toMatchObject(refused);
    expect(await submit('sunli', 999_999, {})).toMatchObject({ code: 404, msg: '申报任务不存在' });
    expect(await call('sunli', `${P}/appletRevoke`, { taskId })).toMatchObject({
      code: 400,
      msg: '你还没有提交这份申报表',
    });
  });

  it('revokes before audit, submits again, and says so after the deadline', async () => {
    const taskId = await issue({ title: '撤回测试' });
    const k = await keysOf(taskId);
    const first = await submit('sunli', taskId, fillIn(k));
    expect(await call('sunli', `${P}/appletRevoke`, { taskId })).toMatchObject({ code: 0 });
    expect(await call('sunli', `${P}/appletRevoke`, { taskId })).toMatchObject({ code: 0 });
    const list = await call('admin', `${P}/taskCreateUserByTaskId`, { taskId });
    expect(list.data).toContainEqual(expect.objectContaining({ realname: '孙丽', state: 4 }));
    const again = await submit('sunli', taskId, fillIn(k, 13));
    expect(again.data.submissionId).toBe(first.data.submissionId);

    // Past the deadline: a revoked form cannot be submitted again, and the counts show who is late.
    expect(await call('sunli', `${P}/appletRevoke`, { taskId })).toMatchObject({ code: 0 });
    await t.database.db.execute(
      sql`update decl_task set deadline = now() - interval '1 minute' where task_id = ${taskId}`,
    );
    expect(await submit('sunli', taskId, fillIn(k))).toMatchObject({ code: 400, msg: '已过截止时间，不能再提交' });
    const stats = await call('admin', `${P}/statistical`, { taskId });
    expect(stats.data).toMatchObject({ submitted: 0 });
    expect(stats.data.overdue).toBe(stats.data.assigned);
  });
});

describe('auditing', () => {
  let taskId: number;
  let k: Record<string, string>;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    taskId = await issue({ title: '审核测试' });
    k = await keysOf(taskId);
    for (const who of ['sunli', 'zhoujie', 'zhenghao'])
      ids[who] = (await submit(who, taskId, fillIn(k))).data.submissionId;
  });

  it("shows an auditor only their data scope's submissions", async () => {
    const mgr = await call('zhaoqiang', `${P}/webPageQueryForm`, { taskId });
    expect((mgr.data.list as { realname: string }[]).map((r) => r.realname).sort()).toEqual(['周杰', '孙丽']);
    const all = await call('admin', `${P}/webPageQueryForm`, { taskId, limit: 2 });
    expect(all.data).toMatchObject({ totalRow: 3, page: 1 });
    expect(all.data.list).toHaveLength(2);
    const inDept = await call('admin', `${P}/webPageQueryForm`, { taskId, deptId: dept.销售二部 });
    expect(inDept.data.list).toEqual([expect.objectContaining({ realname: '郑浩', deptName: '销售二部', status: 1 })]);
    expect(await call('zhaoqiang', `${P}/auditForm`, { submissionId: ids.zhenghao, status: 2 })).toMatchObject({
      code: 404,
      msg: '申报表不存在',
    });
    const waiting = await call('zhaoqiang', `${P}/queryWaitAuditFormTaskList`, { search: '审核测试' });
    expect(waiting.data.list).toEqual([expect.objectContaining({ taskId, waitCount: 2, assignedCount: 3 })]);
    const depts = await call('zhaoqiang', '/api/DeclarationFromDept/queryDeptTypeByOne', { taskId });
    expect(depts.data).toEqual([expect.objectContaining({ deptName: '销售一部', assigned: 3, submitted: 2 })]);
    expect(await call('sunli', `${P}/webPageQueryForm`, { taskId })).toMatchObject(refused);
  });

  it('approves and rejects with a reason; no revoke or new submit after the audit', async () => {
    expect(await call('zhaoqiang', `${P}/auditForm`, { submissionId: ids.sunli, status: 3 })).toMatchObject({
      code: 400,
      msg: '请填写驳回原因',
    });
    expect(await call('zhaoqiang', `${P}/auditForm`, { submissionId: ids.sunli, status: 5 })).toMatchObject({
      code: 400,
      msg: '请选择通过或驳回',
    });
    expect(await call('zhaoqiang', `${P}/auditForm`, { submissionId: ids.sunli, status: 2 })).toMatchObject({
      code: 0,
    });
    expect(await call('zhaoqiang', `${P}/auditForm`, { submissionId: ids.sunli, status: 2 })).toMatchObject({
      code: 0,
    });
    expect(
      await call('zhaoqiang', `${P}/auditForm`, { submissionId: ids.sunli, status: 3, reason: '人数不对' }),
    ).toMatchObject({ code: 400, msg: '这份申报表不在待审核状态' });
    expect(await call('sunli', `${P}/appletRevoke`, { taskId })).toMatchObject({
      code: 400,
      msg: '申报表已审核，不能撤回',
    });
    expect(await submit('sunli', taskId, fillIn(k, 20))).toMatchObject({
      code: 400,
      msg: '申报表已审核通过，不能再修改',
    });

    expect(
      await call('zhaoqiang', `${P}/auditForm`, { submissionId: ids.zhoujie, status: 3, reason: '人数不对' }),
    ).toMatchObject({ code: 0 });
    const mine = await call('zhoujie', `${P}/queryMyDeclarationForm`, {});
    expect(mine.data.list).toContainEqual(expect.objectContaining({ taskId, myStatus: 3, auditReason: '人数不对' }));
    // A rejected form is filled in again and waits for audit once more.
    expect(await submit('zhoujie', taskId, fillIn(k, 11))).toMatchObject({ code: 0 });
    expect(await call('zhaoqiang', `${P}/auditForm`, { submissionId: 999_999, status: 2 })).toMatchObject({
      code: 404,
      msg: '申报表不存在',
    });
  });

  it('corrects single cells with a logged change, checked by the field rule', async () => {
    const cell = (fieldName: string, value: unknown) =>
      call('zhaoqiang', `${P}/updateCell`, { submissionId: ids.sunli, fieldName, value });
    expect(await cell(k.在岗人数!, 'abc')).toMatchObject({ code: 400 });
    expect(await cell(k.在岗人数!, 12)).toMatchObject({ code: 400, msg: '内容没有变化' });
    expect(await cell('field_99', 1)).toMatchObject({ code: 400, msg: '字段不存在' });
    expect(await cell(k.是否完成消防检查!, '')).toMatchObject({ code: 400, msg: '是否完成消防检查不能为空' });
    expect(await cell(k.在岗人数!, 14)).toMatchObject({ code: 0 });
    const detail = await call('zhaoqiang', `${P}/queryFormById`, { submissionId: ids.sunli });
    expect(detail.data).toMatchObject({ status: 2, corrections: 1, values: { [k.在岗人数!]: 14 } });
    expect(detail.data.logs).toEqual([
      expect.objectContaining({ fieldLabel: '在岗人数', oldValue: 12, newValue: 14, userName: '赵强' }),
    ]);
    expect(detail.data.logs[0].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(
      await call('zhaoqiang', `${P}/updateCell`, { submissionId: ids.zhenghao, fieldName: k.在岗人数!, value: 1 }),
    ).toMatchObject({ code: 404, msg: '申报表不存在' });
    expect(
      await call('sunli', `${P}/updateCell`, { submissionId: ids.sunli, fieldName: k.在岗人数!, value: 1 }),
    ).toMatchObject(refused);
  });

  it('counts per task and department and exports labels, not ids', async () => {
    const stats = await call('admin', `${P}/statistical`, { taskId });
    expect(stats.data).toMatchObject({ submitted: 3, approved: 1, rejected: 0, waiting: 2, overdue: 0 });
    const byDept = Object.fromEntries((stats.data.depts as { deptName: string }[]).map((d) => [d.deptName, d]));
    expect(byDept.销售二部).toMatchObject({ assigned: 2, submitted: 1 });
    const people = await call('admin', `${P}/taskCreateUserByTaskId`, { taskId });
    expect(people.data).toContainEqual(expect.objectContaining({ realname: '吴芳', state: 0, overdue: false }));

    const res = await download(t, `${P}/webPageQueryFormExport`, { taskId }, as('zhaoqiang'));
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(
      expect.arrayContaining(['姓名', '部门', '状态', '在岗人数', '是否完成消防检查', '本月培训']),
    );
    expect(rows).toHaveLength(3);
    const sunli = rows.find((r) => r[0] === '孙丽')!;
    expect(sunli).toEqual(expect.arrayContaining(['销售一部', '已通过', '14', '是', '消防、急救', '赵强']));
    expect((await download(t, `${P}/webPageQueryFormExport`, { taskId }, as('sunli'))).json()).toMatchObject(refused);
  });
});

describe('a creator without the audit leaf', () => {
  it("audits their own task's submissions within the manage leaf's data scope, and no one else's task", async () => {
    // 外勤主管 (self and subordinates) gets the manage leaf alone; zhaoqiang holds it too but audits anyway.
    await t.database.db.execute(sql`insert into sys_role_permission (role_id, permission)
      select role_id, 'oa:declaration:manage' from sys_role where role_name = '外勤主管' on conflict do nothing`);
    await signInNewUser('issuer', { roles: ['外勤主管', '普通员工'], dept: '销售二部' });
    const mineTask = await issue({ title: '发起人审核', userIds: [], deptIds: [dept.销售二部!] }, 'issuer');
    const k = await keysOf(mineTask, 'zhenghao');
    const sub = (await submit('zhenghao', mineTask, fillIn(k))).data.submissionId;
    // 郑浩 is not below the issuer: out of the manage leaf's scope.
    expect((await call('issuer', `${P}/webPageQueryForm`, { taskId: mineTask })).data.totalRow).toBe(0);
    expect(await call('issuer', `${P}/auditForm`, { submissionId: sub, status: 2 })).toMatchObject({
      code: 404,
      msg: '申报表不存在',
    });
    const own = await submit('issuer', mineTask, fillIn(k));
    expect(await call('issuer', `${P}/auditForm`, { submissionId: own.data.submissionId, status: 2 })).toMatchObject({
      code: 0,
    });
    const other = await issue({ title: '别人的任务' });
    expect(await call('issuer', `${P}/statistical`, { taskId: other })).toMatchObject({
      code: 403,
      msg: '你不是这份申报表的审核人',
    });
  });
});
