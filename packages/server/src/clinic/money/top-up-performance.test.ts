import { formatTime, type PayMethod } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { batchIds, customerIds, people, projectIds } from '../../test/people.ts';
import { expectLedgerAgrees } from './test-support.ts';

/**
 * The order form's `topUpPerformance` decides when a top-up is 现金业绩 (CLINIC.md: when paid or
 * when spent, never both). 林婉清 (sunli's) lives under 'paid', 陈雨桐 (sunli's) under 'spent';
 * each scenario tops up, spends principal and cash on 光子嫩肤 sold by sunli, and pays a refund out
 * in cash and one back to the balance. The figures are checked row by row, then through the BI's
 * 现金业绩 per person, and the ledger agrees.
 */
let t: TestApp;
const { ids: uid, call, signIn } = people(() => t);
let cid: Record<string, number>;
let project: Record<string, number>;
const nextBatch = batchIds('top-up-perf');
const setting = (topUpPerformance: 'paid' | 'spent') =>
  call('admin', '/clinicSettings/orderForm/save', { topUpPerformance });

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'sunli', 'wangzong', 'chenjing', 'zhenghao']);
  cid = await customerIds(t);
  project = await projectIds(t);
  // The demo's tiers (recharge page) give gift money (充1000送100 …): the gift must never count.
});
afterAll(() => t?.close());

const topUp = (customer: string, amount: string, salespeople?: { userId: number | undefined; rate: number }[]) =>
  call('chenjing', '/clinic/cashier/topUp', {
    customerId: cid[customer],
    payments: [{ method: 'cash', amount }],
    ...(salespeople ? { salespeople } : {}),
    batchId: nextBatch(),
  });

/** 光子嫩肤 (5 sessions) at 1000, sunli selling, charged as given; answers the deal. */
async function sold(customer: string, payments: { method: PayMethod; amount: string }[]): Promise<number> {
  const opened = await call('sunli', '/CrmCustomerProjectDealRecord/save', {
    customerId: cid[customer],
    lines: [{ projectId: project.光子嫩肤, dealPrice: '1000', salespeople: [{ userId: uid.sunli, rate: 100 }] }],
    discountReason: '业绩测试',
    checkUserId: uid.wangzong,
    batchId: nextBatch(),
  });
  if (opened.data.status === 1) {
    const { data } = await call('wangzong', '/clinic/discount/detail', { orderId: opened.data.orderId });
    await call('wangzong', '/OaExamine/auditExamine', { recordId: data.recordId, status: 1, remarks: '' });
  }
  const charged = await call('chenjing', '/clinic/cashier/charge', { orderId: opened.data.orderId, payments });
  expect(charged).toMatchObject({ code: 0 });
  return charged.data.dealIds[0];
}

/** A refund of `sessions` for `amount`, approved and paid out (in cash, or back to the balance). */
async function refunded(dealId: number, sessions: number, amount: string, toBalance: boolean) {
  const asked = await call('sunli', '/CrmCustomerProjectDealRecord/refundSurplusProject', {
    dealId,
    sessions,
    amount,
    reason: '顾客搬家',
    toBalance,
    checkUserId: uid.wangzong,
    batchId: nextBatch(),
  });
  expect(asked).toMatchObject({ code: 0 });
  const { refundId, recordId } = asked.data;
  await call('wangzong', '/OaExamine/auditExamine', { recordId, status: 1, remarks: '' });
  const paid = await call('chenjing', '/clinic/cashier/refundPayout', {
    refundId,
    ...(toBalance ? {} : { methods: [{ method: 'cash', amount }] }),
  });
  expect(paid).toMatchObject({ code: 0 });
}

/** The customer's 现金业绩 rows: [who, role, source, yuan], in the order written. */
const cashRows = (customer: string) =>
  queryRows<{ who: number; role: string; source: string; amount: string }>(
    t.database.db,
    sql`select user_id who, role, source_kind source, amount::text from clinic_performance
      where kind = 1 and customer_id = ${cid[customer]} order by performance_id`,
  ).then((rows) => rows.map((r) => [Number(r.who), r.role, r.source, r.amount]));

const byPerson = async () => {
  const res = await call('admin', '/biClinic/staffPerformanceAnalyze', { type: 'month' });
  expect(res.code).toBe(0);
  const of = (userId: number | undefined) =>
    res.data.rows.find((r: { key: string }) => r.key === String(userId))?.values.cashPerformance ?? 0;
  return { sunli: of(uid.sunli), zhenghao: of(uid.zhenghao), total: res.data.total.values.cashPerformance };
};

describe("topUpPerformance 'paid' (the default)", () => {
  it('counts the top-up when paid, for its salespeople or the owner; spent principal never again', async () => {
    // Without a split the customer's owner (sunli) sold it; the gift of the tier counts for nobody.
    expect(await topUp('林婉清', '200')).toMatchObject({ code: 0, data: { gift: 0 } });
    expect(
      await topUp('林婉清', '1000', [
        { userId: uid.zhenghao, rate: 60 },
        { userId: uid.sunli, rate: 40 },
      ]),
    ).toMatchObject({ code: 0, data: { gift: 10_000, balances: { principal: 120_000, gift: 10_000 } } });
    // 600 principal + 400 cash: only the cash is the line's 现金业绩.
    const deal = await sold('林婉清', [
      { method: 'principal' as const, amount: '600' },
      { method: 'cash' as const, amount: '400' },
    ]);
    expect(await cashRows('林婉清')).toEqual([
      [uid.sunli, 'topUp', 'top_up', '200.00'],
      [uid.zhenghao, 'topUp', 'top_up', '600.00'],
      [uid.sunli, 'topUp', 'top_up', '400.00'],
      [uid.sunli, 'sales', 'order_line', '400.00'],
    ]);

    // Back to the balance the money stays in the clinic: nobody gives anything back.
    await refunded(deal, 1, '100', true);
    expect(await cashRows('林婉清')).toHaveLength(4);
    // Paid out in cash: 500 in the deal's proportion (400 cash : 600 principal) → 200 from the line's
    // salespeople, 300 from the last counted top-up's (zhenghao 60 %, sunli 40 %).
    await refunded(deal, 3, '500', false);
    expect((await cashRows('林婉清')).slice(4)).toEqual([
      [uid.sunli, 'sales', 'refund', '-200.00'],
      [uid.zhenghao, 'topUp', 'refund', '-180.00'],
      [uid.sunli, 'topUp', 'refund', '-120.00'],
    ]);
    // The BI's 现金业绩 is the same rows: sunli 200 + 400 + 400 − 200 − 120, zhenghao 600 − 180.
    expect(await byPerson()).toEqual({ sunli: 680, zhenghao: 420, total: 1100 });
    // Its drill-down names the top-ups as such.
    const drill = await call('admin', '/bi/drill', {
      type: 'month',
      analysis: '/biClinic/performancePandect',
      measure: 'cashPerformance',
      key: formatTime(new Date()).slice(0, 10),
      page: 1,
      limit: 50,
    });
    expect(
      drill.data.list
        .filter((r: { name: string }) => r.name.includes('充值'))
        .map((r: { name: string; value: number }) => [r.name, r.value])
        .sort(),
    ).toEqual(
      [
        ['林婉清 · 充值', 200],
        ['林婉清 · 充值', 400],
        ['林婉清 · 充值', 600],
      ].sort(),
    );
    await expectLedgerAgrees(t);
  });

  it('refuses a split that is not 100 % or names an unknown person, storing nothing', async () => {
    const before = await cashRows('林婉清');
    expect(await topUp('林婉清', '100', [{ userId: uid.sunli, rate: 90 }])).toMatchObject({
      code: 400,
      msg: expect.stringContaining('100'),
    });
    expect(await topUp('林婉清', '100', [{ userId: 999_999, rate: 100 }])).toMatchObject({ code: 400 });
    expect(await topUp('林婉清', '100', [])).toMatchObject({ code: 400, msg: '请选择充值的销售人员' });
    expect(await cashRows('林婉清')).toEqual(before);
    await expectLedgerAgrees(t);
  });
});

describe("topUpPerformance 'spent'", () => {
  it('counts principal when spent, for the line; the top-up earns nothing; a refund takes all back', async () => {
    expect(await setting('spent')).toMatchObject({ code: 0 });
    expect(await topUp('陈雨桐', '1000', [{ userId: uid.zhenghao, rate: 100 }])).toMatchObject({ code: 0 });
    expect(await cashRows('陈雨桐')).toEqual([]);
    const deal = await sold('陈雨桐', [
      { method: 'principal' as const, amount: '600' },
      { method: 'cash' as const, amount: '400' },
    ]);
    expect(await cashRows('陈雨桐')).toEqual([[uid.sunli, 'sales', 'order_line', '1000.00']]);
    await refunded(deal, 3, '500', false);
    await refunded(deal, 1, '100', true);
    expect(await cashRows('陈雨桐')).toEqual([
      [uid.sunli, 'sales', 'order_line', '1000.00'],
      [uid.sunli, 'sales', 'refund', '-500.00'],
      [uid.sunli, 'sales', 'refund', '-100.00'],
    ]);
    // This month now: the 'paid' scenario's 1100 and this one's 400, all sunli's.
    expect(await byPerson()).toEqual({ sunli: 1080, zhenghao: 420, total: 1500 });
    await setting('paid');
    await expectLedgerAgrees(t);
  });
});

// Last: it adds to this month's figures the scenarios above assert exactly.
describe("消费客户数 under topUpPerformance 'paid'", () => {
  it('a customer who only tops up is not a paying customer (消费客户数), though the top-up is 现金业绩', async () => {
    const figures = async () =>
      (await call('admin', '/biClinic/performancePandect', { type: 'month' })).data.total.values as Record<
        string,
        number
      >;
    const before = await figures();
    expect(await topUp('王思琪', '300')).toMatchObject({ code: 0 });
    const after = await figures();
    expect(after.cashPerformance! - before.cashPerformance!).toBe(300);
    expect(after.buyingCustomers).toBe(before.buyingCustomers);
  });
});
