import { Msg, rechargeTierFor } from '@crm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, raw, type TestApp } from '../../test/harness.ts';
import { type OrgIds, orgIds, people } from '../../test/people.ts';
import { departmentPools, discountRateOf, orderFormSettings, rechargeTiers } from './read.ts';

/**
 * The clinic settings' calls (docs/api.md "Clinic: settings"), every list kind through one table:
 * its happy path, a refused body, a duplicate, a missing row and a user without the permission.
 */
let t: TestApp;
let org: OrgIds;
let project: Record<string, number>;
const { call, signIn } = people(() => t);

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'wangzong', 'sunli']);
  org = await orgIds(t);
  const options = await call('admin', '/clinicSettings/options', { source: 'project' });
  project = Object.fromEntries(options.data.map((o: { value: number; label: string }) => [o.label, o.value]));
});
afterAll(() => t.close());

type Case = {
  kind: string;
  /** A new row's body (ids read after the seed). */
  body: () => Record<string, unknown>;
  /** What the saved row reads back as (beyond the body). */
  reads?: () => Record<string, unknown>;
  search?: string;
  invalid: [() => Record<string, unknown>, string];
  /** A body colliding with a seeded row, and the refusal. */
  duplicate: [() => Record<string, unknown>, string];
};

const cases: Case[] = [
  // Follow-up plans (issue 23, h-ward).
  {
    kind: 'followUpPlan',
    body: () => ({
      name: '热玛吉回访',
      trigger: 'treatment',
      projectId: project.热玛吉,
      steps: [
        { dayOffset: 1, role: 'doctor', content: '询问有无红肿' },
        { dayOffset: 30, role: 'consultant', content: '了解效果' },
      ],
    }),
    reads: () => ({ projectIdName: '热玛吉', projectClassId: null }),
    search: '热玛吉',
    invalid: [
      () => ({
        name: '出院',
        trigger: 'discharge',
        projectId: project.热玛吉,
        steps: [{ dayOffset: 1, role: 'nurse', content: '回访' }],
      }),
      '出院回访计划不按项目区分，请清空项目和项目分类',
    ],
    duplicate: [
      () => ({ name: '出院术后回访', trigger: 'discharge', steps: [{ dayOffset: 1, role: 'nurse', content: '回访' }] }),
      '回访计划名称已存在',
    ],
  },
  {
    kind: 'tag',
    body: () => ({ name: '术后护理', color: 'cyan', groupName: '服务' }),
    search: '术后',
    invalid: [() => ({ name: '', color: 'red' }), '请填写标签名称'],
    duplicate: [() => ({ name: 'VIP', color: 'red' }), '标签名称已存在'],
  },
  {
    kind: 'doctor',
    body: () => ({
      userId: org.user.liuyang,
      title: '皮肤科医生',
      deptId: org.dept.财务部,
      classes: [{ classId: '' }].slice(1),
      projects: [{ projectId: project.热玛吉 }],
    }),
    reads: () => ({
      userIdName: '刘洋',
      deptIdName: '财务部',
      projects: [{ projectId: project.热玛吉, projectIdName: '热玛吉' }],
    }),
    search: '皮肤科',
    invalid: [() => ({ userId: 99999 }), '所选医生不存在'],
    duplicate: [() => ({ userId: org.user.hexue }), '该用户已是医生'],
  },
  {
    kind: 'rotation',
    body: () => ({ deptId: org.dept.销售二部, members: [{ userId: org.user.zhenghao }, { userId: org.user.wufang }] }),
    reads: () => ({
      members: [
        { userId: org.user.zhenghao, userIdName: '郑浩' },
        { userId: org.user.wufang, userIdName: '吴芳' },
      ],
    }),
    invalid: [() => ({ deptId: org.dept.销售二部, members: [] }), '轮诊顾问须有1到100项'],
    duplicate: [() => ({ deptId: org.dept.销售一部, members: [{ userId: org.user.sunli }] }), '该科室已设置轮诊'],
  },
  {
    kind: 'discount',
    body: () => ({ roleId: org.role.销售, minRate: 90 }),
    reads: () => ({ roleIdName: '销售' }),
    invalid: [() => ({ roleId: org.role.销售, minRate: 101 }), '最低折扣（%）须在0到100之间'],
    duplicate: [() => ({ roleId: org.role.顾问, minRate: 50 }), '该角色已设置折扣'],
  },
  {
    kind: 'setMeal',
    body: () => ({
      name: '身体塑形套餐',
      total: 1,
      activeFrom: '2026-01-01',
      activeTo: '2026-12-31',
      items: [
        { projectId: project.腹部塑形护理, sessions: 2, price: '5000' },
        { projectId: project.精油开背, sessions: 5, price: '2999.5' },
      ],
    }),
    // Prices are typed in yuan and answered in fen; the total is the items' sum whatever the body said.
    reads: () => ({
      total: 7999_50,
      activeFrom: '2026-01-01',
      activeTo: '2026-12-31',
      items: [
        { projectId: project.腹部塑形护理, sessions: 2, price: 5000_00 },
        { projectId: project.精油开背, sessions: 5, price: 2999_50 },
      ],
    }),
    search: '塑形',
    invalid: [() => ({ name: '套餐', items: [{ projectId: 99999, sessions: 1, price: '0.01' }] }), '所选项目不存在'],
    duplicate: [
      () => ({ name: '水光焕肤套餐', items: [{ projectId: project.水光针, sessions: 1, price: '0.01' }] }),
      '套餐名称已存在',
    ],
  },
  {
    kind: 'recharge',
    body: () => ({
      name: '充20000送5000',
      threshold: '20000',
      gift: '5000.00',
      items: [{ projectId: project.超声刀, sessions: 1 }],
    }),
    reads: () => ({
      threshold: 20000_00,
      gift: 5000_00,
      items: [{ projectId: project.超声刀, setMealId: null, sessions: 1 }],
    }),
    search: '20000',
    invalid: [
      () => ({ name: '档位', threshold: '1', items: [{ projectId: project.超声刀, setMealId: 1, sessions: 1 }] }),
      '每项赠品须选择一个项目或一个套餐',
    ],
    duplicate: [() => ({ name: '充1000送100', threshold: '1' }), '档位名称已存在'],
  },
  {
    kind: 'deptOperator',
    body: () => ({
      deptId: org.dept.销售二部,
      members: [{ userId: org.user.wufang, role: 'doctor' }],
      pools: [{ role: 'doctor', percent: 100 }],
    }),
    reads: () => ({ members: [{ userId: org.user.wufang, userIdName: '吴芳', role: 'doctor' }] }),
    invalid: [
      () => ({
        deptId: org.dept.销售二部,
        pools: [
          { role: 'doctor', percent: 70 },
          { role: 'nurse', percent: 20 },
        ],
      }),
      '划扣角色分成合计须为100%，当前为90%',
    ],
    duplicate: [() => ({ deptId: org.dept.客服部 }), '该科室已设置人员'],
  },
];

const at = (kind: string, c: string) => `/clinicSettings/${kind}/${c}`;

// First: the other blocks reorder and disable rows.
describe('rules of their own', () => {
  it('a set meal a top-up tier gives cannot be deleted', async () => {
    const meals = await call('admin', '/clinicSettings/setMeal/queryList', { search: '水光焕肤' });
    const meal = meals.data.list[0];
    expect(meal.total).toBe(3000_00);
    expect(meal.items[0]).toMatchObject({ projectIdName: '水光针', sessions: 3, price: 2400_00 });
    expect(await call('admin', '/clinicSettings/setMeal/delete', { id: meal.id })).toMatchObject({
      code: 409,
      msg: '该套餐是充值档位的赠品，请先从充值档位中移除',
    });
  });

  it('the demo settings are in place', async () => {
    const tags = await call('admin', '/clinicSettings/tag/queryList', {});
    expect(tags.data.list.map((x: { name: string }) => x.name)).toEqual(['VIP', '敏感肌', '高消费', '新客']);
    const floors = await call('admin', '/clinicSettings/discount/queryList', {});
    expect(floors.data.list.map((x: { roleIdName: string; minRate: number }) => [x.roleIdName, x.minRate])).toEqual([
      ['顾问', 80],
      ['销售经理', 70],
    ]);
    const tiers = await call('admin', '/clinicSettings/recharge/queryList', { sortField: 'threshold', order: 'asc' });
    expect(tiers.data.list.map((x: { threshold: number }) => x.threshold)).toEqual([1000_00, 5000_00, 10000_00]);
    expect(tiers.data.list[2].items[0]).toMatchObject({ setMealIdName: '水光焕肤套餐', sessions: 1 });
    // The system approval category a deal below the floor goes through.
    const categories = await call('admin', '/OaExamineCategory/queryExamineCategoryList', { limit: 100 });
    expect(categories.data.list.map((c: { title: string }) => c.title)).toContain('折扣审批');
  });

  it('a new row without an order goes last; an edit without one keeps its place', async () => {
    const made = await call('admin', '/clinicSettings/tag/save', { name: '排序测试', color: 'red' });
    const read = async () => (await call('admin', '/clinicSettings/tag/queryById', { id: made.data.id })).data.sort;
    expect(await read()).toBe(4);
    await call('admin', '/clinicSettings/tag/save', { id: made.data.id, name: '排序测试', color: 'red', sort: '' });
    expect(await read()).toBe(4);
    await call('admin', '/clinicSettings/tag/delete', { id: made.data.id });
  });

  it('the pickers offer roles, projects and set meals to whoever holds a settings page', async () => {
    const roles = await call('wangzong', '/clinicSettings/options', { source: 'role' });
    expect(roles.data.map((o: { label: string }) => o.label)).toContain('顾问');
    expect(roles.data.map((o: { label: string }) => o.label)).not.toContain('超级管理员');
    expect(await call('admin', '/clinicSettings/options', raw({ source: 'pets' }))).toMatchObject({
      code: 400,
      msg: '选项类型有误',
    });
    expect(await call('sunli', '/clinicSettings/options', { source: 'role' })).toMatchObject({ code: 403 });
  });

  it('a double click saves one row: the second is refused by the unique key, whichever passed the pre-check', async () => {
    const body = { name: '双击套餐', items: [{ projectId: project.水光针, sessions: 1, price: '1' }] };
    const answers = await Promise.all([0, 1, 2].map(() => call('admin', '/clinicSettings/setMeal/save', body)));
    expect(answers.map((a) => a.code).sort()).toEqual([0, 409, 409]);
    expect(answers.filter((a) => a.code === 409).map((a) => a.msg)).toEqual(['套餐名称已存在', '套餐名称已存在']);
    const found = await call('admin', '/clinicSettings/setMeal/queryList', { search: '双击套餐' });
    expect(found.data.totalRow).toBe(1);
    await call('admin', '/clinicSettings/setMeal/delete', { id: found.data.list[0].id });
  });

  it('other features read the settings in fen and percent', async () => {
    const db = t.database.db;
    expect(await discountRateOf(db, [org.role.顾问!, org.role.销售经理!])).toBe(70);
    expect(await discountRateOf(db, [org.role.顾问!])).toBe(80);
    expect(await discountRateOf(db, [org.role.财务!])).toBeNull();
    const tiers = await rechargeTiers(db);
    expect(rechargeTierFor(tiers, 6000_00, '2026-11-26')).toMatchObject({ name: '充5000送800', giftFen: 800_00 });
    expect(rechargeTierFor(tiers, 10000_00, '2026-11-26')?.items).toEqual([
      { projectId: null, setMealId: expect.any(Number), sessions: 1 },
    ]);
    expect(await departmentPools(db, org.dept.客服部!)).toEqual([
      { role: 'doctor', percent: 60 },
      { role: 'nurse', percent: 30 },
      { role: 'assistant', percent: 10 },
    ]);
    expect((await orderFormSettings(db)).topUpPerformance).toBe('paid');
  });

  it('refuses to sort or filter on what a kind does not declare', async () => {
    expect(await call('admin', '/clinicSettings/tag/queryList', { sortField: 'password' })).toMatchObject({
      code: 400,
      msg: '不支持按该字段排序',
    });
  });
});

describe.each(cases)('settings kind $kind', (c) => {
  let id: number;
  it('saves a row and reads it back, by id and in the list under a search', async () => {
    const made = await call('admin', at(c.kind, 'save'), c.body());
    expect(made).toMatchObject({ code: 0 });
    id = made.data.id;
    const { total: _typed, ...sent } = c.body();
    const read = await call('admin', at(c.kind, 'queryById'), { id });
    expect(read.data).toMatchObject({ id, ...sent, ...c.reads?.(), enabled: true });
    expect(read.data.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const list = await call('admin', at(c.kind, 'queryList'), { search: c.search ?? '', limit: 100 });
    expect(list.data.list.map((r: { id: number }) => r.id)).toContain(id);
    if (c.search) expect(list.data.totalRow).toBe(1);
  });

  it('updates, disables, reorders and deletes it', async () => {
    const edited = await call('admin', at(c.kind, 'save'), { ...c.body(), id, sort: 7 });
    expect(edited.data).toEqual({ id });
    expect((await call('admin', at(c.kind, 'queryById'), { id })).data.sort).toBe(7);
    await call('admin', at(c.kind, 'setStatus'), { id, enabled: false });
    const off = await call('admin', at(c.kind, 'queryList'), { enabled: false, limit: 100 });
    expect(off.data.list.map((r: { id: number }) => r.id)).toEqual([id]);
    const all = (await call('admin', at(c.kind, 'queryList'), { limit: 100 })).data.list.map(
      (r: { id: number }) => r.id,
    );
    const reversed = [...all].reverse();
    expect(await call('admin', at(c.kind, 'setSort'), { ids: reversed })).toMatchObject({ code: 0 });
    const sorted = (await call('admin', at(c.kind, 'queryList'), { limit: 100 })).data.list;
    expect(sorted.map((r: { id: number }) => r.id)).toEqual(reversed);
    expect(sorted.map((r: { sort: number }) => r.sort)).toEqual(reversed.map((_, i) => i));
    expect(await call('admin', at(c.kind, 'delete'), { id })).toMatchObject({ code: 0 });
  });

  it('answers a missing row with its message on every call that names one', async () => {
    const msg = `${(await call('admin', at(c.kind, 'queryById'), { id })).msg}`;
    expect(msg).toMatch(/^该.+不存在或已删除$/);
    for (const [path, body] of [
      ['delete', { id }],
      ['setStatus', { id, enabled: true }],
      ['save', { ...c.body(), id }],
    ] as const)
      expect(await call('admin', at(c.kind, path), body)).toMatchObject({ code: 404, msg });
    expect(await call('admin', at(c.kind, 'setSort'), { ids: [id] })).toMatchObject({
      code: 400,
      msg: '排序的记录有误',
    });
  });

  it('refuses an invalid body and a duplicate', async () => {
    const [invalid, invalidMsg] = c.invalid;
    expect(await call('admin', at(c.kind, 'save'), invalid())).toMatchObject({ code: 400, msg: invalidMsg });
    const [dup, dupMsg] = c.duplicate;
    expect(await call('admin', at(c.kind, 'save'), dup())).toMatchObject({ code: 409, msg: dupMsg });
  });

  it('refuses every call to someone without the page, and reading only lets them read', async () => {
    for (const path of ['queryList', 'queryById', 'save', 'delete', 'setStatus', 'setSort'])
      expect(await call('sunli', at(c.kind, path), { id: 1, ids: [1], enabled: true, ...c.body() })).toMatchObject({
        code: 403,
        msg: Msg.forbidden,
      });
    // The general manager (客户管理员) holds the 配置 pages.
    expect(await call('wangzong', at(c.kind, 'queryList'), {})).toMatchObject({ code: 0 });
  });
});

describe('the order form settings (a singleton)', () => {
  const path = '/clinicSettings/orderForm/';
  it('reads the defaults until saved, then what was saved', async () => {
    expect((await call('admin', `${path}query`)).data).toMatchObject({
      firstVisitOneConsultant: true,
      cashierEditsLines: false,
      arrearsAllowed: true,
      requiredFields: ['consultantId', 'salespeople'],
      topUpPerformance: 'paid',
      expiredRefundable: false,
    });
    const saved = await call('admin', `${path}save`, {
      arrearsAllowed: false,
      requiredFields: ['doctorId', 'remark'],
      topUpPerformance: 'spent',
    });
    expect(saved.data).toEqual({ id: 1 });
    expect((await call('admin', `${path}query`)).data).toMatchObject({
      arrearsAllowed: false,
      requiredFields: ['doctorId', 'remark'],
      topUpPerformance: 'spent',
    });
  });
  it('refuses a bad value and someone without the page', async () => {
    expect(await call('admin', `${path}save`, { topUpPerformance: 'both' })).toMatchObject({
      code: 400,
      msg: '充值业绩计算时点有误',
    });
    expect(await call('sunli', `${path}query`)).toMatchObject({ code: 403 });
    expect(await call('sunli', `${path}save`, { arrearsAllowed: true })).toMatchObject({ code: 403 });
  });
});
