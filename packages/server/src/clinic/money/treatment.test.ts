import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { batchIds, customerIds, people, projectIds } from '../../test/people.ts';
import { expectLedgerAgrees } from './test-support.ts';

/**
 * 划扣 (CrmCustomerProjectDealRecord/verificationById) and its undo (clinic/nurse/undo) on the demo
 * data: sunli opens, chenjing charges, wangzong (客户管理员, every CRM key) uses sessions; sunli may
 * not. 水光针 sold at 1000 for 3 sessions: 333.33, 333.33, 333.34. Every case ends with ledgerAgrees.
 */
let t: TestApp;
const { ids: uid, call, signIn } = people(() => t);
let cid: Record<string, number>;
let project: Record<string, number>;
const nextBatch = batchIds('treat-test');

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['sunli', 'chenjing', 'wangzong', 'liming', 'hexue']);
  cid = await customerIds(t);
  project = await projectIds(t);
});
afterAll(() => t?.close());

const agrees = () => expectLedgerAgrees(t);

/** A charged deal of 水光针 at 1000 (3 sessions), paid in cash. */
async function boughtDeal(): Promise<number> {
  const opened = await call('sunli', '/CrmCustomerProjectDealRecord/save', {
    customerId: cid.陈雨桐,
    lines: [{ projectId: project.水光针, dealPrice: '1000', salespeople: [{ userId: uid.sunli, rate: 100 }] }],
    batchId: nextBatch(),
  });
  const charged = await call('chenjing', '/clinic/cashier/charge', {
    orderId: opened.data.orderId,
    payments: [{ method: 'cash', amount: '1000' }],
  });
  return charged.data.dealIds[0];
}
const staff = () => [
  { userId: uid.liming, role: 'doctor' },
  { userId: uid.hexue, role: 'nurse', share: 3 },
  { userId: uid.sunli, role: 'nurse', share: 1 },
];
const use = (dealId: number, sessions = 1, over: Record<string, unknown> = {}, who = 'wangzong') =>
  call(who, '/CrmCustomerProjectDealRecord/verificationById', {
    dealId,
    sessions,
    staff: staff(),
    batchId: nextBatch(),
    ...over,
  });
const deptOf = async (name: string) =>
  Number(
    (await queryRows<{ id: number }>(t.database.db, sql`select dept_id id from sys_dept where name = ${name}`))[0]!.id,
  );
const perfOf = async (treatmentId: number) =>
  queryRows<{ user_id: number; role: string; amount: string }>(
    t.database.db,
    sql`select user_id, role, sum(amount)::text amount from clinic_performance
      where source_id = ${treatmentId} and source_kind in ('treatment', 'treatment_undo') group by user_id, role order by user_id, role`,
  );

describe('verificationById', () => {
  it('uses sessions one by one, the last carrying the remainder, with consumption performance by role pools', async () => {
    const dealId = await boughtDeal();
    const first = await use(dealId);
    expect(first).toMatchObject({
      code: 0,
      data: { dealId, sessions: 1, value: 33_333, status: 1, deal: { used: 1, left: 2, status: 2 } },
    });
    // Doctor and nurse pools 50 / 50; the nurses share theirs 3 : 1.
    const rows = await perfOf(first.data.treatmentId);
    expect(rows.map((r) => r.amount).reduce((s, a) => s + Number(a) * 100, 0)).toBe(33_333);
    expect(rows.find((r) => r.role === 'doctor')).toMatchObject({ user_id: uid.liming, amount: '166.66' });
    const last = await use(dealId, 2);
    expect(last).toMatchObject({ code: 0, data: { value: 66_667, deal: { used: 3, left: 0, status: 3 } } });
    expect(await use(dealId)).toMatchObject({ code: 400, msg: '该成交项目已完成，不能划扣' });
    const [a] = await queryRows<{ total_consumed: string }>(
      t.database.db,
      sql`select total_consumed from clinic_customer_account where customer_id = ${cid.陈雨桐}`,
    );
    expect(a?.total_consumed).toBe('1000.00');
    await agrees();
  });

  it('refuses more sessions than are left, held sessions, and someone without the permission', async () => {
    const dealId = await boughtDeal();
    expect(await use(dealId, 4)).toMatchObject({ code: 400, msg: '剩余次数不足' });
    // A pending refund holds two sessions (the refund service will do this).
    await t.database.db.execute(
      sql`update crm_customer_project_deal_record set sessions_held = 2 where deal_id = ${dealId}`,
    );
    expect(await use(dealId, 2)).toMatchObject({ code: 400, msg: '剩余次数不足' });
    expect(await use(dealId, 1)).toMatchObject({ code: 0 });
    await t.database.db.execute(
      sql`update crm_customer_project_deal_record set sessions_held = 0 where deal_id = ${dealId}`,
    );
    expect(await use(dealId, 1, {}, 'sunli')).toMatchObject({ code: 403, msg: '无权访问' });
    expect(await use(dealId, 1, { staff: [] })).toMatchObject({ code: 400, msg: '请选择配台人员' });
    expect(
      await use(dealId, 1, {
        staff: [
          { userId: uid.hexue, role: 'nurse' },
          { userId: uid.hexue, role: 'nurse' },
        ],
      }),
    ).toMatchObject({
      msg: '同一人员同一角色只能出现一次',
    });
    expect(await use(999_999)).toMatchObject({ code: 404, msg: '成交项目不存在' });
    await agrees();
  });

  it('a double click (one batch id) uses the sessions once', async () => {
    const dealId = await boughtDeal();
    const batchId = nextBatch();
    const answers = await Promise.all(Array.from({ length: 5 }, () => use(dealId, 1, { batchId })));
    expect(new Set(answers.map((a) => a.data.treatmentId)).size).toBe(1);
    expect(answers[0]).toMatchObject({ data: { deal: { used: 1, left: 2 } } });
    await agrees();
  });

  it('30 parallel uses of the last session: one', async () => {
    const dealId = await boughtDeal();
    await use(dealId, 2);
    const answers = await Promise.all(Array.from({ length: 30 }, () => use(dealId)));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    for (const a of answers.filter((x) => x.code !== 0)) expect(a.code).toBe(400);
    await agrees();
  });
});

describe('the 划扣 role pools of the treating department (deptOperatorConfig)', () => {
  const byRole = (rows: { role: string; amount: string }[]) => {
    const sums: Record<string, number> = {};
    for (const r of rows) sums[r.role] = (sums[r.role] ?? 0) + Math.round(Number(r.amount) * 100);
    return sums;
  };

  it('shares by the configured pools, rescaled over the roles that treated', async () => {
    // The demo's 客服部: doctor 60, nurse 30, assistant 10; nobody assisted, so 60 : 30 → 66 : 34 in whole
    // percents (the remainder on the last part), and the value's odd fen to the last person.
    const dealId = await boughtDeal();
    const done = await use(dealId, 1, { deptId: await deptOf('客服部') });
    expect(done).toMatchObject({ code: 0, data: { value: 33_333 } });
    expect(byRole(await perfOf(done.data.treatmentId))).toEqual({ doctor: 21_999, nurse: 11_334 });
    await agrees();
  });

  it('one role that treated alone earns the whole value; a department without pools splits equally', async () => {
    const dealId = await boughtDeal();
    const alone = await use(dealId, 1, {
      deptId: await deptOf('客服部'),
      staff: [{ userId: uid.hexue, role: 'nurse' }],
    });
    expect(byRole(await perfOf(alone.data.treatmentId))).toEqual({ nurse: 33_333 });
    const equal = await use(dealId, 1, { deptId: await deptOf('财务部') });
    expect(byRole(await perfOf(equal.data.treatmentId))).toEqual({ doctor: 16_666, nurse: 16_667 });
    await agrees();
  });
});

describe('划扣 roles of a department', () => {
  it('where the department has pools, only their roles may treat; nothing is used on a refusal', async () => {
    const dealId = await boughtDeal();
    const refused = await use(dealId, 1, {
      deptId: await deptOf('客服部'),
      staff: [
        { userId: uid.liming, role: 'doctor' },
        { userId: uid.hexue, role: 'beautician' },
      ],
    });
    expect(refused).toMatchObject({ code: 400, msg: '配台角色不在该科室的划扣角色中：美容师' });
    const [deal] = await queryRows<{ sessions_left: number }>(
      t.database.db,
      sql`select sessions_left from crm_customer_project_deal_record where deal_id = ${dealId}`,
    );
    expect(deal?.sessions_left).toBe(3);
    // A department without pools takes any role.
    expect(
      await use(dealId, 1, { deptId: await deptOf('财务部'), staff: [{ userId: uid.hexue, role: 'beautician' }] }),
    ).toMatchObject({ code: 0 });
    await agrees();
  });
});

describe('undo', () => {
  it('gives the sessions back, takes the value off and mirrors the performance', async () => {
    const dealId = await boughtDeal();
    const { treatmentId } = (await use(dealId, 3)).data;
    const undone = await call('wangzong', '/clinic/nurse/undo', { treatmentId });
    expect(undone).toMatchObject({ code: 0, data: { status: 2, deal: { used: 0, left: 3, status: 1 } } });
    for (const r of await perfOf(treatmentId)) expect(r.amount).toBe('0.00');
    expect(await call('wangzong', '/clinic/nurse/undo', { treatmentId })).toMatchObject({
      code: 400,
      msg: '该划扣已撤销',
    });
    expect(await call('sunli', '/clinic/nurse/undo', { treatmentId })).toMatchObject({ code: 403 });
    expect(await call('wangzong', '/clinic/nurse/undo', { treatmentId: 999_999 })).toMatchObject({
      code: 404,
      msg: '划扣记录不存在',
    });
    const timeline = await call('sunli', '/CrmCustomerProjectDealRecord/queryTrackingRecord', { dealId });
    expect(timeline.data.map((e: Record<string, unknown>) => [e.type, e.sessions, e.amount])).toEqual([
      ['charge', 3, 100_000],
      ['treatment', 3, 100_000],
      ['undo', -3, -100_000],
    ]);
    expect(timeline.data[1]).toMatchObject({
      refId: treatmentId,
      userId: uid.wangzong,
      time: expect.stringMatching(/^\d{4}-/),
    });
    expect(await call('sunli', '/CrmCustomerProjectDealRecord/queryTrackingRecord', { dealId: 999_999 })).toMatchObject(
      {
        code: 404,
        msg: '成交项目不存在',
      },
    );
    await agrees();
  });
});
