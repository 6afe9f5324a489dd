import { type PayMethod, todayIn } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { createTestApp, raw, type TestApp } from '../../test/harness.ts';
import { batchIds, customerIds, people, projectIds } from '../../test/people.ts';
import { postBalance } from './ledger.ts';
import { expectLedgerAgrees } from './test-support.ts';

/**
 * The cashier's charge (clinic/cashier/charge) on the demo data: sunli (销售) opens orders for her
 * customers, chenjing (财务, every customer) charges them; sunli may not charge. Catalogue: 光子嫩肤
 * 执行价 880, 5 sessions, 12 months; 水光针 3 sessions. Every case ends with ledgerAgrees.
 */
let t: TestApp;
const { ids: uid, call, signIn } = people(() => t);
let cid: Record<string, number>;
let project: Record<string, number>;
const nextBatch = batchIds('charge-test');

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['sunli', 'chenjing', 'zhenghao', 'admin']);
  cid = await customerIds(t);
  project = await projectIds(t);
});
afterAll(() => t?.close());

const agrees = () => expectLedgerAgrees(t);
const sales = () => [
  { userId: uid.sunli, rate: 70 },
  { userId: uid.zhenghao, rate: 30 },
];
/** An order of 光子嫩肤 (880) and 水光针 at 1000: payable 1880 yuan. */
async function openOrder(customer = '陈雨桐'): Promise<number> {
  const res = await call('sunli', '/CrmCustomerProjectDealRecord/save', {
    customerId: cid[customer],
    lines: [
      { projectId: project.光子嫩肤, salespeople: sales() },
      { projectId: project.水光针, dealPrice: '1000', salespeople: sales() },
    ],
    batchId: nextBatch(),
  });
  expect(res.code).toBe(0);
  return res.data.orderId;
}
const topUp = (customer: string, principal: number, gift: number) =>
  t.database.db.transaction((tx) =>
    postBalance(tx, { customerId: cid[customer]!, principal, gift, cause: 'topUp', key: `test-topup-${nextBatch()}` }),
  );
const charge = (orderId: number, payments: { method: PayMethod; amount: string }[], who = 'chenjing') =>
  call(who, '/clinic/cashier/charge', { orderId, payments });

describe('charge', () => {
  it('mixed methods, both balances and arrears: payments, allocations, deals, ledgers, performance', async () => {
    await topUp('陈雨桐', 50_000, 10_000);
    const orderId = await openOrder();
    const res = await charge(orderId, [
      { method: 'cash' as const, amount: '300' },
      { method: 'wechat' as const, amount: '500' },
      { method: 'principal' as const, amount: '500' },
      { method: 'gift' as const, amount: '100' },
    ]);
    expect(res).toMatchObject({
      code: 0,
      data: {
        orderId,
        status: 4,
        payable: 188_000,
        received: 80_000,
        principalUsed: 50_000,
        giftUsed: 10_000,
        couponUsed: 0,
        arrears: 48_000,
        dealIds: [expect.any(Number), expect.any(Number)],
        balances: { principal: 0, gift: 0, arrears: 48_000 },
      },
    });
    const db = t.database.db;
    const deals = await queryRows<Record<string, unknown>>(
      db,
      sql`select name, sessions_bought, sessions_left, deal_value, paid_cash, paid_principal, paid_gift, arrears,
          expires_on = (${todayIn()}::date + interval '12 months')::date as expires_in_a_year
        from crm_customer_project_deal_record where order_id = ${orderId} order by deal_id`,
    );
    // 880 and 1000 of 1880, each source over the room the earlier ones left (gift, principal, cash,
    // wechat), leftover fen to the last line with room; the arrears take what is still open.
    // Columns add up: cash 374.47 + 425.53 = 800, arrears 224.69 + 255.31 = 480.
    expect(deals).toEqual([
      {
        name: '光子嫩肤',
        sessions_bought: 5,
        sessions_left: 5,
        deal_value: '880.00',
        paid_cash: '374.47',
        paid_principal: '234.04',
        paid_gift: '46.80',
        arrears: '224.69',
        expires_in_a_year: true,
      },
      {
        name: '水光针',
        sessions_bought: 3,
        sessions_left: 3,
        deal_value: '1000.00',
        paid_cash: '425.53',
        paid_principal: '265.96',
        paid_gift: '53.20',
        arrears: '255.31',
        expires_in_a_year: true,
      },
    ]);
    const perf = await queryRows<{ user_id: number; amount: string }>(
      db,
      sql`select p.user_id, sum(p.amount)::text amount from clinic_performance p
        join clinic_order_line l on l.line_id = p.source_id and p.source_kind = 'order_line'
        where l.order_id = ${orderId} group by p.user_id order by sum(p.amount) desc`,
    );
    // Cash performance: the cash 800 only (top-ups count when paid, the default: the principal was
    // counted then; h-money22), split 70 / 30 per line, each line's odd fen to its last salesperson;
    // gift is not cash performance.
    expect(perf).toEqual([
      { user_id: uid.sunli, amount: '559.99' },
      { user_id: uid.zhenghao, amount: '240.01' },
    ]);
    await agrees();
  });

  it('a second charge of the order is refused and changes nothing', async () => {
    const orderId = await openOrder('林婉清');
    expect(await charge(orderId, [{ method: 'card' as const, amount: '1880' }])).toMatchObject({
      code: 0,
      data: { status: 3, arrears: 0 },
    });
    expect(await charge(orderId, [{ method: 'card' as const, amount: '1880' }])).toMatchObject({
      code: 400,
      msg: '订单已收费',
    });
    const [n] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int n from clinic_payment where order_id = ${orderId}`,
    );
    expect(n?.n).toBe(1);
    await agrees();
  });

  it('where the order form forbids arrears, a short payment is refused', async () => {
    // The administrator switches 允许欠款 off on the order form's settings (openFormConfig).
    const arrears = (arrearsAllowed: boolean) => call('admin', '/clinicSettings/orderForm/save', { arrearsAllowed });
    expect(await arrears(false)).toMatchObject({ code: 0 });
    try {
      const orderId = await openOrder('林婉清');
      expect(await charge(orderId, [{ method: 'cash' as const, amount: '1879.99' }])).toMatchObject({
        code: 400,
        msg: '欠款不允许，请收齐应收金额',
      });
      expect(await charge(orderId, [{ method: 'cash' as const, amount: '1880' }])).toMatchObject({
        code: 0,
        data: { arrears: 0 },
      });
    } finally {
      expect(await arrears(true)).toMatchObject({ code: 0 });
    }
    await agrees();
  });

  it('nothing paid: all arrears', async () => {
    const orderId = await openOrder('林婉清');
    expect(await charge(orderId, [])).toMatchObject({ code: 0, data: { status: 4, received: 0, arrears: 188_000 } });
    await agrees();
  });

  it.each<[string, { method: string; amount: string }[], string]>([
    ['principal above the balance', [{ method: 'principal', amount: '0.01' }], '本金余额不足'],
    [
      'a method twice',
      [
        { method: 'cash', amount: '1' },
        { method: 'cash', amount: '2' },
      ],
      '同一支付方式只能使用一次',
    ],
    ['more than payable', [{ method: 'cash', amount: '1880.01' }], '实收金额超出应收金额'],
    // Coupons at the desk (issue 25, h-coupons): a coupon payment names its coupon (coupons/spend.test.ts).
    ['a coupon payment without its coupon', [{ method: 'coupon', amount: '1' }], '使用优惠券支付时请选择优惠券'],
    ['an amount of 0', [{ method: 'alipay', amount: '0' }], '支付金额须大于0'],
    ['three decimals', [{ method: 'alipay', amount: '1.001' }], '支付金额须大于0，最多两位小数'],
    ['an unknown method', [{ method: 'bitcoin', amount: '1' }], '请选择支付方式'],
  ])('refuses %s', async (_, payments, msg) => {
    const orderId = await openOrder('林婉清');
    // Some of these are refused for not being what the call reads at all (a made-up method).
    expect(await charge(orderId, raw(payments))).toMatchObject({ code: 400, msg });
    const [o] = await queryRows<{ status: number }>(
      t.database.db,
      sql`select status from clinic_order where order_id = ${orderId}`,
    );
    expect(o?.status).toBe(2);
    await agrees();
  });

  it('gift only after principal is used up', async () => {
    await topUp('林婉清', 100, 100);
    const orderId = await openOrder('林婉清');
    expect(await charge(orderId, [{ method: 'gift' as const, amount: '1' }])).toMatchObject({
      msg: '请先使用本金余额，再使用赠金余额',
    });
    expect(
      await charge(orderId, [
        { method: 'principal' as const, amount: '1' },
        { method: 'gift' as const, amount: '1' },
      ]),
    ).toMatchObject({
      code: 0,
      data: { balances: { principal: 0, gift: 0 } },
    });
    await agrees();
  });

  it('refuses a voided order, an unknown one and a user without the permission', async () => {
    const orderId = await openOrder('林婉清');
    expect(await charge(orderId, [], 'sunli')).toMatchObject({ code: 403, msg: '无权访问' });
    await call('sunli', '/CrmCustomerProjectDealRecord/cancel', { orderId });
    expect(await charge(orderId, [])).toMatchObject({ code: 400, msg: '订单已作废' });
    expect(await charge(999_999, [])).toMatchObject({ code: 404, msg: '订单不存在' });
    await agrees();
  });

  it('30 parallel charges of one order: one charge', async () => {
    const orderId = await openOrder('林婉清');
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => charge(orderId, [{ method: 'cash' as const, amount: '100' }])),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    for (const a of answers.filter((x) => x.code !== 0)) expect(a).toMatchObject({ code: 400, msg: '订单已收费' });
    const [n] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int n from crm_customer_project_deal_record where order_id = ${orderId}`,
    );
    expect(n?.n).toBe(2);
    await agrees();
  });
});

describe('getDealRecord', () => {
  it('lists the customer’s deals, newest first, in the viewer’s scope', async () => {
    const res = await call('sunli', '/CrmCustomerProjectDealRecord/getDealRecord', { customerId: cid.陈雨桐 });
    expect(res.code).toBe(0);
    expect(res.data.map((d: { name: string }) => d.name).slice(0, 2)).toEqual(['水光针', '光子嫩肤']);
    expect(res.data[1]).toMatchObject({
      customerId: cid.陈雨桐,
      orderNumber: expect.stringMatching(/^\d{12}$/),
      sessionsBought: 5,
      sessionsLeft: 5,
      dealValue: 88_000,
      paidCash: 37_447,
      paidPrincipal: 23_404,
      paidGift: 4_680,
      arrears: 22_469,
      kind: 1,
      status: 1,
      expiresOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      createTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    expect(
      await call('zhenghao', '/CrmCustomerProjectDealRecord/getDealRecord', { customerId: cid.陈雨桐 }),
    ).toMatchObject({
      code: 403,
      msg: '无权访问',
    });
  });
});
