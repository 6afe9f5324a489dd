import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { batchIds, people } from '../../test/people.ts';

// 赵强 (sales manager, 销售一部) hands customers to 孙丽 (sales, same team); 周杰 is a colleague
// with no part in the tasks; 陈静 (finance) has no agency permission; 孙晓雅 belongs to 销售二部,
// outside 赵强's scope.
let t: TestApp;
const { tokens, ids, call, signIn } = people(() => t);
const customers: Record<string, number> = {};
const nextBatch = batchIds('agency-batch');

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'zhaoqiang', 'sunli', 'zhoujie', 'chenjing']);
  const page = await call('admin', '/CrmCustomer/queryPageList', { limit: 100 });
  for (const c of page.data.list) customers[c.customerName] = c.customerId;
});
afterAll(() => t.close());

async function assign(extra: Record<string, unknown> = {}) {
  const res = await call('zhaoqiang', '/CrmCustumerAgency/saveList', {
    customerIds: [customers.林婉清, customers.陈雨桐],
    userId: ids.sunli,
    typeCode: 1,
    content: '术后7天回访，询问恢复情况',
    deadline: '2026-12-01 18:00',
    batchId: nextBatch(),
    ...extra,
  });
  expect(res.code).toBe(0);
  return res.data.agencyIds as number[];
}

const refused = { code: 403, msg: '无权访问' };

describe('POST /CrmCustumerAgency/saveList', () => {
  it('creates one task per customer for the advisor, once per form', async () => {
    const batchId = nextBatch();
    const first = await assign({ batchId });
    expect(first).toHaveLength(2);
    expect(await assign({ batchId })).toEqual(first);
    const mine = await call('sunli', '/CrmCustumerAgency/findPage', { type: 1, status: 1 });
    const rows = mine.data.list.filter((r: { agencyId: number }) => first.includes(r.agencyId));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ typeName: '术后回访', userName: '孙丽', createUserName: '赵强', status: 1 });
    expect(rows[0].permitted).toEqual({ accept: true, mark: true, complete: false, revoke: false });
  });

  it.each([
    ['no customer', { customerIds: [] }, '请选择客户'],
    ['no advisor', { userId: '' }, '请选择执行人'],
    ['an unknown type', { typeCode: 9 }, '任务类型有误'],
    ['no content', { content: '  ' }, '请输入任务内容'],
    ['a bad deadline', { deadline: '明天' }, '截止时间格式有误'],
    ['an advisor without the permission', { userId: 0 }, '执行人没有回访任务权限'],
  ])('refuses %s', async (_, extra, msg) => {
    const body: Record<string, unknown> = { ...extra };
    // 陈静 (finance) is active but holds no agency permission.
    if (body.userId === 0) body.userId = ids.chenjing;
    const res = await call('zhaoqiang', '/CrmCustumerAgency/saveList', {
      customerIds: [customers.林婉清],
      userId: ids.sunli,
      typeCode: 1,
      content: '回访',
      batchId: nextBatch(),
      ...body,
    });
    expect(res).toMatchObject({ code: 400, msg });
  });

  it('refuses a customer outside the assigner’s scope, and an unknown one', async () => {
    const out = await call('zhaoqiang', '/CrmCustumerAgency/saveList', {
      customerIds: [customers.林婉清, customers.孙晓雅],
      userId: ids.sunli,
      typeCode: 2,
      content: '复诊提醒',
      batchId: nextBatch(),
    });
    expect(out).toMatchObject(refused);
    const unknown = await call('zhaoqiang', '/CrmCustumerAgency/saveList', {
      customerIds: [999999],
      userId: ids.sunli,
      typeCode: 2,
      content: '复诊提醒',
      batchId: nextBatch(),
    });
    expect(unknown).toMatchObject({ code: 404, msg: '客户不存在' });
  });

  it('refuses someone who may not assign', async () => {
    const res = await call('sunli', '/CrmCustumerAgency/saveList', {
      customerIds: [customers.林婉清],
      userId: ids.sunli,
      typeCode: 1,
      content: '回访',
    });
    expect(res).toMatchObject(refused);
    expect(await call('chenjing', '/CrmCustumerAgency/findPage', {})).toMatchObject(refused);
  });
});

describe('the advisor’s side: accept, mark, complete', () => {
  it('accepts, marks and completes with a result that joins the customer’s follow-ups', async () => {
    const [a] = await assign();
    expect(
      await call('sunli', '/CrmCustumerAgency/completeTheTaskDetail', { agencyId: a, result: '恢复良好' }),
    ).toMatchObject({
      code: 400,
      msg: '请先接受任务',
    });
    expect(await call('sunli', '/CrmCustumerAgency/accept', { agencyId: a })).toMatchObject({
      code: 0,
      data: { status: 2 },
    });
    // A second click answers it unchanged.
    expect(await call('sunli', '/CrmCustumerAgency/accept', { agencyId: a })).toMatchObject({
      code: 0,
      data: { status: 2 },
    });
    expect(await call('sunli', '/CrmCustumerAgency/markById', { agencyId: a })).toMatchObject({
      data: { marked: true },
    });
    expect(await call('sunli', '/CrmCustumerAgency/markById', { agencyId: a, marked: true })).toMatchObject({
      data: { marked: true },
    });
    const marked = await call('sunli', '/CrmCustumerAgency/findPage', { type: 1, marked: true });
    expect(marked.data.list.map((r: { agencyId: number }) => r.agencyId)).toContain(a);
    expect(await call('sunli', '/CrmCustumerAgency/completeTheTaskDetail', { agencyId: a, result: ' ' })).toMatchObject(
      {
        code: 400,
        msg: '请输入回访结果',
      },
    );
    const done = await call('sunli', '/CrmCustumerAgency/completeTheTaskDetail', {
      agencyId: a,
      result: '恢复良好，下周复诊',
    });
    expect(done).toMatchObject({ code: 0, data: { status: 3 } });
    const follows = await call('sunli', '/CrmCustomer/getRecord', { id: customers.林婉清 });
    expect(follows.data.list[0]).toMatchObject({ category: '术后回访', content: '恢复良好，下周复诊' });
    expect(await call('zhaoqiang', '/CrmCustumerAgency/revokeTaskByAgencyId', { agencyId: a })).toMatchObject({
      code: 400,
      msg: '任务已完成或已撤销',
    });
    expect(await call('sunli', '/CrmCustumerAgency/markById', { agencyId: a })).toMatchObject({
      code: 400,
      msg: '任务已完成或已撤销',
    });
  });

  it('counts the tasks waiting for the advisor to accept as agencyNum, for the advisor only', async () => {
    const num = async (who: string) => (await call(who, '/OaBackLog/num')).data.agencyNum as number;
    const before = await num('sunli');
    const [a, b] = await assign();
    expect(await num('sunli')).toBe(before + 2);
    expect((await call('sunli', '/CrmCustumerAgency/accept', { agencyId: a })).code).toBe(0);
    expect(await num('sunli')).toBe(before + 1);
    expect((await call('zhaoqiang', '/CrmCustumerAgency/revokeTaskByAgencyId', { agencyId: b })).code).toBe(0);
    expect(await num('sunli')).toBe(before);
    // The assigner's own count does not hold what he handed out; finance holds no agency permission.
    expect(await num('chenjing')).toBe(0);
    const waiting = await call('sunli', '/CrmCustumerAgency/findPage', { type: 1, status: 1, limit: 100 });
    expect(waiting.data.totalRow).toBe(before);
  });

  it('accepts every waiting task at once', async () => {
    await assign();
    const res = await call('sunli', '/CrmCustumerAgency/acceptAllToBeAcceptedAgent');
    expect(res.code).toBe(0);
    expect(res.data.count).toBeGreaterThanOrEqual(2);
    const waiting = await call('sunli', '/CrmCustumerAgency/findPage', { type: 1, status: 1 });
    expect(waiting.data.totalRow).toBe(0);
  });

  it('refuses the assigner on the advisor’s calls and a stranger on every call', async () => {
    const [a] = await assign();
    expect(await call('zhaoqiang', '/CrmCustumerAgency/accept', { agencyId: a })).toMatchObject({ code: 403 });
    for (const url of ['accept', 'markById', 'completeTheTaskDetail', 'revokeTaskByAgencyId'])
      expect(await call('zhoujie', `/CrmCustumerAgency/${url}`, { agencyId: a, result: 'x' })).toMatchObject(refused);
    expect(await call('sunli', '/CrmCustumerAgency/accept', { agencyId: 999999 })).toMatchObject({
      code: 404,
      msg: '回访任务不存在',
    });
  });
});

describe('the assigner’s side: revoke and list', () => {
  it('revokes a live task; the advisor can no longer accept it', async () => {
    const [a] = await assign();
    expect(await call('sunli', '/CrmCustumerAgency/revokeTaskByAgencyId', { agencyId: a })).toMatchObject(refused);
    expect(await call('zhaoqiang', '/CrmCustumerAgency/revokeTaskByAgencyId', { agencyId: a })).toMatchObject({
      data: { status: 4 },
    });
    expect(await call('sunli', '/CrmCustumerAgency/accept', { agencyId: a })).toMatchObject({
      code: 400,
      msg: '任务已不是待接受状态',
    });
    expect(await call('zhaoqiang', '/CrmCustumerAgency/revokeTaskByAgencyId', { agencyId: 999999 })).toMatchObject({
      code: 404,
    });
  });

  it('lists what I handed out, searchable by customer, paged', async () => {
    const res = await call('zhaoqiang', '/CrmCustumerAgency/findPage', { type: 2, search: '林婉清', limit: 2 });
    expect(res.code).toBe(0);
    expect(res.data.list).toHaveLength(2);
    expect(res.data.totalRow).toBeGreaterThan(2);
    expect(res.data.list.every((r: { customerName: string }) => r.customerName === '林婉清')).toBe(true);
    expect(await call('zhaoqiang', '/CrmCustumerAgency/findPage', { type: 3 })).toMatchObject({
      code: 400,
      msg: '列表类型有误',
    });
    // Nobody else's list shows them.
    const other = await call('zhoujie', '/CrmCustumerAgency/findPage', { type: 1 });
    expect(other.data.totalRow).toBe(0);
  });

  it('answers the task types', async () => {
    const res = await t.call('GET', '/CrmCustumerAgency/querySysCode', { token: tokens.sunli });
    expect(res.data.map((c: { name: string }) => c.name)).toEqual([
      '术后回访',
      '复诊提醒',
      '满意度回访',
      '生日关怀',
      '其他',
    ]);
    expect(await t.call('GET', '/CrmCustumerAgency/querySysCode', { token: tokens.chenjing })).toMatchObject(refused);
  });
});
