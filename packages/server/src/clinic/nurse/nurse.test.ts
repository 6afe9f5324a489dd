import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { batchIds, customerIds, orgIds, people, projectIds } from '../../test/people.ts';
import { expectLedgerAgrees } from '../money/test-support.ts';

/**
 * The visit's money moves and the nurses' station on the demo data: zhangyu (前台) registers
 * walk-ins at 客服部, sunli (销售) opens orders for her customers (陈雨桐, 林婉清), chenjing (财务)
 * charges, wangjing (护士, every customer) works the station; chenjing holds no station. The
 * consultation room is another station, so a visit reaches 面诊中 here by a direct update.
 */
let t: TestApp;
const { ids: uid, call, signIn } = people(() => t);
const nextBatch = batchIds('nurse-test');
let store: number;
let cid: Record<string, number>;
let project: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  store = (await orgIds(t)).dept.客服部!;
  await signIn(['zhangyu', 'sunli', 'chenjing', 'wangjing']);
  cid = await customerIds(t);
  project = await projectIds(t);
});
afterAll(() => t?.close());
// One open visit per customer a day: each case starts with everyone gone, whatever the last one left.
afterEach(async () => {
  await t.database.db.execute(sql`update clinic_visit set status = 12 where status <> 12`);
});

const statusOf = async (visitId: number) =>
  Number(
    (
      await queryRows<{ s: number }>(t.database.db, sql`select status s from clinic_visit where visit_id = ${visitId}`)
    )[0]!.s,
  );

/** A walk-in at the demo store, moved to `status` (面诊中 by default) as the consultation room would. */
async function visitOf(customer: string, status = 4): Promise<number> {
  const res = await call('zhangyu', '/clinic/visit/walkIn', {
    customerId: cid[customer],
    storeId: store,
    batchId: nextBatch(),
  });
  expect(res.code).toBe(0);
  await t.database.db.execute(sql`update clinic_visit set status = ${status} where visit_id = ${res.data.visitId}`);
  return res.data.visitId;
}
const leave = (visitId: number) => call('zhangyu', '/clinic/visit/leave', { visitId });

/** 水光针 at 1000 (3 sessions) for the customer, opened for the visit. */
const openOrder = (customer: string, visitId?: number) =>
  call('sunli', '/CrmCustomerProjectDealRecord/save', {
    customerId: cid[customer],
    lines: [{ projectId: project.水光针, dealPrice: '1000', salespeople: [{ userId: uid.sunli, rate: 100 }] }],
    visitId,
    batchId: nextBatch(),
  });
const charge = (orderId: number) =>
  call('chenjing', '/clinic/cashier/charge', { orderId, payments: [{ method: 'cash', amount: '1000' }] });
const nurse = (url: string, body: Record<string, unknown>, who = 'wangjing') => call(who, url, body);
const use = (dealId: number, visitId: number | undefined, who = 'wangjing') =>
  call(who, '/CrmCustomerProjectDealRecord/verificationById', {
    dealId,
    visitId,
    staff: [
      { userId: uid.wangjing, role: 'nurse' },
      { userId: uid.sunli, role: 'doctor' },
    ],
    batchId: nextBatch(),
  });

describe('the visit follows its money', () => {
  it('an order opened for the visit makes it 待收银, its charge 已收费', async () => {
    const visitId = await visitOf('陈雨桐');
    const opened = await openOrder('陈雨桐', visitId);
    expect(opened.code).toBe(0);
    expect(await statusOf(visitId)).toBe(6);
    expect((await charge(opened.data.orderId)).code).toBe(0);
    expect(await statusOf(visitId)).toBe(7);
    await leave(visitId);
    await expectLedgerAgrees(t);
  });

  it('refuses an order naming another customer’s visit, and stores nothing', async () => {
    const visitId = await visitOf('林婉清');
    const count = async () =>
      Number((await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int n from clinic_order`))[0]!.n);
    const before = await count();
    expect(await openOrder('陈雨桐', visitId)).toMatchObject({ code: 400, msg: '就诊记录不属于该顾客' });
    expect(await openOrder('陈雨桐', 999_999)).toMatchObject({ code: 400, msg: '就诊记录不存在' });
    expect(await count()).toBe(before);
    expect(await statusOf(visitId)).toBe(4);
    await leave(visitId);
  });

  it('a visit in another state neither blocks the charge nor moves', async () => {
    const visitId = await visitOf('陈雨桐');
    const opened = await openOrder('陈雨桐', visitId);
    await leave(visitId);
    expect(await charge(opened.data.orderId)).toMatchObject({ code: 0, data: { status: 3 } });
    expect(await statusOf(visitId)).toBe(12);
    await expectLedgerAgrees(t);
  });
});

describe('the nurses’ station', () => {
  it('queues today’s paid visit with its open deals; 划扣 starts the treatment; undo; finish', async () => {
    const visitId = await visitOf('陈雨桐');
    const opened = await openOrder('陈雨桐', visitId);
    const charged = await charge(opened.data.orderId);
    const dealId = charged.data.dealIds[0];
    // An unpaid visit of another customer is not the station's.
    const waiting = await visitOf('林婉清', 6);

    const queue = await nurse('/clinic/nurse/queue', { storeId: store });
    expect(queue.code).toBe(0);
    expect(queue.data.map((v: { visitId: number }) => v.visitId)).toEqual([visitId]);
    expect(queue.data[0]).toMatchObject({
      status: 7,
      customerName: '陈雨桐',
      treatments: [],
    });
    expect(queue.data[0].deals).toContainEqual(
      expect.objectContaining({ dealId, name: '水光针', sessionsBought: 3, sessionsLeft: 3, sessionValue: 33_333 }),
    );

    const used = await use(dealId, visitId);
    expect(used).toMatchObject({ code: 0, data: { dealId, value: 33_333, deal: { used: 1, left: 2 } } });
    expect(await statusOf(visitId)).toBe(8);

    const after = await nurse('/clinic/nurse/queue', { storeId: store });
    expect(after.data[0]).toMatchObject({ status: 8 });
    expect(after.data[0].treatments).toEqual([
      expect.objectContaining({
        treatmentId: used.data.treatmentId,
        name: '水光针',
        sessions: 1,
        value: 33_333,
        staff: expect.stringContaining('王静'),
        createUserName: '王静',
        status: 1,
      }),
    ]);
    expect(after.data[0].deals.find((d: { dealId: number }) => d.dealId === dealId)).toMatchObject({
      sessionsUsed: 1,
      sessionsLeft: 2,
    });

    expect(await nurse('/clinic/nurse/undo', { treatmentId: used.data.treatmentId })).toMatchObject({
      code: 0,
      data: { status: 2, deal: { used: 0, left: 3 } },
    });
    const undone = await nurse('/clinic/nurse/queue', { storeId: store });
    expect(undone.data[0].treatments[0]).toMatchObject({ status: 2 });

    expect(await nurse('/clinic/visit/finishTreatment', { visitId })).toMatchObject({ code: 0, data: { status: 9 } });
    // A double click answers the visit as it is.
    expect(await nurse('/clinic/visit/finishTreatment', { visitId })).toMatchObject({ code: 0, data: { status: 9 } });
    // A late 划扣 after 完成治疗 does not reopen the treatment.
    expect((await use(dealId, visitId)).code).toBe(0);
    expect(await statusOf(visitId)).toBe(9);
    await leave(visitId);
    await leave(waiting);
    // Every move left its step in the visit's story (/entryDetails), with who made it; the test set
    // 面诊中 directly, so the story jumps from the arrival to the order.
    const story = await queryRows<{ from_status: number | null; to_status: number; user_id: number }>(
      t.database.db,
      sql`select from_status, to_status, user_id from clinic_visit_event where visit_id = ${visitId} order by event_id`,
    );
    expect(story.map((e) => [e.from_status, e.to_status])).toEqual([
      [null, 1],
      [4, 6],
      [6, 7],
      [7, 8],
      [8, 9],
      [9, 12],
    ]);
    expect(story[3]!.user_id).toBe(uid.wangjing);
    await expectLedgerAgrees(t);
  });

  it('开始治疗 and 完成治疗 follow the visit’s states, refused with the reason', async () => {
    const visitId = await visitOf('陈雨桐', 6);
    expect(await nurse('/clinic/visit/startTreatment', { visitId })).toMatchObject({
      code: 400,
      msg: '就诊待收银，不能开始治疗',
    });
    expect(await nurse('/clinic/visit/finishTreatment', { visitId })).toMatchObject({
      code: 400,
      msg: '就诊待收银，不能完成治疗',
    });
    await t.database.db.execute(sql`update clinic_visit set status = 7 where visit_id = ${visitId}`);
    expect(await nurse('/clinic/visit/startTreatment', { visitId })).toMatchObject({ code: 0, data: { status: 8 } });
    expect(await nurse('/clinic/visit/startTreatment', { visitId })).toMatchObject({ code: 0, data: { status: 8 } });
    await leave(visitId);
    expect(await nurse('/clinic/visit/finishTreatment', { visitId })).toMatchObject({
      code: 400,
      msg: '顾客已离店',
    });
    expect(await nurse('/clinic/visit/startTreatment', { visitId: 999_999 })).toMatchObject({
      code: 404,
      msg: '就诊记录不存在',
    });
  });

  it('two nurses clicking 开始治疗 at once: one move, both see 治疗中', async () => {
    const visitId = await visitOf('陈雨桐', 7);
    const both = await Promise.all([
      nurse('/clinic/visit/startTreatment', { visitId }),
      nurse('/clinic/visit/startTreatment', { visitId }),
    ]);
    expect(both.map((r) => [r.code, r.data.status])).toEqual([
      [0, 8],
      [0, 8],
    ]);
    await leave(visitId);
  });

  it('finds customers without a visit by name or phone, with their open deals', async () => {
    const found = await nurse('/clinic/nurse/customers', { search: '陈雨' });
    expect(found.code).toBe(0);
    const one = found.data.find((c: { customerName: string }) => c.customerName === '陈雨桐');
    expect(one).toMatchObject({ customerId: cid.陈雨桐, visitId: null });
    expect(one.deals.length).toBeGreaterThan(0);
    expect(
      one.deals.every((d: { sessionsLeft: number; sessionsHeld: number }) => d.sessionsLeft > d.sessionsHeld),
    ).toBe(true);
    const byPhone = await nurse('/clinic/nurse/customers', { search: one.mobile });
    expect(byPhone.data.map((c: { customerId: number }) => c.customerId)).toContain(cid.陈雨桐);
    // The name's pinyin initials (search_key), as the customer list finds it.
    const byPinyin = await nurse('/clinic/nurse/customers', { search: 'cyt' });
    expect(byPinyin.data.map((c: { customerId: number }) => c.customerId)).toContain(cid.陈雨桐);
    expect(await nurse('/clinic/nurse/customers', { search: ' ' })).toMatchObject({
      code: 400,
      msg: '请输入顾客姓名、手机号或拼音',
    });
    // A LIKE wildcard is a character, not "anything".
    expect((await nurse('/clinic/nurse/customers', { search: '%' })).data).toEqual([]);
  });

  it('answers the department’s staff and role pools', async () => {
    const res = await nurse('/clinic/nurse/staff', { deptId: store });
    expect(res.data.members).toContainEqual({ userId: uid.wangjing, realname: '王静', role: 'nurse' });
    expect(res.data.pools).toEqual([
      { role: 'doctor', percent: 60 },
      { role: 'nurse', percent: 30 },
      { role: 'assistant', percent: 10 },
    ]);
  });
});

describe('permission and scope', () => {
  it('refuses the station to whoever does not hold it', async () => {
    const visitId = await visitOf('陈雨桐', 7);
    for (const [url, body] of [
      ['/clinic/nurse/queue', { storeId: store }],
      ['/clinic/nurse/customers', { search: '陈' }],
      ['/clinic/nurse/staff', { deptId: store }],
      ['/clinic/visit/startTreatment', { visitId }],
      ['/clinic/visit/finishTreatment', { visitId }],
    ] as const)
      expect(await nurse(url, body, 'chenjing')).toMatchObject({ code: 403 });
    expect(await statusOf(visitId)).toBe(7);
    await leave(visitId);
  });

  it('keeps to the viewer’s customers', async () => {
    // sunli's role is given the station; her data scope (her own customers) stays.
    await t.database.db.execute(sql`insert into sys_role_permission (role_id, permission)
      select role_id, 'oa:workflow:nursesStation' from sys_role where role_name = '销售' on conflict do nothing`);
    await signIn(['sunli']);
    const otherName = '刘子涵';
    const mine = await visitOf('陈雨桐', 7);
    const theirs = await visitOf(otherName, 7);
    const queue = await nurse('/clinic/nurse/queue', { storeId: store }, 'sunli');
    expect(queue.data.map((v: { visitId: number }) => v.visitId)).toEqual([mine]);
    const found = await nurse('/clinic/nurse/customers', { search: otherName }, 'sunli');
    expect(found.data.map((c: { customerId: number }) => c.customerId)).not.toContain(cid.刘子涵);
    expect((await nurse('/clinic/visit/startTreatment', { visitId: theirs }, 'sunli')).code).not.toBe(0);
    expect(await statusOf(theirs)).toBe(7);
    await leave(mine);
    await leave(theirs);
  });
});
