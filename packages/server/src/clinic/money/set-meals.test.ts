import { todayIn } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { batchIds, customerIds, people, projectIds } from '../../test/people.ts';
import { expectLedgerAgrees } from './test-support.ts';

/**
 * Set-meal lines on the demo set meals: 水光焕肤套餐 (水光针 3 × 2400 + 小气泡清洁 3 × 600,
 * splittable), 抗衰紧致套餐 (热玛吉 12800 + 超声刀 6800, sold whole), 微整体验套餐 (瑞蓝玻尿酸填充
 * 3980 + 保妥适除皱 2980, splittable and price-editable). sunli opens orders for 陈雨桐, chenjing
 * charges.
 */
let t: TestApp;
const { ids: uid, call, signIn } = people(() => t);
let cid: Record<string, number>;
let project: Record<string, number>;
let meal: Record<string, { setMealId: number; items: { projectId: number; sessions: number; price: number }[] }>;
const nextBatch = batchIds('set-meal-test');

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['sunli', 'chenjing', 'huangmin']);
  cid = await customerIds(t);
  project = await projectIds(t);
  const listed = await call('sunli', '/clinic/order/setMeals', {});
  meal = Object.fromEntries(listed.data.map((m: { name: string }) => [m.name, m]));
});
afterAll(() => t?.close());

const sales = [{ userId: 0, rate: 100 }];
/** A group as the page sends it: the meal's items (all, or those given) at their in-meal prices in yuan. */
const group = (name: string, over: Record<string, unknown> = {}, pick?: number[]) => {
  const m = meal[name]!;
  const items = (pick ? pick.map((i) => m.items[i]!) : m.items).map((i) => ({
    projectId: i.projectId,
    sessions: i.sessions,
    price: (i.price / 100).toFixed(2),
  }));
  return { setMealId: m.setMealId, items, salespeople: sales.map((s) => ({ ...s, userId: uid.sunli })), ...over };
};
const save = (body: Record<string, unknown>, who = 'sunli') =>
  call(who, '/CrmCustomerProjectDealRecord/save', { customerId: cid.陈雨桐, batchId: nextBatch(), ...body });
const setMealRow = (name: string, set: ReturnType<typeof sql>) =>
  t.database.db.execute(sql`update clinic_set_meal set ${set} where name = ${name}`);

describe('/clinic/order/setMeals', () => {
  it('lists the set meals on sale today with their items at in-meal prices, to openers only', async () => {
    expect(Object.keys(meal).sort()).toEqual(['微整体验套餐', '抗衰紧致套餐', '水光焕肤套餐'].sort());
    expect(meal.抗衰紧致套餐).toMatchObject({
      splittable: false,
      priceEditable: false,
      total: 19_600_00,
      items: [
        { projectId: project.热玛吉, name: '热玛吉', sessions: 1, price: 12_800_00 },
        { projectId: project.超声刀, name: '超声刀', sessions: 1, price: 6_800_00 },
      ],
    });
    await setMealRow('抗衰紧致套餐', sql`active_to = ${todayIn()}::date - 1`);
    try {
      const listed = await call('sunli', '/clinic/order/setMeals', {});
      expect(listed.data.map((m: { name: string }) => m.name)).not.toContain('抗衰紧致套餐');
    } finally {
      await setMealRow('抗衰紧致套餐', sql`active_to = null`);
    }
    expect(await call('huangmin', '/clinic/order/setMeals', {})).toMatchObject({ code: 403 });
  });
});

describe('set-meal lines on save, update and charge', () => {
  it('a whole set meal beside a project line: one line per item, charged into a deal per item', async () => {
    const res = await save({
      lines: [{ projectId: project.光子嫩肤, salespeople: [{ userId: uid.sunli, rate: 100 }] }],
      setMeals: [group('抗衰紧致套餐')],
    });
    expect(res).toMatchObject({
      code: 0,
      data: {
        status: 2,
        payable: 880_00 + 19_600_00,
        lines: [
          { name: '光子嫩肤', setMealId: null },
          { name: '热玛吉', setMealId: meal.抗衰紧致套餐!.setMealId, sessions: 1, dealPrice: 12_800_00 },
          { name: '超声刀', setMealId: meal.抗衰紧致套餐!.setMealId, sessions: 1, dealPrice: 6_800_00 },
        ],
      },
    });
    const charged = await call('chenjing', '/clinic/cashier/charge', {
      orderId: res.data.orderId,
      payments: [{ method: 'cash', amount: '20480' }],
    });
    expect(charged).toMatchObject({ code: 0 });
    const deals = await queryRows<{ name: string; set_meal_id: number | null; deal_value: string }>(
      t.database.db,
      sql`select name, set_meal_id, deal_value::text from crm_customer_project_deal_record
          where order_id = ${res.data.orderId} order by deal_id`,
    );
    expect(deals).toEqual([
      { name: '光子嫩肤', set_meal_id: null, deal_value: '880.00' },
      { name: '热玛吉', set_meal_id: meal.抗衰紧致套餐!.setMealId, deal_value: '12800.00' },
      { name: '超声刀', set_meal_id: meal.抗衰紧致套餐!.setMealId, deal_value: '6800.00' },
    ]);
    await expectLedgerAgrees(t);
  });

  it('a price-editable meal spreads a lower group price (remainder on the last); a splittable one sells part', async () => {
    const res = await save({
      setMeals: [group('微整体验套餐', { dealPrice: '6000.01' }), group('水光焕肤套餐', {}, [1])],
    });
    // 6000.01 over 3980 : 2980 → 3431.04 (toward zero) and the rest 2568.97.
    expect(res).toMatchObject({
      code: 0,
      data: {
        payable: 6_000_01 + 600_00,
        lines: [
          { name: '瑞蓝玻尿酸填充', dealPrice: 3_431_04, price: 3_980_00 },
          { name: '保妥适除皱', dealPrice: 2_568_97, price: 2_980_00 },
          { name: '小气泡清洁', dealPrice: 600_00, sessions: 3 },
        ],
      },
    });
    await expectLedgerAgrees(t);
  });

  it('the same set meal twice: two groups, each priced and split on its own, charged into its own deals', async () => {
    const meal6 = meal.微整体验套餐!.setMealId;
    const res = await save({
      setMeals: [
        group('微整体验套餐', { dealPrice: '6000.01' }),
        group('微整体验套餐', { salespeople: [{ userId: uid.huangmin, rate: 100 }] }, [1]),
      ],
    });
    expect(res).toMatchObject({
      code: 0,
      data: {
        payable: 6_000_01 + 2_980_00,
        lines: [
          { name: '瑞蓝玻尿酸填充', setMealId: meal6, setMealGroup: 1, dealPrice: 3_431_04 },
          { name: '保妥适除皱', setMealId: meal6, setMealGroup: 1, dealPrice: 2_568_97 },
          { name: '保妥适除皱', setMealId: meal6, setMealGroup: 2, dealPrice: 2_980_00 },
        ],
      },
    });
    const orderId = res.data.orderId;
    // The order read back keeps the groups apart, each with its own salespeople.
    const info = await call('sunli', '/clinic/order/info', { orderId });
    expect(
      info.data.lines.map((l: { setMealGroup: number; salespeople: { userId: number }[] }) => [
        l.setMealGroup,
        l.salespeople[0]!.userId,
      ]),
    ).toEqual([
      [1, uid.sunli],
      [1, uid.sunli],
      [2, uid.huangmin],
    ]);
    expect(
      await call('chenjing', '/clinic/cashier/charge', { orderId, payments: [{ method: 'cash', amount: '8980.01' }] }),
    ).toMatchObject({ code: 0 });
    const deals = await queryRows<{ name: string; deal_value: string; sales: number }>(
      t.database.db,
      sql`select d.name, d.deal_value::text, s.user_id sales from crm_customer_project_deal_record d
          join clinic_order_line_sales s on s.line_id = d.order_line_id
          where d.order_id = ${orderId} order by d.deal_id`,
    );
    expect(deals).toEqual([
      { name: '瑞蓝玻尿酸填充', deal_value: '3431.04', sales: uid.sunli },
      { name: '保妥适除皱', deal_value: '2568.97', sales: uid.sunli },
      { name: '保妥适除皱', deal_value: '2980.00', sales: uid.huangmin },
    ]);
    await expectLedgerAgrees(t);
  });

  it('update replaces project lines with a set meal', async () => {
    const first = await save({
      lines: [{ projectId: project.光子嫩肤, salespeople: [{ userId: uid.sunli, rate: 100 }] }],
    });
    const res = await call('sunli', '/CrmCustomerProjectDealRecord/update', {
      orderId: first.data.orderId,
      setMeals: [group('水光焕肤套餐')],
    });
    expect(res).toMatchObject({
      code: 0,
      data: { orderId: first.data.orderId, payable: 3_000_00, lines: [{ name: '水光针' }, { name: '小气泡清洁' }] },
    });
  });

  it('a double click saves one order', async () => {
    const body = { setMeals: [group('抗衰紧致套餐')], batchId: nextBatch() };
    const [a, b] = await Promise.all([save(body), save(body)]);
    expect(a).toMatchObject({ code: 0 });
    expect(b.data.orderId).toBe(a.data.orderId);
    const rows = await queryRows<{ count: number }>(
      t.database.db,
      sql`select count(*)::int as count from clinic_order where batch_id = ${body.batchId}`,
    );
    expect(rows[0]?.count).toBe(1);
  });

  const changed = () => {
    const g = group('水光焕肤套餐');
    return { ...g, items: [g.items[0]!, { ...g.items[1]!, price: '500' }] };
  };
  it.each<[string, () => Record<string, unknown>, string]>([
    ['no lines and no set meal', () => ({ lines: [], setMeals: [] }), '请添加开单项目'],
    ['an unknown set meal', () => ({ setMeals: [{ ...group('水光焕肤套餐'), setMealId: 999_999 }] }), '套餐不存在'],
    ['a changed in-meal price', () => ({ setMeals: [changed()] }), '套餐项目或价格与套餐设置不一致：水光焕肤套餐'],
    [
      'part of a meal sold whole',
      () => ({ setMeals: [group('抗衰紧致套餐', {}, [0])] }),
      '套餐不可拆分，须包含全部项目：抗衰紧致套餐',
    ],
    [
      'a price on a fixed-price meal',
      () => ({ setMeals: [group('水光焕肤套餐', { dealPrice: '2000' })] }),
      '套餐价格不可修改：水光焕肤套餐',
    ],
    [
      'above the total',
      () => ({ setMeals: [group('微整体验套餐', { dealPrice: '7000' })] }),
      '套餐成交价不能高于套餐价：微整体验套餐',
    ],
    [
      'a salesperson split not 100',
      () => ({ setMeals: [group('水光焕肤套餐', { salespeople: [{ userId: uid.sunli, rate: 90 }] })] }),
      '销售人员分成合计须为100%',
    ],
  ])('refuses %s, storing nothing', async (_, body, msg) => {
    const before = await orderCount();
    expect(await save(body())).toMatchObject({ code: 400, msg });
    expect(await orderCount()).toBe(before);
  });

  it('refuses a disabled set meal and one outside its active period', async () => {
    await setMealRow('水光焕肤套餐', sql`enabled = false`);
    try {
      expect(await save({ setMeals: [group('水光焕肤套餐')] })).toMatchObject({
        code: 400,
        msg: '套餐已停用：水光焕肤套餐',
      });
    } finally {
      await setMealRow('水光焕肤套餐', sql`enabled = true`);
    }
    await setMealRow('水光焕肤套餐', sql`active_from = ${todayIn()}::date + 1`);
    try {
      expect(await save({ setMeals: [group('水光焕肤套餐')] })).toMatchObject({
        code: 400,
        msg: '套餐不在有效期内：水光焕肤套餐',
      });
    } finally {
      await setMealRow('水光焕肤套餐', sql`active_from = null`);
    }
  });
});

const orderCount = async () =>
  (await queryRows<{ count: number }>(t.database.db, sql`select count(*)::int as count from clinic_order`))[0]!.count;
