import { formatTime, type PayMethod } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { batchIds, customerIds, people, projectIds } from '../../test/people.ts';
import { expectLedgerAgrees } from './test-support.ts';

/**
 * Refunds on the demo data: sunli (销售) sells 光子嫩肤 (5 sessions) to her customer 陈雨桐 and
 * asks for refunds with wangzong as the 退费审核 approver; chenjing (财务, every customer) charges
 * and pays out; wangzong also uses sessions (划扣). zhenghao (another team) may not see 陈雨桐;
 * huangmin holds no CRM permission. On PostgreSQL (scripts/test-postgres.sh) the races are real.
 */
let t: TestApp;
const { ids: uid, call, signIn } = people(() => t);
let cid: Record<string, number>;
let project: Record<string, number>;
const nextBatch = batchIds('refund-test');

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['sunli', 'wangzong', 'chenjing', 'zhenghao', 'huangmin', 'liming']);
  cid = await customerIds(t);
  project = await projectIds(t);
});
afterAll(() => t?.close());

const agrees = () => expectLedgerAgrees(t);

/** A charged deal of 光子嫩肤 at `price` yuan (5 sessions) for 陈雨桐, paid as given. */
async function boughtDeal(price = '1000', payments = [{ method: 'cash' as const, amount: price }]): Promise<number> {
  const opened = await call('sunli', '/CrmCustomerProjectDealRecord/save', {
    customerId: cid.陈雨桐,
    lines: [
      {
        projectId: project.光子嫩肤,
        dealPrice: price,
        salespeople: [
          { userId: uid.sunli, rate: 60 },
          { userId: uid.zhenghao, rate: 40 },
        ],
      },
    ],
    discountReason: '退费测试',
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
const ask = (dealId: number, sessions: number, amount: string, over: Record<string, unknown> = {}, who = 'sunli') =>
  call(who, '/CrmCustomerProjectDealRecord/refundSurplusProject', {
    dealId,
    sessions,
    amount,
    reason: '顾客搬家',
    checkUserId: uid.wangzong,
    batchId: nextBatch(),
    ...over,
  });
const audit = (recordId: number, status: 1 | 2 | 4, who = 'wangzong') =>
  call(who, '/OaExamine/auditExamine', { recordId, status, remarks: status === 1 ? '' : '不符合退费条件' });
const payout = (refundId: number, body: Record<string, unknown>, who = 'chenjing') =>
  call(who, '/clinic/cashier/refundPayout', { refundId, ...body });
const use = (dealId: number, sessions: number) =>
  call('wangzong', '/CrmCustomerProjectDealRecord/verificationById', {
    dealId,
    sessions,
    staff: [{ userId: uid.liming, role: 'doctor' }],
    batchId: nextBatch(),
  });
const dealOf = async (dealId: number) =>
  (
    await queryRows<Record<string, unknown>>(
      t.database.db,
      sql`select sessions_left "left", sessions_held held, sessions_refunded refunded, refunded_amount::text money, status
          from crm_customer_project_deal_record where deal_id = ${dealId}`,
    )
  )[0];
const account = async () =>
  (
    await queryRows<{ principal: string; total_paid: string }>(
      t.database.db,
      sql`select principal::text, total_paid::text from clinic_customer_account where customer_id = ${cid.陈雨桐}`,
    )
  )[0]!;

describe('refundSurplusProject → 退费审核 → refundPayout', () => {
  it('the approver sees the refund limit: paid for the sessions less other requests and unpaid arrears', async () => {
    // 1000 for 5 sessions, 700 paid, 300 owed: at most 700 − 300 = 400 comes back for all of them.
    const dealId = await boughtDeal('1000', [{ method: 'cash' as const, amount: '700' }]);
    const limitOf = async (refundId: number) =>
      (await call('wangzong', '/clinic/refund/detail', { refundId })).data.refundLimit;
    const first = await ask(dealId, 2, '100');
    expect(first).toMatchObject({ code: 0 });
    // Two sessions' share of what was paid (700 × 2 ÷ 5 = 280) is below 400.
    expect(await limitOf(first.data.refundId)).toBe(28_000);
    const second = await ask(dealId, 3, '200');
    expect(second).toMatchObject({ code: 0 });
    // 700 − 300 owed − 100 held by the first request = 300, below 700 × 3 ÷ 5 = 420.
    expect(await limitOf(second.data.refundId)).toBe(30_000);
    // The first now competes with the second's 200: 700 − 300 − 200 = 200.
    expect(await limitOf(first.data.refundId)).toBe(20_000);
    // Withdrawn, the second holds nothing: the first's limit is back to 280.
    expect(await audit(second.data.recordId, 4, 'sunli')).toMatchObject({ code: 0 });
    expect(await limitOf(first.data.refundId)).toBe(28_000);
    await agrees();
  });

  it('holds the sessions (划扣 cannot use them), approves, pays out in two methods with negative payments and performance', async () => {
    const dealId = await boughtDeal();
    const before = await account();
    const asked = await ask(dealId, 3, '600');
    expect(asked).toMatchObject({
      code: 0,
      data: {
        dealId,
        customerName: '陈雨桐',
        name: '光子嫩肤',
        sessions: 3,
        amount: 60_000,
        status: 1,
        toBalance: false,
      },
    });
    const { refundId, recordId } = asked.data;
    expect(await dealOf(dealId)).toMatchObject({ left: 5, held: 3, money: '600.00', status: 1 });
    // Five left, three held: a 划扣 of three is refused, of two allowed.
    expect(await use(dealId, 3)).toMatchObject({ code: 400, msg: '剩余次数不足' });
    // The approver reads the refund with its deal.
    expect(await call('wangzong', '/clinic/refund/detail', { refundId })).toMatchObject({
      code: 0,
      data: { refundId, canAudit: true, deal: { sessionsBought: 5, sessionsHeld: 3, paidCash: 100_000 } },
    });
    expect(await call('zhenghao', '/clinic/refund/detail', { refundId })).toMatchObject({ code: 403 });
    // Not yet approved: the cashier may not pay it.
    expect(await payout(refundId, { methods: [{ method: 'cash' as const, amount: '600' }] })).toMatchObject({
      code: 400,
      msg: '该退款申请审核中，不能退款',
    });
    expect(await audit(recordId, 1)).toMatchObject({ code: 0 });
    const waiting = await call('chenjing', '/clinic/cashier/queryRefunds', { customerId: cid.陈雨桐 });
    expect(waiting.data.list.map((r: { refundId: number }) => r.refundId)).toContain(refundId);
    expect(await use(dealId, 2)).toMatchObject({ code: 0, data: { deal: { left: 3 } } });

    expect(
      await payout(refundId, {
        methods: [
          { method: 'cash' as const, amount: '100' },
          { method: 'wechat' as const, amount: '400' },
        ],
      }),
    ).toMatchObject({ code: 400, msg: '退款方式合计须等于退款金额600.00元' });
    const paid = await payout(refundId, {
      methods: [
        { method: 'cash' as const, amount: '200' },
        { method: 'wechat' as const, amount: '400' },
      ],
    });
    expect(paid).toMatchObject({
      code: 0,
      data: {
        refundId,
        amount: 60_000,
        toBalance: false,
        deal: { sessionsLeft: 0, sessionsHeld: 0, sessionsRefunded: 3, status: 4 },
      },
    });
    const [order] = await queryRows<Record<string, unknown>>(
      t.database.db,
      sql`select kind, status, payable::text, received::text, refund_id from clinic_order where order_id = ${paid.data.orderId}`,
    );
    expect(order).toEqual({ kind: 4, status: 3, payable: '-600.00', received: '-600.00', refund_id: refundId });
    const pays = await queryRows<{ method: PayMethod; amount: string }>(
      t.database.db,
      sql`select method, amount::text from clinic_payment where order_id = ${paid.data.orderId} order by method`,
    );
    expect(pays).toEqual([
      { method: 'cash' as const, amount: '-200.00' },
      { method: 'wechat' as const, amount: '-400.00' },
    ]);
    expect(Number((await account()).total_paid)).toBe(Number(before.total_paid) - 600);
    const perf = await queryRows<{ user_id: number; amount: string }>(
      t.database.db,
      sql`select user_id, amount::text from clinic_performance where source_kind = 'refund' and source_id = ${refundId} order by user_id`,
    );
    expect(perf.sort((a, b) => a.amount.localeCompare(b.amount))).toEqual(
      [
        { user_id: uid.zhenghao, amount: '-240.00' },
        { user_id: uid.sunli, amount: '-360.00' },
      ].sort((a, b) => a.amount.localeCompare(b.amount)),
    );
    // Paid out: gone from the cashier's waiting list, shown under 已退款.
    const done = await call('chenjing', '/clinic/cashier/queryRefunds', { status: 3, customerId: cid.陈雨桐 });
    expect(done.data.list.map((r: { refundId: number }) => r.refundId)).toContain(refundId);
    await agrees();
  });

  it('a refund to balance credits principal (postBalance refund:<id>) and the whole deal becomes 已退费', async () => {
    const dealId = await boughtDeal('880');
    const before = await account();
    const { data } = await ask(dealId, 5, '880', { toBalance: true });
    await audit(data.recordId, 1);
    const paid = await payout(data.refundId, {});
    expect(paid).toMatchObject({ code: 0, data: { toBalance: true, deal: { sessionsLeft: 0, status: 4 } } });
    expect(paid.data.balances.principal).toBe(Math.round(Number(before.principal) * 100) + 88_000);
    const [ledger] = await queryRows<Record<string, unknown>>(
      t.database.db,
      sql`select cause, principal_delta::text, source_id from clinic_balance_ledger where idempotency_key = ${`refund:${data.refundId}`}`,
    );
    expect(ledger).toEqual({ cause: 'refund', principal_delta: '880.00', source_id: data.refundId });
    // To balance, no cash left the desk: total paid is unchanged.
    expect((await account()).total_paid).toBe(before.total_paid);
    await agrees();
  });

  it('reject and withdraw give the held sessions and money back', async () => {
    const dealId = await boughtDeal();
    const rejected = (await ask(dealId, 2, '400')).data;
    const withdrawn = (await ask(dealId, 2, '400')).data;
    expect(await dealOf(dealId)).toMatchObject({ held: 4, money: '800.00' });
    expect(await audit(rejected.recordId, 2)).toMatchObject({ code: 0 });
    expect(await audit(withdrawn.recordId, 4, 'sunli')).toMatchObject({ code: 0 });
    expect(await dealOf(dealId)).toMatchObject({ left: 5, held: 0, money: '0.00', status: 1 });
    const states = await queryRows<{ status: number }>(
      t.database.db,
      sql`select status from clinic_refund where refund_id in (${rejected.refundId}, ${withdrawn.refundId}) order by refund_id`,
    );
    expect(states.map((s) => s.status)).toEqual([4, 5]);
    expect(await payout(rejected.refundId, {})).toMatchObject({ code: 400, msg: '该退款申请已驳回，不能退款' });
    // The whole deal is refundable again.
    expect(await ask(dealId, 5, '1000')).toMatchObject({ code: 0 });
    await agrees();
  });

  it.each([
    ['more sessions than left', 6, '100', {}, '剩余次数不足'],
    ['more than the limit', 5, '1000.01', {}, '退款金额超出可退金额'],
    ['part of the sessions above their share', 1, '200.01', {}, '退款金额超出可退金额'],
    ['no reason', 1, '100', { reason: '' }, '请填写退费原因'],
    ['no approver for a chosen-approver flow', 1, '100', { checkUserId: '' }, '请选择退费审核人'],
    ['three decimals', 1, '1.001', {}, '退款金额须为不小于0的金额，最多两位小数'],
  ])('refuses %s and holds nothing', async (_, sessions, amount, over, msg) => {
    const dealId = await boughtDeal();
    expect(await ask(dealId, sessions, amount, over)).toMatchObject({ code: 400, msg });
    expect(await dealOf(dealId)).toMatchObject({ held: 0, money: '0.00' });
    await agrees();
  });

  it('held sessions cannot be asked for twice; the limit counts the money already held', async () => {
    const dealId = await boughtDeal();
    expect(await ask(dealId, 3, '600')).toMatchObject({ code: 0 });
    expect(await ask(dealId, 3, '100')).toMatchObject({ code: 400, msg: '剩余次数不足' });
    expect(await ask(dealId, 2, '400.01')).toMatchObject({ code: 400, msg: '退款金额超出可退金额' });
    expect(await ask(dealId, 2, '400')).toMatchObject({ code: 0 });
    await agrees();
  });

  it('unpaid arrears never come back: they come off the limit', async () => {
    // 1000 paid 300 cash + 700 arrears (shared refundLimit): 300 × 5/5 − 700 < 0, so nothing comes back
    // while the arrears are owed; the sessions may still be given up for 0.
    // Arrears are allowed (openFormConfig 允许欠款, on by default).
    const dealId = await boughtDeal('1000', [{ method: 'cash' as const, amount: '300' }]);
    expect(await ask(dealId, 5, '0.01')).toMatchObject({ code: 400, msg: '退款金额超出可退金额' });
    const zero = await ask(dealId, 5, '0');
    expect(zero).toMatchObject({ code: 0, data: { amount: 0 } });
    await audit(zero.data.recordId, 1);
    // Nothing to pay: no method is needed, no payment row is written, the sessions are refunded.
    expect(await payout(zero.data.refundId, {})).toMatchObject({
      code: 0,
      data: { amount: 0, deal: { sessionsLeft: 0 } },
    });
    await agrees();
  });

  it('payout refusals: both to balance and methods, a card of the balance, a method twice', async () => {
    const dealId = await boughtDeal();
    const { data } = await ask(dealId, 1, '200');
    await audit(data.recordId, 1);
    expect(
      await payout(data.refundId, { toBalance: true, methods: [{ method: 'cash' as const, amount: '200' }] }),
    ).toMatchObject({
      code: 400,
      msg: '退回余额时不能再选择退款方式',
    });
    expect(await payout(data.refundId, { methods: [{ method: 'principal' as const, amount: '200' }] })).toMatchObject({
      code: 400,
      msg: '退款只能使用现金、微信、支付宝或银行卡',
    });
    expect(await payout(data.refundId, { methods: [] })).toMatchObject({ code: 400, msg: '请选择退款方式或退回余额' });
    expect(
      await payout(data.refundId, {
        methods: [
          { method: 'cash' as const, amount: '100' },
          { method: 'cash' as const, amount: '100' },
        ],
      }),
    ).toMatchObject({ code: 400, msg: '同一退款方式只能使用一次' });
    expect(await payout(999_999, {})).toMatchObject({ code: 404, msg: '退款申请不存在' });
    await agrees();
  });

  it('permissions and data scope', async () => {
    const dealId = await boughtDeal();
    expect(await ask(dealId, 1, '100', {}, 'huangmin')).toMatchObject({ code: 403 });
    expect(await ask(dealId, 1, '100', {}, 'zhenghao')).toMatchObject({ code: 403, msg: '无权访问' });
    const { data } = await ask(dealId, 1, '100');
    // Only the approver decides; the salesperson cannot pay out.
    expect((await audit(data.recordId, 1, 'sunli')).code).not.toBe(0);
    await audit(data.recordId, 1);
    expect(
      await payout(data.refundId, { methods: [{ method: 'cash' as const, amount: '100' }] }, 'sunli'),
    ).toMatchObject({
      code: 403,
    });
    expect(await call('sunli', '/clinic/cashier/queryRefunds', {})).toMatchObject({ code: 403 });
    expect(await dealOf(dealId)).toMatchObject({ held: 1 });
    await agrees();
  });

  it('a double click asks once and pays out once', async () => {
    const dealId = await boughtDeal();
    const batchId = nextBatch();
    const asked = await Promise.all([ask(dealId, 2, '400', { batchId }), ask(dealId, 2, '400', { batchId })]);
    expect(asked.map((a) => a.code)).toEqual([0, 0]);
    expect(asked[0].data.refundId).toBe(asked[1].data.refundId);
    expect(await dealOf(dealId)).toMatchObject({ held: 2 });
    await audit(asked[0].data.recordId, 1);
    const body = { methods: [{ method: 'alipay' as const, amount: '400' }] };
    const paid = await Promise.all([payout(asked[0].data.refundId, body), payout(asked[0].data.refundId, body)]);
    expect(paid.map((p) => p.code)).toEqual([0, 0]);
    expect(paid[0].data.orderId).toBe(paid[1].data.orderId);
    const [n] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int n from clinic_order where refund_id = ${asked[0].data.refundId}`,
    );
    expect(n?.n).toBe(1);
    expect(await dealOf(dealId)).toMatchObject({ left: 3, held: 0, refunded: 2 });
    await agrees();
  });

  it('a refund racing a 划扣 for the last sessions: never both (four deals, all at once)', async () => {
    const deals: number[] = [];
    for (let i = 0; i < 4; i++) {
      const dealId = await boughtDeal();
      expect(await use(dealId, 3)).toMatchObject({ code: 0 });
      deals.push(dealId);
    }
    const raced = await Promise.all(deals.map((d) => Promise.all([ask(d, 2, '400'), use(d, 2)])));
    for (const [i, [refund, treat]] of raced.entries()) {
      expect([refund.code, treat.code].sort()).toEqual([0, 400]);
      // The 划扣 lost to the hold, or won and finished the deal before the refund read it.
      if (refund.code === 0) expect(treat.msg).toBe('剩余次数不足');
      else expect(refund.msg).toBe('该成交项目已完成，不能退费');
      const deal = await dealOf(deals[i]!);
      // Either two sessions held by the refund, or none left after the 划扣.
      expect(Number(deal!.left) - Number(deal!.held)).toBe(0);
    }
    await agrees();
  });
});

describe('manualRefund', () => {
  it('refunds several deals of one customer in one request, each with its own approval', async () => {
    const a = await boughtDeal();
    const b = await boughtDeal('880');
    const res = await call('sunli', '/CrmCustomerProjectDealRecord/manualRefund', {
      items: [
        { dealId: a, sessions: 1, amount: '200' },
        { dealId: b, sessions: 5, amount: '880' },
      ],
      reason: '疗效不满意',
      checkUserId: uid.wangzong,
      batchId: nextBatch(),
    });
    expect(res).toMatchObject({
      code: 0,
      data: [
        { dealId: a, sessions: 1, amount: 20_000, status: 1 },
        { dealId: b, sessions: 5, amount: 88_000, status: 1 },
      ],
    });
    expect(res.data[0].recordId).not.toBe(res.data[1].recordId);
    expect(await dealOf(b)).toMatchObject({ held: 5 });
    await agrees();
  });

  it.each([
    [
      'one refusal stores none',
      (a: number, b: number) => [
        { dealId: a, sessions: 1, amount: '200' },
        { dealId: b, sessions: 9, amount: '1' },
      ],
      '剩余次数不足',
    ],
    [
      'a deal twice',
      (a: number) => [
        { dealId: a, sessions: 1, amount: '1' },
        { dealId: a, sessions: 1, amount: '1' },
      ],
      '同一成交项目只能出现一次',
    ],
    [
      'an unknown deal',
      (a: number) => [
        { dealId: a, sessions: 1, amount: '1' },
        { dealId: 999_999, sessions: 1, amount: '1' },
      ],
      '成交项目不存在',
    ],
  ])('%s', async (_, items, msg) => {
    const a = await boughtDeal();
    const b = await boughtDeal();
    const res = await call('sunli', '/CrmCustomerProjectDealRecord/manualRefund', {
      items: items(a, b),
      reason: '疗效不满意',
      checkUserId: uid.wangzong,
      batchId: nextBatch(),
    });
    expect(res).toMatchObject({ code: expect.any(Number), msg });
    expect(res.code).not.toBe(0);
    expect(await dealOf(a)).toMatchObject({ held: 0 });
    await agrees();
  });

  it('refuses deals of two customers (both hers)', async () => {
    const a = await boughtDeal();
    const opened = await call('sunli', '/CrmCustomerProjectDealRecord/save', {
      customerId: cid.林婉清,
      lines: [{ projectId: project.光子嫩肤, salespeople: [{ userId: uid.sunli, rate: 100 }] }],
      batchId: nextBatch(),
    });
    const charged = await call('chenjing', '/clinic/cashier/charge', {
      orderId: opened.data.orderId,
      payments: [{ method: 'cash' as const, amount: '880' }],
    });
    const res = await call('sunli', '/CrmCustomerProjectDealRecord/manualRefund', {
      items: [
        { dealId: a, sessions: 1, amount: '1' },
        { dealId: charged.data.dealIds[0], sessions: 1, amount: '1' },
      ],
      reason: '疗效不满意',
      checkUserId: uid.wangzong,
      batchId: nextBatch(),
    });
    expect(res).toMatchObject({ code: 400, msg: '一次退费只能包含同一顾客的成交项目' });
  });
});

// The 成交项目 tab's list (h-moneyweb).
describe('/clinic/refund/queryByCustomer', () => {
  it("lists a customer's refunds in every state, newest first, to the customer's readers only", async () => {
    const dealId = await boughtDeal();
    const first = await ask(dealId, 1, '100');
    const second = await ask(dealId, 1, '100');
    await audit(second.data.recordId, 2);
    const listed = await call('sunli', '/clinic/refund/queryByCustomer', { customerId: cid.陈雨桐 });
    expect(listed).toMatchObject({ code: 0 });
    const mine = listed.data.filter((r: { dealId: number }) => r.dealId === dealId);
    expect(mine).toMatchObject([
      { refundId: second.data.refundId, status: 4, amount: 10_000, sessions: 1 },
      { refundId: first.data.refundId, status: 1, amount: 10_000, sessions: 1, reason: '顾客搬家' },
    ]);
    expect(await call('zhenghao', '/clinic/refund/queryByCustomer', { customerId: cid.陈雨桐 })).toMatchObject({
      code: 403,
    });
    await agrees();
  });
});

// The desk's 已退款 of a day (h-moneyweb).
describe('/clinic/cashier/queryRefunds by day', () => {
  it("lists a day's paid refunds by their payout, in the company's zone", async () => {
    const dealId = await boughtDeal();
    const asked = await ask(dealId, 1, '100');
    await audit(asked.data.recordId, 1);
    expect(await payout(asked.data.refundId, { methods: [{ method: 'cash' as const, amount: '100' }] })).toMatchObject({
      code: 0,
    });
    const today = formatTime(new Date()).slice(0, 10);
    const ids = async (day: string) =>
      (await call('chenjing', '/clinic/cashier/queryRefunds', { status: 3, day, limit: 100 })).data.list.map(
        (r: { refundId: number }) => r.refundId,
      );
    expect(await ids(today)).toContain(asked.data.refundId);
    const yesterday = formatTime(new Date(Date.now() - 86_400_000)).slice(0, 10);
    expect(await ids(yesterday)).not.toContain(asked.data.refundId);
    expect(await call('chenjing', '/clinic/cashier/queryRefunds', { day: '2026-13-01' })).toMatchObject({ code: 400 });
    await agrees();
  });
});
