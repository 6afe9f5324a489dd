import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { createTestApp, raw, type TestApp } from '../../test/harness.ts';
import { batchIds, orgIds, people } from '../../test/people.ts';

/**
 * The consultation room on the demo data: zhangyu (前台) registers walk-ins at 客服部 and assigns
 * them; hexue (顾问, holds the room; her data scope does not reach these customers: the
 * assignment is the room's scope) accepts, refuses and writes the consult note; wangzong
 * (客户管理员, holds the room) is the doctor or another consultant; chenjing (财务) holds none of it.
 */
let t: TestApp;
const { ids: uid, call, signIn } = people(() => t);
const nextBatch = batchIds('witness-test');
let store: number;
let customers: number[] = [];
let used = 0;

beforeAll(async () => {
  t = await createTestApp();
  store = (await orgIds(t)).dept.客服部!;
  await signIn(['zhangyu', 'hexue', 'wangzong', 'chenjing']);
  customers = (
    await queryRows<{ id: number }>(t.database.db, sql`select customer_id as id from crm_customer order by customer_id`)
  ).map((r) => Number(r.id));
});
afterAll(() => t?.close());

/** A new walk-in assigned by the front desk (each with its own customer: one open visit a day). */
async function assigned(consultant = 'hexue', doctor: string | null = 'wangzong', remark = '') {
  const customerId = customers[used++]!;
  const v = await call('zhangyu', '/clinic/visit/walkIn', { customerId, storeId: store, remark, batchId: nextBatch() });
  expect(v).toMatchObject({ code: 0 });
  const a = await call('zhangyu', '/clinic/visit/assign', {
    visitId: v.data.visitId,
    consultantId: uid[consultant],
    doctorId: doctor ? uid[doctor] : null,
  });
  expect(a).toMatchObject({ code: 0, data: { status: 3 } });
  return { visitId: v.data.visitId as number, customerId };
}

const notesOf = (visitId: number) =>
  queryRows<{ kind: number; content: string }>(
    t.database.db,
    sql`select kind, content from clinic_visit_note where visit_id = ${visitId} order by note_id`,
  );

describe('my queue', () => {
  it('lists the visits assigned to me as consultant or doctor, today, at the store', async () => {
    const mine = await assigned('hexue', 'wangzong');
    const theirs = await assigned('wangzong', null);
    const hexue = await call('hexue', '/clinic/witness/queue', { storeId: store });
    expect(hexue.code).toBe(0);
    const ids = hexue.data.map((v: { visitId: number }) => v.visitId);
    expect(ids).toContain(mine.visitId);
    expect(ids).not.toContain(theirs.visitId);
    expect(hexue.data.find((v: { visitId: number }) => v.visitId === mine.visitId)).toMatchObject({
      status: 3,
      consultantName: '何雪',
      doctorName: '王建国',
      waited: 0,
    });
    // The doctor sees it too, with their own consultant visit.
    const wang = (await call('wangzong', '/clinic/witness/queue', { storeId: store })).data.map(
      (v: { visitId: number }) => v.visitId,
    );
    expect(wang).toEqual(expect.arrayContaining([mine.visitId, theirs.visitId]));
  });

  it('is refused without the room', async () => {
    expect(await call('chenjing', '/clinic/witness/queue', { storeId: store })).toMatchObject({
      code: 403,
      msg: '无权访问',
    });
    expect(await call('zhangyu', '/clinic/witness/accept', { visitId: 1 })).toMatchObject({
      code: 403,
      msg: '无权访问',
    });
  });
});

describe('accept, consult, doctor note', () => {
  it('accepts once (a double click answers the same), saves the consult note once per batch', async () => {
    const { visitId } = await assigned('hexue', 'wangzong', '想做双眼皮');
    const [first, second] = await Promise.all([
      call('hexue', '/clinic/witness/accept', { visitId }),
      call('hexue', '/clinic/witness/accept', { visitId }),
    ]);
    expect(first).toMatchObject({ code: 0, data: { status: 4 } });
    expect(second).toMatchObject({ code: 0, data: { status: 4 } });
    // Once accepted the desk cannot reassign.
    expect(
      await call('zhangyu', '/clinic/visit/assign', { visitId, consultantId: uid.wangzong, doctorId: null }),
    ).toMatchObject({ code: 400, msg: '顾问已接诊，不能改派' });

    const body = { visitId, items: '双眼皮 埋线', deal: 1, content: '顾客预算充足', batchId: nextBatch() };
    const [c1, c2] = await Promise.all([
      call('hexue', '/clinic/witness/consult', body),
      call('hexue', '/clinic/witness/consult', body),
    ]);
    expect(c1).toMatchObject({ code: 0, data: { status: 5 } });
    expect(c2).toMatchObject({ code: 0, data: { status: 5 } });
    expect(await notesOf(visitId)).toEqual([
      { kind: 1, content: '想做双眼皮' },
      { kind: 2, content: '面诊项目：双眼皮 埋线\n成交\n顾客预算充足' },
    ]);
    // Accepting again now is the state machine's refusal.
    expect(await call('hexue', '/clinic/witness/accept', { visitId })).toMatchObject({
      code: 400,
      msg: '就诊已面诊，不能接诊',
    });
    // A later consult note adds to the record without moving the visit; 未成交 needs its reason.
    expect(
      await call('hexue', '/clinic/witness/consult', { visitId, items: '复谈', deal: 2, batchId: nextBatch() }),
    ).toMatchObject({ code: 400, msg: '未成交请填写原因' });
    expect(
      await call('hexue', '/clinic/witness/consult', {
        visitId,
        items: '复谈',
        deal: 2,
        noDealReason: '价格偏高',
        batchId: nextBatch(),
      }),
    ).toMatchObject({ code: 0, data: { status: 5 } });
    const [v] = await queryRows<{ deal_status: number; no_deal_reason: string }>(
      t.database.db,
      sql`select deal_status, no_deal_reason from clinic_visit where visit_id = ${visitId}`,
    );
    expect(v).toEqual({ deal_status: 2, no_deal_reason: '价格偏高' });

    // The doctor's note is the doctor's.
    const note = { visitId, content: '上睑皮肤松弛，适合全切', batchId: nextBatch() };
    expect(await call('hexue', '/clinic/witness/doctorNote', note)).toMatchObject({
      code: 403,
      msg: '只有该顾客的医生可以填写医生记录',
    });
    const [d1, d2] = await Promise.all([
      call('wangzong', '/clinic/witness/doctorNote', note),
      call('wangzong', '/clinic/witness/doctorNote', note),
    ]);
    expect([d1.code, d2.code]).toEqual([0, 0]);
    expect((await notesOf(visitId)).filter((n) => n.kind === 3)).toEqual([
      { kind: 3, content: '上睑皮肤松弛，适合全切' },
    ]);
    // The doctor does not accept or consult.
    expect(await call('wangzong', '/clinic/witness/consult', { ...body, batchId: nextBatch() })).toMatchObject({
      code: 403,
      msg: '只有该顾客的顾问可以接诊、拒诊和保存面诊',
    });

    // After the customer leaves no note is written.
    expect(await call('zhangyu', '/clinic/visit/leave', { visitId })).toMatchObject({ code: 0 });
    expect(await call('wangzong', '/clinic/witness/doctorNote', { ...note, batchId: nextBatch() })).toMatchObject({
      code: 400,
      msg: '顾客已离店，不能再填写记录',
    });
  });

  it('refuses a consult note before acceptance and a missing items or deal', async () => {
    const { visitId } = await assigned();
    expect(
      await call('hexue', '/clinic/witness/consult', { visitId, items: '玻尿酸', deal: 1, batchId: nextBatch() }),
    ).toMatchObject({ code: 400, msg: '就诊已分诊，不能保存面诊' });
    expect(
      await call('hexue', '/clinic/witness/consult', { visitId, items: '', deal: 1, batchId: nextBatch() }),
    ).toMatchObject({ code: 400, msg: '请填写面诊项目' });
    expect(
      await call('hexue', '/clinic/witness/consult', { visitId, items: '玻尿酸', deal: 3, batchId: nextBatch() }),
    ).toMatchObject({ code: 400, msg: '请选择是否成交' });
    expect(await call('hexue', '/clinic/witness/accept', { visitId: 999_999 })).toMatchObject({
      code: 404,
      msg: '就诊记录不存在',
    });
    expect(await call('hexue', '/clinic/witness/accept', raw({ visitid: visitId }))).toMatchObject({
      code: 400,
      msg: '请求中没有本接口可识别的参数',
    });
  });
});

describe('refuse', () => {
  it('sends the visit back to the triage queue with the reason, once', async () => {
    const { visitId } = await assigned('hexue', 'wangzong');
    expect(await call('hexue', '/clinic/witness/refuse', { visitId, reason: '' })).toMatchObject({
      code: 400,
      msg: '请填写拒诊原因',
    });
    const res = await call('hexue', '/clinic/witness/refuse', { visitId, reason: '非本人擅长项目' });
    expect(res).toMatchObject({ code: 0, data: { status: 1, consultantId: null, doctorId: null } });
    expect((await notesOf(visitId)).at(-1)).toEqual({ kind: 2, content: '拒诊：非本人擅长项目' });
    // A second click: the visit is no longer hers.
    expect(await call('hexue', '/clinic/witness/refuse', { visitId, reason: '非本人擅长项目' })).toMatchObject({
      code: 403,
      msg: '该顾客不是分配给您的，不能操作',
    });
    const queue = await call('hexue', '/clinic/witness/queue', { storeId: store });
    expect(queue.data.map((v: { visitId: number }) => v.visitId)).not.toContain(visitId);
    // The desk assigns someone else.
    expect(
      await call('zhangyu', '/clinic/visit/assign', { visitId, consultantId: uid.wangzong, doctorId: null }),
    ).toMatchObject({ code: 0, data: { status: 3, consultantName: '王建国' } });
  });

  it('refuses once accepted (the state machine)', async () => {
    const { visitId } = await assigned();
    await call('hexue', '/clinic/witness/accept', { visitId });
    expect(await call('hexue', '/clinic/witness/refuse', { visitId, reason: '忙' })).toMatchObject({
      code: 400,
      msg: '就诊面诊中，不能拒诊',
    });
  });
});

describe('scope: another consultant’s visit', () => {
  it('refuses every call on a visit assigned to someone else', async () => {
    const { visitId } = await assigned('wangzong', null);
    const msg = { code: 403, msg: '该顾客不是分配给您的，不能操作' };
    expect(await call('hexue', '/clinic/witness/accept', { visitId })).toMatchObject(msg);
    expect(await call('hexue', '/clinic/witness/refuse', { visitId, reason: '忙' })).toMatchObject(msg);
    expect(
      await call('hexue', '/clinic/witness/consult', { visitId, items: '玻尿酸', deal: 1, batchId: nextBatch() }),
    ).toMatchObject(msg);
    expect(
      await call('hexue', '/clinic/witness/doctorNote', { visitId, content: '记录', batchId: nextBatch() }),
    ).toMatchObject(msg);
    expect(await call('hexue', '/clinic/witness/card', { visitId })).toMatchObject(msg);
    const [row] = await queryRows<{ status: number }>(
      t.database.db,
      sql`select status from clinic_visit where visit_id = ${visitId}`,
    );
    expect(row!.status).toBe(3);
  });
});

describe('the customer card', () => {
  it('answers the customer, money, sessions left, earlier visits with notes and follow-ups in one call', async () => {
    const { visitId, customerId } = await assigned('hexue', null, '第一次来');
    // An earlier visit of the same customer (yesterday, consulted) and a follow-up.
    await t.database.db.execute(sql`insert into clinic_visit (customer_id, store_id, visit_type, status, deal_status,
        consultant_id, arrived_time, create_user_id)
      values (${customerId}, ${store}, 1, 12, 2, ${uid.hexue}, now() - interval '1 day', ${uid.hexue})`);
    const [earlier] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select max(visit_id) as id from clinic_visit where customer_id = ${customerId} and visit_id <> ${visitId}`,
    );
    await t.database.db.execute(sql`insert into clinic_visit_note (visit_id, kind, user_id, content)
      values (${earlier!.id}, 2, ${uid.hexue}, '面诊项目：祛斑\n未成交：再考虑')`);
    await t.database.db.execute(sql`insert into crm_follow_record (label, record_id, category, content, create_user_id)
      values (2, ${customerId}, '打电话', '回访术后恢复', ${uid.hexue})`);
    await t.database.db.execute(sql`update clinic_customer_account set principal = 120.50, arrears = 30
      where customer_id = ${customerId}`);
    // Two deals: one with sessions left (one of them held by a refund), one used up.
    const [project] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select min(project_id) as id from crm_project`,
    );
    await t.database.db.execute(sql`insert into crm_customer_project_deal_record (customer_id, project_id, name,
        sessions_bought, sessions_used, sessions_left, sessions_held, arrears, status, create_user_id)
      values (${customerId}, ${project!.id}, '水光针', 5, 2, 3, 1, 200, 2, ${uid.hexue}),
        (${customerId}, ${project!.id}, '光子嫩肤', 1, 1, 0, 0, 0, 3, ${uid.hexue})`);

    const card = await call('hexue', '/clinic/witness/card', { visitId });
    expect(card).toMatchObject({
      code: 0,
      data: {
        visit: { visitId, status: 3, dealStatus: 0, noDealReason: '' },
        customer: { customerId, customerName: expect.any(String) },
        account: { customerId, principal: 12050, arrears: 3000 },
        deals: [{ name: '水光针', sessionsBought: 5, sessionsLeft: 3, sessionsHeld: 1, arrears: 20000, status: 2 }],
        notes: [{ kind: 1, content: '第一次来', userName: '张雨' }],
        visits: [
          {
            visitId: Number(earlier!.id),
            status: 12,
            dealStatus: 2,
            consultantName: '何雪',
            notes: [{ kind: 2, content: '面诊项目：祛斑\n未成交：再考虑' }],
          },
        ],
      },
    });
    // Newest first: the one just written leads the demo's own.
    expect(card.data.followUps[0]).toMatchObject({ category: '打电话', content: '回访术后恢复', userName: '何雪' });
    expect(card.data.customer.customerName).not.toBe('');
  });
});
