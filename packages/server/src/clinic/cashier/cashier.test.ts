import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { createTestApp, raw, type TestApp } from '../../test/harness.ts';
import { batchIds, customerIds, people, projectIds } from '../../test/people.ts';
import { expectLedgerAgrees } from '../money/test-support.ts';

/**
 * The cashier desk's reads on the demo data: lina (收银员) works the desk, sunli and zhenghao
 * (销售) open orders, a cashier whose role sees only 销售二部's customers proves the data scope.
 */
let t: TestApp;
const { ids: uid, call, signIn, signInNewUser } = people(() => t);
let cid: Record<string, number>;
let project: Record<string, number>;
const nextBatch = batchIds('cashier-test');

type Totals = Record<
  'count' | 'payable' | 'cash' | 'wechat' | 'alipay' | 'card' | 'principal' | 'gift' | 'coupon' | 'arrears',
  number
>;
let before: Totals;
let charged: number;
let topUpOrder: number;
let voided: number;
let otherDept: number;

const open = async (who: string, customerId: number | undefined, lines: Record<string, unknown>[]) => {
  const res = await call(who, '/CrmCustomerProjectDealRecord/save', {
    customerId,
    lines: raw(lines),
    batchId: nextBatch(),
  });
  expect(res).toMatchObject({ code: 0 });
  return res.data.orderId as number;
};
const today = async (who = 'lina', body: Record<string, unknown> = {}) =>
  call(who, '/clinic/cashier/queryCharged', { limit: 1000, ...body });

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'lina', 'sunli', 'zhenghao']);
  cid = await customerIds(t);
  project = await projectIds(t);
  // A cashier whose role reads only the customers of its own department (销售二部).
  const [role] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into sys_role (role_name, role_type, data_type) values ('收银员(本部门)', 2, 3) returning role_id as id`,
  );
  await t.database.db.execute(
    sql`insert into sys_role_permission (role_id, permission) values
      (${role!.id}, 'oa:workflow:cashierDesk'), (${role!.id}, 'crm:dealRecord:charge'),
      (${role!.id}, 'crm:customer:index'), (${role!.id}, 'crm:customer:read')`,
  );
  await signInNewUser('deptcashier', { roles: ['收银员(本部门)'], dept: '销售二部' });
  // A user with the station but not the desk's money key.
  const [bare] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into sys_role (role_name, role_type, data_type) values ('只看收银台', 7, 5) returning role_id as id`,
  );
  await t.database.db.execute(
    sql`insert into sys_role_permission (role_id, permission) values (${bare!.id}, 'oa:workflow:cashierDesk')`,
  );
  await signInNewUser('stationonly', { roles: ['只看收银台'], dept: '财务部' });
  // The desk's money key without the station: the desk's money calls refuse it too.
  const [keyOnly] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into sys_role (role_name, role_type, data_type) values ('收费无收银台', 2, 5) returning role_id as id`,
  );
  await t.database.db.execute(
    sql`insert into sys_role_permission (role_id, permission) values
      (${keyOnly!.id}, 'crm:dealRecord:charge'), (${keyOnly!.id}, 'crm:dealRecord:waive'),
      (${keyOnly!.id}, 'crm:customer:index'), (${keyOnly!.id}, 'crm:customer:read')`,
  );
  await signInNewUser('keyonly', { roles: ['收费无收银台'], dept: '财务部' });
  before = (await today()).data.totals;
});
afterAll(async () => {
  await t?.close();
});

const agrees = () => expectLedgerAgrees(t);

describe('the unpaid list', () => {
  it('lists a new order first with its lines, payable and the customer’s balances', async () => {
    expect(
      await call('lina', '/clinic/cashier/topUp', {
        customerId: cid.林婉清,
        payments: [{ method: 'cash' as const, amount: '200' }],
        batchId: nextBatch(),
      }),
    ).toMatchObject({ code: 0, data: { balances: { principal: 20_000 } } });
    charged = await open('sunli', cid.林婉清, [
      { projectId: project.光子嫩肤, salespeople: [{ userId: uid.sunli, rate: 100 }] },
      { projectId: project.水光针, dealPrice: '1000', salespeople: [{ userId: uid.sunli, rate: 100 }] },
    ]);
    otherDept = await open('zhenghao', cid.孙晓雅, [
      { projectId: project.光子嫩肤, salespeople: [{ userId: uid.zhenghao, rate: 100 }] },
    ]);
    const res = await call('lina', '/clinic/cashier/queryUnpaid', {});
    expect(res).toMatchObject({ code: 0, data: { arrearsAllowed: true, page: 1, limit: 15 } });
    const ids = res.data.list.map((r: { orderId: number }) => r.orderId);
    // Newest first.
    expect(ids.indexOf(otherDept)).toBeLessThan(ids.indexOf(charged));
    expect(res.data.list.find((r: { orderId: number }) => r.orderId === charged)).toMatchObject({
      customerId: cid.林婉清,
      customerName: '林婉清',
      mobile: '13912340001',
      summary: '光子嫩肤 ×1、水光针 ×1',
      payable: 188_000,
      createUserName: '孙丽',
      createTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      balances: { principal: 20_000, gift: 0, arrears: 0 },
    });
  });

  it.each([
    ['name', '婉清'],
    ['phone', '340001'],
  ])('finds the order by the customer’s %s', async (_, search) => {
    const res = await call('lina', '/clinic/cashier/queryUnpaid', { search });
    expect(res.data.list.map((r: { orderId: number }) => r.orderId)).toEqual([charged]);
    expect(res.data.totalRow).toBe(1);
  });

  it('finds the order by its number, and nothing for a number no one has', async () => {
    const [o] = await queryRows<{ n: string }>(
      t.database.db,
      sql`select order_number n from clinic_order where order_id = ${charged}`,
    );
    const res = await call('lina', '/clinic/cashier/queryUnpaid', { search: o!.n });
    expect(res.data.list.map((r: { orderId: number }) => r.orderId)).toEqual([charged]);
    expect(await call('lina', '/clinic/cashier/queryUnpaid', { search: '999999999999' })).toMatchObject({
      code: 0,
      data: { list: [], totalRow: 0 },
    });
  });

  it('shows a cashier only the orders of customers in their data scope', async () => {
    const res = await call('deptcashier', '/clinic/cashier/queryUnpaid', { limit: 100 });
    const ids = res.data.list.map((r: { orderId: number }) => r.orderId);
    expect(ids).toContain(otherDept);
    expect(ids).not.toContain(charged);
    expect(await call('deptcashier', '/clinic/cashier/queryUnpaid', { search: '林婉清' })).toMatchObject({
      data: { list: [], totalRow: 0 },
    });
  });

  it('refuses whoever lacks the station or the desk’s key', async () => {
    for (const who of ['sunli', 'stationonly'])
      for (const url of ['queryUnpaid', 'queryAccounts', 'queryCharged', 'topUpTiers'])
        expect(await call(who, `/clinic/cashier/${url}`, {})).toMatchObject({ code: 403, msg: '无权访问' });
  });
});

describe('charging, the day’s orders and the receipt', () => {
  it('refuses the desk’s money calls to whoever holds the key but not the station', async () => {
    const payments = [{ method: 'cash' as const, amount: '1' }];
    for (const [url, body] of [
      ['charge', { orderId: charged, payments }],
      ['topUp', { customerId: cid.陈雨桐, payments, batchId: nextBatch() }],
      ['repay', { customerId: cid.林婉清, payments, batchId: nextBatch() }],
      ['waive', { customerId: cid.林婉清, amount: '1', reason: '试', batchId: nextBatch() }],
    ] as const)
      expect(await call('keyonly', `/clinic/cashier/${url}`, raw(body))).toMatchObject({ code: 403, msg: '无权访问' });
    // Nothing was charged: the order still waits at the desk.
    const unpaid = await call('lina', '/clinic/cashier/queryUnpaid', { limit: 100 });
    expect(unpaid.data.list.map((r: { orderId: number }) => r.orderId)).toContain(charged);
  });

  it('a charge with two methods and principal leaves the rest as arrears', async () => {
    expect(
      await call('lina', '/clinic/cashier/charge', {
        orderId: charged,
        payments: [
          { method: 'cash' as const, amount: '500' },
          { method: 'wechat' as const, amount: '300' },
          { method: 'principal' as const, amount: '200' },
        ],
      }),
    ).toMatchObject({ code: 0, data: { status: 4, received: 80_000, principalUsed: 20_000, arrears: 88_000 } });
    const unpaid = await call('lina', '/clinic/cashier/queryUnpaid', { limit: 100 });
    expect(unpaid.data.list.map((r: { orderId: number }) => r.orderId)).not.toContain(charged);
    voided = await open('sunli', cid.陈雨桐, [
      { projectId: project.光子嫩肤, salespeople: [{ userId: uid.sunli, rate: 100 }] },
    ]);
    expect(await call('lina', '/CrmCustomerProjectDealRecord/cancel', { orderId: voided })).toMatchObject({ code: 0 });
    await agrees();
  });

  it('lists the day’s orders with exact totals per method; a voided order is listed, not counted', async () => {
    const res = await today();
    expect(res).toMatchObject({ code: 0 });
    const { list, totals, pageTotals, day } = res.data;
    expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const row = (id: number) => list.find((r: { orderId: number }) => r.orderId === id);
    expect(row(charged)).toMatchObject({
      kind: 1,
      status: 4,
      customerName: '林婉清',
      payable: 188_000,
      cash: 50_000,
      wechat: 30_000,
      alipay: 0,
      card: 0,
      principal: 20_000,
      gift: 0,
      coupon: 0,
      arrears: 88_000,
      cashierName: '李娜',
    });
    expect(row(voided)).toMatchObject({ status: 6, payable: 88_000, cash: 0, arrears: 0 });
    topUpOrder = list.find(
      (r: { kind: number; customerId: number }) => r.kind === 2 && r.customerId === cid.林婉清,
    ).orderId;
    expect(row(topUpOrder)).toMatchObject({ payable: 20_000, cash: 20_000 });
    // Today: the top-up (cash 200) and the charge (cash 500, WeChat 300, principal 200, arrears 880).
    expect(totals).toEqual({
      count: before.count + 2,
      payable: before.payable + 208_000,
      cash: before.cash + 70_000,
      wechat: before.wechat + 30_000,
      alipay: before.alipay,
      card: before.card,
      principal: before.principal + 20_000,
      gift: before.gift,
      coupon: before.coupon,
      arrears: before.arrears + 88_000,
    });
    // One page holds the whole day here, so its totals are the day's.
    expect(pageTotals).toEqual(totals);
    expect(res.data.totalRow).toBe(before.count + 3);
  });

  it('pages: a page’s totals cover its rows only', async () => {
    const first = await today('lina', { limit: 1 });
    expect(first.data.list).toHaveLength(1);
    // Newest first: the voided order is the last thing that happened, and counts for nothing.
    expect(first.data.list[0].orderId).toBe(voided);
    expect(first.data.pageTotals).toMatchObject({ count: 0, cash: 0 });
    expect(first.data.totals.cash).toBe(before.cash + 70_000);
  });

  it('reads another day, and refuses a day that is not one', async () => {
    expect(await today('lina', { day: '2020-01-01' })).toMatchObject({
      code: 0,
      data: { day: '2020-01-01', list: [], totals: { count: 0, cash: 0 } },
    });
    expect(await today('lina', { day: '2026-02-30' })).toMatchObject({ code: 400, msg: '日期格式有误' });
  });

  it('leaves another department’s customers out of the day and its totals', async () => {
    const res = await today('deptcashier');
    expect(res.data.list.map((r: { orderId: number }) => r.orderId)).not.toContain(charged);
    expect(res.data.totals.wechat).toBe(0);
  });

  it('prints the receipt: lines, payments per method, balance used, arrears and the balances after', async () => {
    const res = await call('lina', '/clinic/cashier/receipt', { orderId: charged });
    expect(res).toMatchObject({
      code: 0,
      data: {
        orderId: charged,
        number: expect.stringMatching(/^\d{12}$/),
        kind: 1,
        status: 4,
        customerName: '林婉清',
        mobile: '139****0001',
        payable: 188_000,
        payments: [
          { method: 'cash' as const, amount: 50_000 },
          { method: 'wechat' as const, amount: 30_000 },
        ],
        received: 80_000,
        principalUsed: 20_000,
        giftUsed: 0,
        couponUsed: 0,
        arrears: 88_000,
        giftGiven: 0,
        balancesAfter: { principal: 0, gift: 0, arrears: 88_000 },
        cashierName: '李娜',
        createUserName: '孙丽',
        chargedTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      },
    });
    expect(res.data.lines).toEqual([
      {
        name: '光子嫩肤',
        quantity: 1,
        sessions: expect.any(Number),
        price: expect.any(Number),
        dealPrice: 88_000,
        discount: expect.any(Number),
      },
      {
        name: '水光针',
        quantity: 1,
        sessions: expect.any(Number),
        price: expect.any(Number),
        dealPrice: 100_000,
        discount: expect.any(Number),
      },
    ]);
    // The balances as they were after this charge, not as they are now.
    expect(
      await call('lina', '/clinic/cashier/repay', {
        customerId: cid.林婉清,
        payments: [{ method: 'card' as const, amount: '80' }],
        batchId: nextBatch(),
      }),
    ).toMatchObject({ code: 0, data: { balances: { arrears: 80_000 } } });
    expect(await call('lina', '/clinic/cashier/receipt', { orderId: charged })).toMatchObject({
      data: { balancesAfter: { arrears: 88_000 } },
    });
    await agrees();
  });

  it('prints a top-up’s receipt with what it paid', async () => {
    expect(await call('lina', '/clinic/cashier/receipt', { orderId: topUpOrder })).toMatchObject({
      code: 0,
      data: {
        kind: 2,
        lines: [],
        payments: [{ method: 'cash' as const, amount: 20_000 }],
        balancesAfter: { principal: 20_000 },
      },
    });
  });

  it.each<[string, () => number, number, string]>([
    ['an unknown order', () => 99_999_999, 404, '订单不存在'],
    ['a voided order', () => voided, 400, '订单已作废'],
    ['an unpaid order', () => otherDept, 400, '订单未收费，不能打印小票'],
  ])('refuses the receipt of %s', async (_, id, code, msg) => {
    expect(await call('lina', '/clinic/cashier/receipt', { orderId: id() })).toMatchObject({ code, msg });
  });

  it('refuses the receipt of another department’s customer, and to whoever lacks the desk', async () => {
    expect(await call('deptcashier', '/clinic/cashier/receipt', { orderId: charged })).toMatchObject({
      code: 403,
      msg: '无权访问',
    });
    expect(await call('sunli', '/clinic/cashier/receipt', { orderId: charged })).toMatchObject({
      code: 403,
      msg: '无权访问',
    });
  });
});

describe('accounts and tiers', () => {
  it('lists the owing customers with their balances, and finds any customer by name', async () => {
    const owing = await call('lina', '/clinic/cashier/queryAccounts', { owing: true });
    expect(owing.data.list).toEqual([
      {
        customerId: cid.林婉清,
        customerName: '林婉清',
        mobile: '13912340001',
        principal: 0,
        gift: 0,
        arrears: 80_000,
        // The top-up's default salesperson (h-money22).
        ownerUserId: uid.sunli,
        ownerName: '孙丽',
      },
    ]);
    const found = await call('lina', '/clinic/cashier/queryAccounts', { search: '陈雨' });
    expect(found.data.list).toMatchObject([{ customerId: cid.陈雨桐, principal: 0, arrears: 0 }]);
    expect(await call('deptcashier', '/clinic/cashier/queryAccounts', { owing: true })).toMatchObject({
      data: { list: [], totalRow: 0 },
    });
  });

  it('answers the recharge tiers active today with their gift', async () => {
    const res = await call('lina', '/clinic/cashier/topUpTiers', {});
    expect(res).toMatchObject({ code: 0 });
    expect(res.data).toContainEqual(expect.objectContaining({ threshold: 500_000, gift: 80_000 }));
    await agrees();
  });
});

describe('the unpaid list at scale (h-money22)', () => {
  it('counts at most 1000 orders, says there are more, and a search counts exactly', async () => {
    const before = await call('lina', '/clinic/cashier/queryUnpaid', { limit: 15 });
    const existing = before.data.totalRow as number;
    // Stale orders piling up for 陈雨桐 (a sale with no lines is enough for the list and its count).
    const db = t.database.db;
    await db.execute(
      sql`insert into clinic_order (order_number, business_day, customer_id, kind, status, payable, create_user_id, batch_id)
          select 'P' || lpad(g::text, 8, '0'), current_date, ${cid.陈雨桐}, 1, 2, 10, ${uid.sunli}, 'pile-' || g
          from generate_series(1, 1005) g`,
    );
    try {
      const res = await call('lina', '/clinic/cashier/queryUnpaid', { limit: 15 });
      expect(res).toMatchObject({ code: 0, data: { totalRow: 1000, more: true } });
      expect(res.data.list).toHaveLength(15);
      // The last page within the cap still reads its rows.
      const last = await call('lina', '/clinic/cashier/queryUnpaid', { limit: 15, page: 67 });
      expect(last.data.list).toHaveLength(15);
      // A search narrows the list below the cap: the count is exact again.
      const one = await call('lina', '/clinic/cashier/queryUnpaid', { limit: 15, search: 'P00000999' });
      expect(one.data).toMatchObject({ totalRow: 1, more: false });
      const many = await call('lina', '/clinic/cashier/queryUnpaid', { limit: 15, search: 'P000009' });
      expect(many.data).toMatchObject({ totalRow: 100, more: false });
    } finally {
      await db.execute(sql`delete from clinic_order where batch_id like 'pile-%'`);
    }
    expect(await call('lina', '/clinic/cashier/queryUnpaid', { limit: 15 })).toMatchObject({
      data: { totalRow: existing, more: false },
    });
  });
});
