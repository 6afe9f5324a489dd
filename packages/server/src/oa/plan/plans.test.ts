import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { batchIds, people } from '../../test/people.ts';

/**
 * Personas (seed): everyone with 普通员工 writes planning documents (scope: self). zhaoqiang
 * (销售一部) is sunli's and zhoujie's supervisor and holds 外勤主管 (oa:plan:use, self and
 * subordinates); liming is above zhaoqiang. chenjing (财务部) is nobody's superior in sales.
 */
let t: TestApp;
const { ids, call, signIn, signInNewUser } = people(() => t);

const refused = { code: 403, msg: '无权访问' };
const notFound = { code: 404, msg: '策划方案不存在' };
const nextBatch = batchIds('plan-batch');
const listIds = async (who: string, body: Record<string, unknown>) =>
  (await call(who, '/OaPlan/queryPlanList', body)).data.list.map((p: { planId: number }) => p.planId);

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'liming', 'zhaoqiang', 'sunli', 'zhoujie', 'wufang', 'chenjing']);
  await signInNewUser('crmonly', { roles: ['销售'], dept: '总经办' });
});
afterAll(() => t.close());

async function write(who = 'sunli', extra: Record<string, unknown> = {}) {
  const res = await call(who, '/OaPlan/savePlan', {
    title: '双十二活动策划',
    content: '<h2>目标</h2><p>到店客户 <strong>300</strong> 人</p>',
    sharedUserIds: [],
    batchId: nextBatch(),
    ...extra,
  });
  expect([res.code, res.msg]).toEqual([0, 'success']);
  return res.data.planId as number;
}

describe('POST /OaPlan/savePlan', () => {
  it('writes a document its author lists and opens, newest edit first', async () => {
    const planId = await write('sunli', { sharedUserIds: [ids.chenjing] });
    const mine = await call('sunli', '/OaPlan/queryPlanList', { type: 2 });
    expect(mine.data.list[0]).toMatchObject({
      planId,
      title: '双十二活动策划',
      preview: '目标 到店客户 300 人',
      creator: { userId: ids.sunli, realname: '孙丽' },
      sharedCount: 1,
    });
    const detail = await call('sunli', '/OaPlan/queryPlanInfo', { planId });
    expect(detail.data).toMatchObject({
      content: '<h2>目标</h2><p>到店客户 <strong>300</strong> 人</p>',
      sharedUsers: [{ userId: ids.chenjing, realname: '陈静' }],
      permitted: { update: true, delete: true },
    });
  });

  it('is read by its author, the people it is shared with and a superior by role scope, not by others', async () => {
    const planId = await write('sunli', { sharedUserIds: [ids.chenjing] });
    for (const who of ['sunli', 'chenjing', 'zhaoqiang', 'liming'])
      expect([who, (await call(who, '/OaPlan/queryPlanInfo', { planId })).code]).toEqual([who, 0]);
    expect((await call('chenjing', '/OaPlan/queryPlanInfo', { planId })).data.permitted).toEqual({
      update: false,
      delete: false,
    });
    expect(await listIds('chenjing', { type: 3 })).toContain(planId);
    expect(await listIds('zhaoqiang', { type: 4 })).toContain(planId);
    expect(await listIds('zhaoqiang', { type: 1 })).toContain(planId);
    // A colleague and another team's manager are out of scope.
    for (const who of ['zhoujie', 'wufang'])
      expect([who, await call(who, '/OaPlan/queryPlanInfo', { planId })]).toMatchObject([who, refused]);
    expect(await listIds('zhoujie', { type: 1 })).not.toContain(planId);
    expect(await listIds('wufang', { type: 4 })).not.toContain(planId);
  });

  it('stores the body sanitised', async () => {
    const planId = await write('sunli', {
      content: '<p onclick="alert(1)">预算<img src=x onerror=alert(1)></p><script>alert(2)</script>',
    });
    const detail = await call('sunli', '/OaPlan/queryPlanInfo', { planId });
    expect(detail.data.content).toBe('<p>预算<img src="x" /></p>');
  });

  it('answers the first document when the same form is submitted twice (double click)', async () => {
    const body = { title: '双击', content: '<p>双击</p>', batchId: 'plan-double-1' };
    const [a, b] = await Promise.all([
      call('zhoujie', '/OaPlan/savePlan', body),
      call('zhoujie', '/OaPlan/savePlan', body),
    ]);
    expect(a.data.planId).toBe(b.data.planId);
    expect((await call('zhoujie', '/OaPlan/queryPlanList', { type: 2 })).data.totalRow).toBe(1);
  });

  it('refuses bad input with the field’s message', async () => {
    const good = { title: '年会方案', content: '<p>地点待定</p>' };
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, '请输入方案标题'],
      [{ title: '标'.repeat(101) }, '方案标题不能超过100个字符'],
      [{ content: '' }, '请输入方案内容'],
      [{ content: '<p> </p>' }, '请输入方案内容'],
      [{ content: '<script>x()</script>' }, '请输入方案内容'],
      [{ content: `<p>${'字'.repeat(10001)}</p>` }, '内容不能超过10000个字'],
      [{ sharedUserIds: 'a' }, '共享人员有误'],
      [{ sharedUserIds: [99999] }, '所选成员不存在或已被禁用'],
      [{ sharedUserIds: Array.from({ length: 101 }, (_, i) => i + 1) }, '共享人员不能超过100人'],
    ];
    for (const [extra, msg] of cases) {
      const res = await call('sunli', '/OaPlan/savePlan', { ...good, ...extra, batchId: nextBatch() });
      expect([extra, res.code, res.msg]).toEqual([extra, 400, msg]);
    }
    const list = await call('sunli', '/OaPlan/queryPlanList', { type: 9 });
    expect([list.code, list.msg]).toEqual([400, '方案列表类型有误']);
  });

  it('lets only the author edit', async () => {
    const planId = await write('sunli', { sharedUserIds: [ids.zhoujie] });
    const edit = await call('sunli', '/OaPlan/savePlan', {
      planId,
      title: '双十二活动策划（二稿）',
      content: '<p>改过</p>',
      sharedUserIds: [ids.wufang],
    });
    expect(edit.code).toBe(0);
    const detail = await call('wufang', '/OaPlan/queryPlanInfo', { planId });
    expect(detail.data).toMatchObject({ title: '双十二活动策划（二稿）', content: '<p>改过</p>' });
    expect(await call('zhoujie', '/OaPlan/queryPlanInfo', { planId })).toMatchObject(refused);
    expect(await call('wufang', '/OaPlan/savePlan', { planId, title: 'x', content: '<p>我改</p>' })).toMatchObject({
      code: 403,
      msg: '只有方案的作者可以修改或删除',
    });
    expect(await call('zhaoqiang', '/OaPlan/savePlan', { planId, title: 'x', content: '<p>我改</p>' })).toMatchObject({
      code: 403,
      msg: '只有方案的作者可以修改或删除',
    });
    expect(await call('sunli', '/OaPlan/savePlan', { planId: 999999, title: 'x', content: '<p>x</p>' })).toMatchObject(
      notFound,
    );
  });
});

describe('POST /OaPlan/queryPlanList', () => {
  it('searches title and author, paginated', async () => {
    for (let i = 1; i <= 3; i++) await write('wufang', { title: `门店开业方案${i}` });
    const page = await call('wufang', '/OaPlan/queryPlanList', { type: 2, search: '开业', page: 2, limit: 2 });
    expect(page.data).toMatchObject({ totalRow: 3, page: 2, limit: 2 });
    expect(page.data.list.map((p: { title: string }) => p.title)).toEqual(['门店开业方案1']);
    const byName = await call('liming', '/OaPlan/queryPlanList', { type: 4, search: '吴芳' });
    expect(byName.data.totalRow).toBe(3);
  });

  it('is refused without the permission', async () => {
    expect(await call('crmonly', '/OaPlan/queryPlanList', {})).toMatchObject(refused);
    expect(await call('crmonly', '/OaPlan/savePlan', { title: 'x', content: '<p>x</p>' })).toMatchObject(refused);
  });
});

describe('POST /OaPlan/queryPlanInfo and deletePlan', () => {
  it('lets only the author delete; a deleted or unknown document is not found', async () => {
    const planId = await write('sunli');
    expect(await call('zhaoqiang', '/OaPlan/deletePlan', { planId })).toMatchObject({
      code: 403,
      msg: '只有方案的作者可以修改或删除',
    });
    expect(await call('chenjing', '/OaPlan/deletePlan', { planId })).toMatchObject(refused);
    expect((await call('sunli', '/OaPlan/deletePlan', { planId })).code).toBe(0);
    expect(await call('sunli', '/OaPlan/queryPlanInfo', { planId })).toMatchObject(notFound);
    expect(await listIds('sunli', { type: 2 })).not.toContain(planId);
    expect(await call('sunli', '/OaPlan/queryPlanInfo', { planId: 999999 })).toMatchObject(notFound);
    expect(await call('sunli', '/OaPlan/queryPlanInfo', { planId: 'x' })).toMatchObject({
      code: 400,
      msg: '策划方案不存在',
    });
    expect(await call('crmonly', '/OaPlan/queryPlanInfo', { planId })).toMatchObject(refused);
  });
});
