import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { batchIds, customerIds, people, projectIds } from '../../test/people.ts';
import { expectLedgerAgrees } from '../money/test-support.ts';

/**
 * Coupons spent at the desk: wangzong (客户管理员) makes rules and issues coupons by hand and opens
 * orders; chenjing (财务) charges. 水光针 at 1600 and 光子嫩肤 at 800 on one order; the coupon pays
 * only for its projects, from its threshold, at most what is left on it. Every case ends with
 * ledgerAgrees (which also sums coupon uses against orders and coupons).
 */
let t: TestApp;
const { ids: uid, call, signIn } = people(() => t);
const nextBatch = batchIds('coupon-spend');
let cid: Record<string, number>;
let project: Record<string, number>;
let sgRule: number;
let anyRule: number;

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['wangzong', 'chenjing', 'sunli']);
  cid = await customerIds(t);
  project = await projectIds(t);
  const a = await call('wangzong', '/evaluate/editCouponRule', {
    name: '水光券',
    value: '300',
    threshold: '1500',
    validDays: 30,
    projectIds: [project.水光针],
  });
  sgRule = a.data.ruleId;
  const b = await call('wangzong', '/evaluate/editCouponRule', { name: '通用券', value: '2000', validDays: 30 });
  anyRule = b.data.ruleId;
});
afterAll(() => t?.close());

const issue = async (ruleId: number, customerId = cid.陈雨桐!) => {
  const res = await call('wangzong', '/evaluate/issueCoupon', { customerId, ruleId });
  expect(res).toMatchObject({ code: 0, data: { status: 1, source: 'manual' } });
  return res.data.couponId as number;
};
const order = async (lines: [string, string][], customerId = cid.陈雨桐!) => {
  const res = await call('wangzong', '/CrmCustomerProjectDealRecord/save', {
    customerId,
    lines: lines.map(([name, price]) => ({
      projectId: project[name],
      dealPrice: price,
      salespeople: [{ userId: uid.wangzong, rate: 100 }],
    })),
    batchId: nextBatch(),
  });
  expect(res).toMatchObject({ code: 0 });
  return res.data.orderId as number;
};
const charge = (orderId: number, couponId: number | undefined, coupon: string, cash: string) =>
  call('chenjing', '/clinic/cashier/charge', {
    orderId,
    couponId,
    payments: [
      ...(coupon === '0' ? [] : [{ method: 'coupon' as const, amount: coupon }]),
      ...(cash === '0' ? [] : [{ method: 'cash' as const, amount: cash }]),
    ],
  });
const couponRow = async (id: number) =>
  (
    await queryRows<{ remaining: string; status: number }>(
      t.database.db,
      sql`select remaining, status from clinic_coupon where coupon_id = ${id}`,
    )
  )[0]!;

describe('charging with a coupon', () => {
  it('pays only the coupon’s projects, deducts what is left and records the use', async () => {
    const couponId = await issue(sgRule);
    const orderId = await order([
      ['水光针', '1600'],
      ['光子嫩肤', '800'],
    ]);
    const offered = await call('chenjing', '/evaluate/orderCoupons', { orderId });
    expect(offered.data.find((c: { couponId: number }) => c.couponId === couponId)).toMatchObject({
      usableAmount: 30000,
      reason: '',
    });
    const res = await charge(orderId, couponId, '200', '2200');
    expect(res).toMatchObject({ code: 0, data: { couponUsed: 20000, received: 220000 } });
    const alloc = await queryRows<{ name: string; amount: string }>(
      t.database.db,
      sql`select l.name, a.amount from clinic_allocation a join clinic_order_line l using (line_id)
        where a.order_id = ${orderId} and a.source = 'coupon'`,
    );
    expect(alloc).toEqual([{ name: '水光针', amount: '200.00' }]);
    expect(await couponRow(couponId)).toEqual({ remaining: '100.00', status: 1 });
    const uses = await queryRows<{ amount: string }>(
      t.database.db,
      sql`select amount from clinic_coupon_use where coupon_id = ${couponId} and order_id = ${orderId}`,
    );
    expect(uses).toEqual([{ amount: '200.00' }]);
    // The rest spent: 已用完.
    const second = await order([['水光针', '1600']]);
    expect(await charge(second, couponId, '100', '1500')).toMatchObject({ code: 0 });
    expect(await couponRow(couponId)).toEqual({ remaining: '0.00', status: 2 });
    const third = await order([['水光针', '1600']]);
    expect(await charge(third, couponId, '10', '1590')).toMatchObject({ code: 400, msg: '优惠券已用完，不能使用' });
    const archive = await call('wangzong', '/evaluate/customerCoupons', { customerId: cid.陈雨桐 });
    expect(archive.data.find((c: { couponId: number }) => c.couponId === couponId)).toMatchObject({
      remaining: 0,
      status: 2,
      projectNames: ['水光针'],
    });
    await expectLedgerAgrees(t);
  });

  it('refuses below the threshold, without its projects, beyond what is left or its projects’ payable', async () => {
    const couponId = await issue(sgRule);
    const low = await order([
      ['水光针', '1000'],
      ['光子嫩肤', '800'],
    ]);
    expect(await charge(low, couponId, '100', '1700')).toMatchObject({
      code: 400,
      msg: '订单中适用项目的金额未达到优惠券使用门槛1500.00元',
    });
    const none = await order([['光子嫩肤', '800']]);
    expect(await charge(none, couponId, '100', '700')).toMatchObject({
      code: 400,
      msg: '订单中没有该优惠券适用的项目',
    });
    const ok = await order([['水光针', '1600']]);
    expect(await charge(ok, couponId, '301', '1299')).toMatchObject({ code: 400, msg: '优惠券余额不足' });
    const big = await issue(anyRule);
    const mixed = await order([['水光针', '1000']]);
    expect(await charge(mixed, big, '1100', '0')).toMatchObject({
      code: 400,
      msg: '优惠券支付金额不能超过适用项目的金额1000.00元',
    });
    expect(await charge(ok, undefined, '100', '1500')).toMatchObject({
      code: 400,
      msg: '使用优惠券支付时请选择优惠券',
    });
    expect(await charge(ok, couponId, '0', '1600')).toMatchObject({
      code: 400,
      msg: '选择了优惠券时请填写优惠券支付金额',
    });
    // Nothing was spent by the refusals.
    expect(await couponRow(couponId)).toEqual({ remaining: '300.00', status: 1 });
    await expectLedgerAgrees(t);
  });

  it('refuses another customer’s coupon and an expired one', async () => {
    const couponId = await issue(anyRule);
    const [other] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select customer_id id from crm_customer where customer_id <> ${cid.陈雨桐} and owner_user_id is not null order by customer_id limit 1`,
    );
    const theirs = await order([['水光针', '1000']], Number(other!.id));
    expect(await charge(theirs, couponId, '100', '900')).toMatchObject({
      code: 400,
      msg: '优惠券不属于该订单的顾客',
    });
    const mine = await order([['水光针', '1000']]);
    await t.database.db.execute(
      sql`update clinic_coupon set valid_to = current_date - 2, valid_from = current_date - 40 where coupon_id = ${couponId}`,
    );
    expect(await charge(mine, couponId, '100', '900')).toMatchObject({ code: 400, msg: '优惠券已过期，不能使用' });
    expect(await charge(mine, 999_999, '100', '900')).toMatchObject({ code: 404, msg: '优惠券不存在' });
    await expectLedgerAgrees(t);
  });

  it('two charges racing for a coupon’s last money: one wins', async () => {
    const couponId = await issue(sgRule);
    const a = await order([['水光针', '1600']]);
    const b = await order([['水光针', '1600']]);
    const answers = await Promise.all([charge(a, couponId, '300', '1300'), charge(b, couponId, '300', '1300')]);
    expect(answers.filter((x) => x.code === 0)).toHaveLength(1);
    expect(answers.find((x) => x.code !== 0)).toMatchObject({ code: 400 });
    expect(await couponRow(couponId)).toEqual({ remaining: '0.00', status: 2 });
    await expectLedgerAgrees(t);
  });

  it('issues by hand only with the leaf and within the customer’s scope', async () => {
    expect(await call('sunli', '/evaluate/issueCoupon', { customerId: cid.陈雨桐, ruleId: anyRule })).toMatchObject({
      code: 403,
    });
    expect(await call('chenjing', '/evaluate/customerCoupons', { customerId: cid.陈雨桐 })).toMatchObject({
      code: 0,
    });
  });
});
