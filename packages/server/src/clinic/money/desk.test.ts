import type { PayMethod } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { batchIds, customerIds, people, projectIds } from '../../test/people.ts';
import { expectLedgerAgrees } from './test-support.ts';

/**
 * The desk's top-up, repayment and waiver (clinic/cashier/topUp, repay, waive) on the demo data:
 * chenjing (财务) works the desk, sunli (销售) opens orders and may not waive. Every case ends with
 * ledgerAgrees.
 */
let t: TestApp;
const { ids: uid, call, signIn } = people(() => t);
let cid: Record<string, number>;
let project: Record<string, number>;
const nextBatch = batchIds('desk-test');

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['sunli', 'chenjing']);
  cid = await customerIds(t);
  project = await projectIds(t);
});
afterAll(() => t?.close());

const agrees = () => expectLedgerAgrees(t);
const desk = (url: string, body: Record<string, unknown>, who = 'chenjing') =>
  call(who, `/clinic/cashier/${url}`, { batchId: nextBatch(), ...body });

describe('top-up', () => {
  it('adds principal and the tier’s gift, once per batch id', async () => {
    // The demo's tiers (recharge page): 充1000送100 gives 1,500 paid its 100 of gift.
    const body = {
      customerId: cid.陈雨桐,
      payments: [
        { method: 'cash' as const, amount: '1000' },
        { method: 'wechat' as const, amount: '500' },
      ],
      batchId: nextBatch(),
    };
    const first = await call('chenjing', '/clinic/cashier/topUp', body);
    expect(first).toMatchObject({
      code: 0,
      data: {
        number: expect.stringMatching(/^\d{12}$/),
        amount: 150_000,
        gift: 10_000,
        balances: { principal: 150_000, gift: 10_000 },
      },
    });
    expect(await call('chenjing', '/clinic/cashier/topUp', body)).toMatchObject({
      code: 0,
      data: { orderId: first.data.orderId },
    });
    const [o] = await queryRows<Record<string, unknown>>(
      t.database.db,
      sql`select kind, status, payable, received from clinic_order where order_id = ${first.data.orderId}`,
    );
    expect(o).toEqual({ kind: 2, status: 3, payable: '1500.00', received: '1500.00' });
    await agrees();
  });

  it('reads the recharge page’s tiers (demo: 充5000送800)', async () => {
    expect(
      await desk('topUp', { customerId: cid.陈雨桐, payments: [{ method: 'card' as const, amount: '5000' }] }),
    ).toMatchObject({
      code: 0,
      data: { amount: 500_000, gift: 80_000 },
    });
    await agrees();
  });

  it.each<[string, { method: PayMethod; amount: string }[], string]>([
    ['from balance', [{ method: 'principal' as const, amount: '1' }], '充值不能使用余额或优惠券支付'],
    ['with a coupon', [{ method: 'coupon' as const, amount: '1' }], '充值不能使用余额或优惠券支付'],
    ['with nothing', [], '请选择支付方式'],
    [
      'a method twice',
      [
        { method: 'cash' as const, amount: '1' },
        { method: 'cash' as const, amount: '1' },
      ],
      '同一支付方式只能使用一次',
    ],
  ])('refuses a top-up %s', async (_, payments, msg) => {
    expect(await desk('topUp', { customerId: cid.陈雨桐, payments })).toMatchObject({ code: 400, msg });
    await agrees();
  });
});

describe('arrears: repay, waive, and top-up refused meanwhile', () => {
  let orderId: number;
  it('an order charged with nothing paid leaves arrears that block a top-up', async () => {
    const opened = await call('sunli', '/CrmCustomerProjectDealRecord/save', {
      customerId: cid.林婉清,
      lines: [
        { projectId: project.光子嫩肤, salespeople: [{ userId: uid.sunli, rate: 100 }] },
        { projectId: project.水光针, dealPrice: '1000', salespeople: [{ userId: uid.sunli, rate: 100 }] },
      ],
      batchId: nextBatch(),
    });
    orderId = opened.data.orderId;
    expect(await call('chenjing', '/clinic/cashier/charge', { orderId, payments: [] })).toMatchObject({
      data: { arrears: 188_000 },
    });
    expect(
      await desk('topUp', { customerId: cid.林婉清, payments: [{ method: 'cash' as const, amount: '100' }] }),
    ).toMatchObject({
      code: 400,
      msg: '顾客有欠款，请还款后充值',
    });
    await agrees();
  });

  it('a repayment pays the oldest deal first and earns cash performance', async () => {
    const res = await desk('repay', {
      customerId: cid.林婉清,
      payments: [{ method: 'alipay' as const, amount: '1000' }],
    });
    expect(res).toMatchObject({ code: 0, data: { amount: 100_000, balances: { arrears: 88_000 } } });
    const deals = await queryRows<{ arrears: string; paid_cash: string }>(
      t.database.db,
      sql`select arrears, paid_cash from crm_customer_project_deal_record where order_id = ${orderId} order by deal_id`,
    );
    expect(deals).toEqual([
      { arrears: '0.00', paid_cash: '880.00' },
      { arrears: '880.00', paid_cash: '120.00' },
    ]);
    const [p] = await queryRows<{ s: string }>(
      t.database.db,
      sql`select sum(amount)::text s from clinic_performance where source_kind = 'repayment' and source_id = ${res.data.orderId}`,
    );
    expect(p?.s).toBe('1000.00');
    await agrees();
  });

  it.each<[string, { method: PayMethod; amount: string }[], string]>([
    ['more than owed', [{ method: 'cash' as const, amount: '880.01' }], '还款金额超出欠款金额'],
    ['from balance', [{ method: 'principal' as const, amount: '1' }], '还款不能使用余额或优惠券支付'],
    ['of 0', [{ method: 'cash' as const, amount: '0' }], '支付金额须大于0'],
    [
      'a method twice',
      [
        { method: 'cash' as const, amount: '1' },
        { method: 'cash' as const, amount: '1' },
      ],
      '同一支付方式只能使用一次',
    ],
  ])('refuses a repayment %s', async (_, payments, msg) => {
    expect(await desk('repay', { customerId: cid.林婉清, payments })).toMatchObject({ code: 400, msg });
    await agrees();
  });

  it('a waiver needs its own permission, settles the order and is harmless twice', async () => {
    expect(await desk('waive', { customerId: cid.林婉清, amount: '880', reason: '老客户优惠' }, 'sunli')).toMatchObject(
      {
        code: 403,
        msg: '无权访问',
      },
    );
    expect(await desk('waive', { customerId: cid.林婉清, amount: '880.01', reason: '老客户优惠' })).toMatchObject({
      code: 400,
      msg: '还款金额超出欠款金额',
    });
    expect(await desk('waive', { customerId: cid.林婉清, amount: '880', reason: '' })).toMatchObject({
      code: 400,
      msg: '请填写免除原因',
    });
    const body = { customerId: cid.林婉清, amount: '880', reason: '老客户优惠', batchId: nextBatch() };
    expect(await call('chenjing', '/clinic/cashier/waive', body)).toMatchObject({
      code: 0,
      data: { amount: 88_000, balances: { arrears: 0 } },
    });
    expect(await call('chenjing', '/clinic/cashier/waive', body)).toMatchObject({
      code: 0,
      data: { amount: 88_000, balances: { arrears: 0 } },
    });
    const [o] = await queryRows<{ status: number }>(
      t.database.db,
      sql`select status from clinic_order where order_id = ${orderId}`,
    );
    expect(o?.status).toBe(5);
    const waived = await queryRows<{ kind: number; amount: string; remark: string }>(
      t.database.db,
      sql`select kind, amount, remark from clinic_arrears where idempotency_key like ${`waive:${body.batchId}:%`}`,
    );
    expect(waived).toEqual([{ kind: 3, amount: '-880.00', remark: '老客户优惠' }]);
    expect(await desk('waive', { customerId: cid.林婉清, amount: '1', reason: '再免' })).toMatchObject({
      code: 400,
      msg: '顾客没有欠款',
    });
    // Owing nothing, the customer may top up again.
    expect(
      await desk('topUp', { customerId: cid.林婉清, payments: [{ method: 'cash' as const, amount: '100' }] }),
    ).toMatchObject({ code: 0 });
    await agrees();
  });
});
