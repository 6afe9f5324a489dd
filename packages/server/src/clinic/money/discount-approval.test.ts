import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { queryRows } from '../../core/sql.ts';
import { allFeatures } from '../../features.ts';
import { localDiskStorage } from '../../files/storage.ts';
import { createTestApp, raw, type TestApp } from '../../test/harness.ts';
import { batchIds, customerIds, people, projectIds } from '../../test/people.ts';
import { expectLedgerAgrees } from './test-support.ts';

/**
 * 折扣审批 on the demo data: sunli (销售) opens orders for 陈雨桐; a line below the floor (光子嫩肤:
 * 执行价 880, 最低价 680) goes to the `clinic_discount` approval with wangzong as the chosen
 * approver; chenjing (财务) charges; zhenghao (another team) may neither see nor decide.
 */
let t: TestApp;
const { ids: uid, call, signIn, tokens } = people(() => t);
let cid: Record<string, number>;
let project: Record<string, number>;
const nextBatch = batchIds('discount-test');

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['sunli', 'wangzong', 'chenjing', 'zhenghao']);
  cid = await customerIds(t);
  project = await projectIds(t);
});
afterAll(() => t?.close());

const agrees = () => expectLedgerAgrees(t);
const line = (dealPrice: string) => ({
  projectId: project.光子嫩肤,
  dealPrice,
  salespeople: [{ userId: uid.sunli, rate: 100 }],
});
const below = () => ({
  customerId: cid.陈雨桐,
  lines: [line('600'), { ...line('880'), projectId: project.水光针, dealPrice: '1280' }],
  discountReason: '老顾客回馈',
  checkUserId: uid.wangzong,
  batchId: nextBatch(),
});
const save = (body: Record<string, unknown>, who = 'sunli') =>
  call(who, '/CrmCustomerProjectDealRecord/save', raw(body));
const detail = (orderId: number, who = 'wangzong') => call(who, '/clinic/discount/detail', { orderId });
const audit = (recordId: number, status: 1 | 2 | 4, who = 'wangzong') =>
  call(who, '/OaExamine/auditExamine', { recordId, status, remarks: status === 1 ? '' : '价格再议' });
const statusOf = async (orderId: number) =>
  (
    await queryRows<{ status: number }>(t.database.db, sql`select status from clinic_order where order_id = ${orderId}`)
  )[0]?.status;
const charge = (orderId: number) =>
  call('chenjing', '/clinic/cashier/charge', { orderId, payments: [{ method: 'cash' as const, amount: '1880' }] });

describe('折扣审批', () => {
  it('a line below the floor puts the order in 待审批 and the approver sees the lines against their floors', async () => {
    const res = await save(below());
    expect(res).toMatchObject({ code: 0, data: { status: 1, payable: 188_000 } });
    const orderId = res.data.orderId;
    expect(await charge(orderId)).toMatchObject({ code: 400, msg: '订单待审批，审批通过后才能收费' });

    const seen = await detail(orderId);
    expect(seen).toMatchObject({
      code: 0,
      data: {
        orderId,
        status: 1,
        customerName: '陈雨桐',
        applicantName: '孙丽',
        reason: '老顾客回馈',
        payable: 188_000,
        examineStatus: 0,
        canAudit: true,
        canWithdraw: false,
        lines: [
          { name: '光子嫩肤', price: 128_000, salesPrice: 88_000, dealPrice: 60_000, floor: 68_000, belowFloor: true },
          { name: '水光针', price: 198_000, salesPrice: 128_000, dealPrice: 128_000, floor: 98_000, belowFloor: false },
        ],
      },
    });
    expect(seen.data.lines[0].discount).toBeCloseTo(46.88, 2);
    // The opener reads it too and may withdraw; someone outside both is refused.
    expect(await detail(orderId, 'sunli')).toMatchObject({ data: { canAudit: false, canWithdraw: true } });
    expect(await detail(orderId, 'zhenghao')).toMatchObject({ code: 403 });

    expect(await audit(seen.data.recordId, 1)).toMatchObject({ code: 0 });
    expect(await statusOf(orderId)).toBe(2);
    expect(await charge(orderId)).toMatchObject({ code: 0, data: { status: 3 } });
    await agrees();
  });

  it('reject → 草稿, not chargeable; update at the floor → 待收费', async () => {
    const { data } = await save(below());
    const { data: seen } = await detail(data.orderId);
    expect(await audit(seen.recordId, 2)).toMatchObject({ code: 0 });
    expect(await statusOf(data.orderId)).toBe(0);
    expect(await charge(data.orderId)).toMatchObject({ code: 400, msg: '订单未通过折扣审批，请修改后重新提交' });
    // Updated still below the floor it goes back to the approver; at the floor straight to the cashier.
    const again = await call('sunli', '/CrmCustomerProjectDealRecord/update', {
      orderId: data.orderId,
      lines: [line('650')],
      discountReason: '再次申请',
      checkUserId: uid.wangzong,
    });
    expect(again).toMatchObject({ code: 0, data: { status: 1, payable: 65_000 } });
    expect((await detail(data.orderId)).data).toMatchObject({ reason: '再次申请', canAudit: true });
    await audit(seen.recordId, 2);
    const fixed = await call('sunli', '/CrmCustomerProjectDealRecord/update', {
      orderId: data.orderId,
      lines: [line('680')],
    });
    expect(fixed).toMatchObject({ code: 0, data: { status: 2, payable: 68_000 } });
    expect((await detail(data.orderId, 'sunli')).data.reason).toBe('');
    await agrees();
  });

  it('withdraw → 草稿; while 待审批 the lines cannot change and the order cannot be voided; a draft can', async () => {
    const { data } = await save(below());
    const same = { orderId: data.orderId, lines: [line('880')] };
    expect(await call('sunli', '/CrmCustomerProjectDealRecord/update', same)).toMatchObject({
      code: 400,
      msg: '订单审批中，请等待审批结果或先撤回审批',
    });
    expect(await call('sunli', '/CrmCustomerProjectDealRecord/cancel', { orderId: data.orderId })).toMatchObject({
      code: 400,
      msg: '订单审批中，请等待审批结果或先撤回审批',
    });
    const { data: seen } = await detail(data.orderId, 'sunli');
    expect(await audit(seen.recordId, 4, 'sunli')).toMatchObject({ code: 0 });
    expect(await statusOf(data.orderId)).toBe(0);
    // A withdrawn approval cannot be approved afterwards.
    expect((await audit(seen.recordId, 1)).code).not.toBe(0);
    expect(await statusOf(data.orderId)).toBe(0);
    expect(await call('sunli', '/CrmCustomerProjectDealRecord/cancel', { orderId: data.orderId })).toMatchObject({
      code: 0,
    });
    expect(await statusOf(data.orderId)).toBe(6);
    await agrees();
  });

  it('an approved order cannot be lowered below the floor again', async () => {
    const { data } = await save(below());
    await audit((await detail(data.orderId)).data.recordId, 1);
    expect(
      await call('sunli', '/CrmCustomerProjectDealRecord/update', {
        orderId: data.orderId,
        lines: [line('500')],
        discountReason: '再降',
        checkUserId: uid.wangzong,
      }),
    ).toMatchObject({ code: 400, msg: '订单已通过折扣审批，不能再低于最低价，请作废后重新开单' });
    expect(await statusOf(data.orderId)).toBe(2);
  });

  it.each([
    ['no reason', { discountReason: '' }, '成交价低于最低价，请填写折扣原因'],
    ['no approver for a chosen-approver flow', { checkUserId: undefined }, '成交价低于最低价，请选择审批人'],
  ])('refuses %s and stores nothing', async (_, over, msg) => {
    const body = { ...below(), ...over };
    expect(await save(body)).toMatchObject({ code: 400, msg });
    const [n] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int n from clinic_order where batch_id = ${body.batchId}`,
    );
    expect(n?.n).toBe(0);
  });

  it('only the approver decides: the opener and another salesperson are refused', async () => {
    const { data } = await save(below());
    const { recordId } = (await detail(data.orderId)).data;
    expect((await audit(recordId, 1, 'sunli')).code).not.toBe(0);
    expect((await audit(recordId, 1, 'zhenghao')).code).not.toBe(0);
    expect(await statusOf(data.orderId)).toBe(1);
  });

  it('a disabled flow refuses the order below the floor', async () => {
    await t.database.db.execute(sql`update oa_examine_category set status = 0 where type = 'clinic_discount'`);
    try {
      expect(await save(below())).toMatchObject({ code: 400, msg: '折扣审批流程未启用，请联系管理员' });
    } finally {
      await t.database.db.execute(sql`update oa_examine_category set status = 1 where type = 'clinic_discount'`);
    }
  });

  it('a double click submits one order and one approval', async () => {
    const body = below();
    const answers = await Promise.all([save(body), save(body)]);
    expect(answers.map((a) => a.code)).toEqual([0, 0]);
    expect(answers[0].data.orderId).toBe(answers[1].data.orderId);
    const [n] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int n from examine_record where subject_type = 'clinic_discount' and subject_id = ${answers[0].data.orderId}`,
    );
    expect(n?.n).toBe(1);
    // Two approvals of one task: the second is refused, the order is approved once.
    const { recordId } = (await detail(answers[0].data.orderId)).data;
    const decided = await Promise.all([audit(recordId, 1), audit(recordId, 1)]);
    expect(decided.map((d) => d.code).sort()).toEqual([0, 400]);
    expect(await statusOf(answers[0].data.orderId)).toBe(2);
    await agrees();
  });
});

// The engine's hook of an approval subject lives in the app whose feature registered it (issue 27).
describe('the discount approval as a subject of its own app', () => {
  it('an app built without the money feature cannot decide it (no hook there: the order would not follow); this app can', async () => {
    const { data } = await save(below());
    const { data: seen } = await detail(data.orderId);
    const features = allFeatures.filter((f) => f.name === 'examine');
    const storage = localDiskStorage(t.config.dataDir);
    const other = await buildApp({ db: t.database.db, config: t.config, storage, bus: t.database.bus }, { features });
    try {
      expect(other.registry.subjects.of('clinic_discount')).toBeUndefined();
      const res = await other.inject({
        method: 'POST',
        url: '/OaExamine/auditExamine',
        headers: { 'admin-token': tokens.wangzong! },
        payload: { recordId: seen.recordId, status: 1, remarks: '' },
      });
      expect(res.json()).toMatchObject({ code: 400, msg: '审批对象类型有误' });
    } finally {
      await other.close();
    }
    // Nothing moved: neither the process nor the order.
    expect(await statusOf(data.orderId)).toBe(1);
    expect(await detail(data.orderId)).toMatchObject({ data: { examineStatus: 0, canAudit: true } });
    // The app with the money feature decides it, and the order follows in the same transaction.
    expect(await audit(seen.recordId, 1)).toMatchObject({ code: 0 });
    expect(await statusOf(data.orderId)).toBe(2);
    await agrees();
  });
});
