import { followUpDay, formatTime, parseTime } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { customerPanel } from '../../crm/customer/test-support.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { batchIds, customerIds, orgIds, people, projectIds } from '../../test/people.ts';
import { expectLedgerAgrees } from '../money/test-support.ts';

/**
 * The inpatient station on the demo data: wangzong (客户管理员: the station, the stores' settings,
 * every CRM key) manages beds, admits and discharges; zhangyu (前台, every customer) is given the
 * station here but cannot take money; sunli (销售, her own customers) is given the station too;
 * chenjing (财务) holds none of it. 客服部 is the demo store (rooms 诊室1, 诊室2, 治疗室, 手术室).
 */
let t: TestApp;
const { ids: uid, call, signIn } = people(() => t);
const nextBatch = batchIds('ward-test');
let store: number;
let otherStore: number;
let cid: Record<string, number>;
let project: Record<string, number>;
/** Customers owned by sunli and by others. */
const cust: { hers: number; others: number[] } = { hers: 0, others: [] };

const db = () => t.database.db;
const one = async <T>(q: ReturnType<typeof sql>) => (await queryRows<T>(db(), q))[0]!;

beforeAll(async () => {
  t = await createTestApp();
  const org = await orgIds(t);
  store = org.dept.客服部!;
  await db().execute(sql`insert into sys_role_permission (role_id, permission)
    select role_id, 'oa:workflow:isHospitalized' from sys_role where role_name in ('前台', '销售')`);
  await signIn(['wangzong', 'zhangyu', 'sunli', 'chenjing', 'liming', 'hexue']);
  cid = await customerIds(t);
  project = await projectIds(t);
  const owned = await queryRows<{ id: number; owner: string | null }>(
    db(),
    sql`select c.customer_id as id, u.username as owner from crm_customer c left join sys_user u on u.user_id = c.owner_user_id
        where c.owner_user_id is not null order by c.customer_id`,
  );
  cust.hers = Number(owned.find((o) => o.owner === 'sunli')!.id);
  cust.others = owned.filter((o) => o.owner !== 'sunli').map((o) => Number(o.id));
  // A second store, so a bed of another store can be refused.
  otherStore = Object.entries(org.dept).find(([name, id]) => name !== '客服部' && id !== store)![1];
  const opened = await call('wangzong', '/clinic/booking/saveSettings', {
    storeId: otherStore,
    opening: '09:00',
    closing: '18:00',
    slotMinutes: 30,
    rooms: ['病房A'],
  });
  expect(opened.code).toBe(0);
});
afterAll(() => t?.close());

const bed = async (room: string, number: string, storeId = store) => {
  const res = await call('wangzong', '/clinic/ward/saveBed', { storeId, room, number });
  expect(res).toMatchObject({ code: 0 });
  return res.data.bedId as number;
};

/**
 * A visit of `customerId` at `storeId` already 已收费 (by default): a fixture written directly,
 * as the stations before the ward (triage, consultation, cashier) are tested in their own files.
 */
async function paidVisit(customerId: number, storeId = store, status = 7): Promise<number> {
  const row = await one<{ id: number }>(
    sql`insert into clinic_visit (customer_id, store_id, visit_type, status, create_user_id)
        values (${customerId}, ${storeId}, 1, ${status}, ${uid.wangzong}) returning visit_id as id`,
  );
  return Number(row.id);
}
let nextCustomer = 0;
/** One of the customers not sunli's, in turn. */
const freshCustomer = () => cust.others[nextCustomer++ % cust.others.length]!;

const admitBody = (bedId: number, visitId: number, over: Record<string, unknown> = {}) => ({
  bedId,
  visitId,
  doctorId: uid.liming,
  nurseId: uid.hexue,
  expectedDays: 3,
  batchId: nextBatch(),
  ...over,
});
const admit = (bedId: number, visitId: number, over: Record<string, unknown> = {}, who = 'wangzong') =>
  call(who, '/clinic/ward/admit', admitBody(bedId, visitId, over));
const bedStatus = async (bedId: number) =>
  Number((await one<{ s: number }>(sql`select status s from clinic_bed where bed_id = ${bedId}`)).s);
const visitStatus = async (visitId: number) =>
  Number((await one<{ s: number }>(sql`select status s from clinic_visit where visit_id = ${visitId}`)).s);

describe('beds', () => {
  it('adds beds to the store’s rooms only, refuses a number twice, and only for the settings holder', async () => {
    const id = await bed('治疗室', '1');
    expect(
      await call('wangzong', '/clinic/ward/saveBed', { storeId: store, room: '病房Z', number: '1' }),
    ).toMatchObject({ code: 400, msg: '病房不在该门店的房间中' });
    expect(
      await call('wangzong', '/clinic/ward/saveBed', { storeId: store, room: '治疗室', number: '1' }),
    ).toMatchObject({ code: 409, msg: '该病房已有此床号' });
    expect(
      await call('zhangyu', '/clinic/ward/saveBed', { storeId: store, room: '治疗室', number: '9' }),
    ).toMatchObject({ code: 403 });
    const edited = await call('wangzong', '/clinic/ward/saveBed', {
      bedId: id,
      storeId: store,
      room: '治疗室',
      number: '1',
      remark: '靠窗',
    });
    expect(edited).toMatchObject({ code: 0, data: { bedId: id, status: 1, remark: '靠窗', occupant: null } });
  });

  it('shows the board by the store’s rooms, beds by number (2 before 10), with counts by state', async () => {
    const ten = await bed('诊室2', '10');
    const two = await bed('诊室2', '2');
    await call('wangzong', '/clinic/ward/setBedEnabled', { bedId: ten, enabled: false });
    const board = await call('zhangyu', '/clinic/ward/board', { storeId: store });
    expect(board.code).toBe(0);
    expect(board.data.rooms.map((r: { room: string }) => r.room)).toEqual(['诊室1', '诊室2', '治疗室', '手术室']);
    const room2 = board.data.rooms[1].beds;
    expect(room2.map((b: { bedId: number; status: number }) => [b.bedId, b.status])).toEqual([
      [two, 1],
      [ten, 4],
    ]);
    expect(board.data.counts['4']).toBeGreaterThanOrEqual(1);
    expect(await call('chenjing', '/clinic/ward/board', { storeId: store })).toMatchObject({ code: 403 });
  });

  it('reserves and releases a free bed (again: unchanged) and takes only an empty bed out of use', async () => {
    const id = await bed('手术室', '1');
    expect(await call('zhangyu', '/clinic/ward/reserve', { bedId: id, remark: '明早手术' })).toMatchObject({
      code: 0,
      data: { status: 3, remark: '明早手术' },
    });
    expect(await call('zhangyu', '/clinic/ward/reserve', { bedId: id })).toMatchObject({
      code: 0,
      data: { status: 3 },
    });
    expect(await call('zhangyu', '/clinic/ward/release', { bedId: id })).toMatchObject({
      code: 0,
      data: { status: 1 },
    });
    expect(await call('zhangyu', '/clinic/ward/release', { bedId: id })).toMatchObject({
      code: 0,
      data: { status: 1 },
    });
    await call('wangzong', '/clinic/ward/setBedEnabled', { bedId: id, enabled: false });
    expect(await call('zhangyu', '/clinic/ward/reserve', { bedId: id })).toMatchObject({
      code: 400,
      msg: '床位停用，不能预留',
    });
    expect(await call('wangzong', '/clinic/ward/setBedEnabled', { bedId: id, enabled: true })).toMatchObject({
      code: 0,
      data: { status: 1 },
    });
  });
});

describe('admit', () => {
  it('admits a paid visit: the bed occupied, the visit 住院, the deposit a top-up in the one ledger', async () => {
    const bedId = await bed('诊室1', 'A1');
    const customerId = freshCustomer();
    const visitId = await paidVisit(customerId);
    const body = admitBody(bedId, visitId, { deposit: [{ method: 'cash', amount: '2000' }] });
    const res = await call('wangzong', '/clinic/ward/admit', body);
    expect(res).toMatchObject({
      code: 0,
      data: { bedId, visitId, customerId, status: 1, doctorId: uid.liming, nurseId: uid.hexue, deposit: 200_000 },
    });
    expect(await bedStatus(bedId)).toBe(2);
    expect(await visitStatus(visitId)).toBe(10);
    const order = await one<{ kind: number; payable: string }>(
      sql`select kind, payable from clinic_order where order_id = ${res.data.depositOrderId}`,
    );
    expect(order).toMatchObject({ kind: 2, payable: '2000.00' });
    const account = await one<{ principal: string }>(
      sql`select principal from clinic_customer_account where customer_id = ${customerId}`,
    );
    expect(account.principal).toBe('2000.00');
    // A double click: the same batch answers the first admission and takes no second deposit.
    const again = await call('wangzong', '/clinic/ward/admit', body);
    expect(again).toMatchObject({ code: 0, data: { admissionId: res.data.admissionId } });
    const deposits = await one<{ n: number }>(
      sql`select count(*)::int n from clinic_order where customer_id = ${customerId} and kind = 2`,
    );
    expect(deposits.n).toBe(1);
    // The board names who is in the bed.
    const board = await call('wangzong', '/clinic/ward/board', { storeId: store });
    expect(board).toMatchObject({ code: 0 });
    const shown = board.data.rooms[0].beds.find((b: { bedId: number }) => b.bedId === bedId);
    expect(shown.occupant).toMatchObject({
      admissionId: res.data.admissionId,
      customerId,
      doctorName: '李明',
      expectedDays: 3,
      days: 1,
      expectedDischarge: followUpDay(new Date(), 3),
    });
    expect(shown.occupant.customerName).not.toBe('');
    await expectLedgerAgrees(t);
  });

  it('refuses each wrong case with its message and stores nothing', async () => {
    const bedId = await bed('诊室1', 'A2');
    const taken = await bed('诊室1', 'A3');
    const off = await bed('诊室1', 'A4');
    const elsewhere = await bed('病房A', '1', otherStore);
    await call('wangzong', '/clinic/ward/setBedEnabled', { bedId: off, enabled: false });
    await admit(taken, await paidVisit(freshCustomer()));
    const visitId = await paidVisit(freshCustomer());
    const arrived = await paidVisit(freshCustomer(), store, 1);
    const cases: [string, Promise<{ code: number; msg: string }>, number, string][] = [
      ['a visit not yet paid', admit(bedId, arrived), 400, '就诊已到店，不能住院'],
      ['an occupied bed', admit(taken, visitId), 400, '床位已被占用，请选择其他床位'],
      ['a bed out of use', admit(off, visitId), 400, '床位停用，不能入住'],
      ['a bed of another store', admit(elsewhere, visitId), 400, '床位不属于该就诊的门店'],
      ['a disabled nurse', admit(bedId, visitId, { nurseId: 999_999 }), 400, '人员不存在或已停用'],
      ['too many days', admit(bedId, visitId, { expectedDays: 400 }), 400, '预计住院天数须为1到365之间的整数'],
      ['no bed', admit(0, visitId), 400, '请选择床位'],
      [
        'a deposit from someone who may not take money',
        admit(bedId, visitId, { deposit: [{ method: 'cash', amount: '100' }] }, 'zhangyu'),
        403,
        '没有收费权限，不能收取押金',
      ],
      [
        'a deposit paid from the balance',
        admit(bedId, visitId, { deposit: [{ method: 'principal', amount: '100' }] }),
        400,
        '充值不能使用余额或优惠券支付',
      ],
    ];
    for (const [label, res, code, msg] of cases) expect([label, await res]).toMatchObject([label, { code, msg }]);
    expect(await bedStatus(bedId)).toBe(1);
    expect(await visitStatus(visitId)).toBe(7);
    const stored = await one<{ n: number }>(
      sql`select count(*)::int n from clinic_admission where visit_id = ${visitId}`,
    );
    expect(stored.n).toBe(0);
    await expectLedgerAgrees(t);
  });

  it('admits a second time the same visit: refused by the visit’s state', async () => {
    const [a, b] = [await bed('诊室1', 'B1'), await bed('诊室1', 'B2')];
    const visitId = await paidVisit(freshCustomer());
    expect((await admit(a, visitId)).code).toBe(0);
    expect(await admit(b, visitId)).toMatchObject({ code: 400, msg: '就诊住院，不能住院' });
  });

  it('two admits to one bed at once: one wins, the other hears the bed is taken', async () => {
    const bedId = await bed('诊室1', 'C1');
    const [v1, v2] = [await paidVisit(freshCustomer()), await paidVisit(freshCustomer())];
    const results = await Promise.all([admit(bedId, v1), admit(bedId, v2)]);
    expect(results.map((r) => r.code).sort()).toEqual([0, 400]);
    expect(results.find((r) => r.code === 400)).toMatchObject({ msg: '床位已被占用，请选择其他床位' });
    const open = await one<{ n: number }>(
      sql`select count(*)::int n from clinic_admission where bed_id = ${bedId} and status = 1`,
    );
    expect(open.n).toBe(1);
  });

  it('keeps to the data scope: sunli admits her customer, not another’s, and sees no name she may not read', async () => {
    const [mine, theirs] = [await bed('诊室1', 'D1'), await bed('诊室1', 'D2')];
    const herVisit = await paidVisit(cust.hers);
    const otherVisit = await paidVisit(freshCustomer());
    expect(await admit(theirs, otherVisit, {}, 'sunli')).toMatchObject({ code: 403 });
    expect((await admit(theirs, otherVisit)).code).toBe(0);
    expect((await admit(mine, herVisit, {}, 'sunli')).code).toBe(0);
    const board = await call('sunli', '/clinic/ward/board', { storeId: store });
    const beds = board.data.rooms[0].beds as { bedId: number; occupant: { customerName: string } }[];
    expect(beds.find((b) => b.bedId === mine)!.occupant.customerName).not.toBe('');
    expect(beds.find((b) => b.bedId === theirs)!.occupant).toMatchObject({ customerName: '', mobile: '' });
    expect(await call('chenjing', '/clinic/ward/admit', admitBody(mine, herVisit))).toMatchObject({ code: 403 });
  });

  it('admits into a reserved bed (whoever it was kept for) and lists the visits that may be admitted', async () => {
    const bedId = await bed('诊室1', 'E1');
    await call('zhangyu', '/clinic/ward/reserve', { bedId });
    const visitId = await paidVisit(freshCustomer(), store, 9);
    const listed = await call('zhangyu', '/clinic/ward/candidates', { storeId: store });
    expect(listed.data.map((v: { visitId: number }) => v.visitId)).toContain(visitId);
    expect((await admit(bedId, visitId)).code).toBe(0);
    expect(await bedStatus(bedId)).toBe(2);
    const after = await call('zhangyu', '/clinic/ward/candidates', { storeId: store });
    expect(after.data.map((v: { visitId: number }) => v.visitId)).not.toContain(visitId);
  });
});

describe('move and discharge', () => {
  it('moves to a free bed of the store (again: unchanged), never to a taken one or another store', async () => {
    const [from, to, busy] = [await bed('诊室2', 'M1'), await bed('诊室2', 'M2'), await bed('诊室2', 'M3')];
    const elsewhere = await bed('病房A', 'M1', otherStore);
    const stay = (await admit(from, await paidVisit(freshCustomer()))).data.admissionId;
    await admit(busy, await paidVisit(freshCustomer()));
    const moved = await call('zhangyu', '/clinic/ward/move', { admissionId: stay, bedId: to });
    expect(moved).toMatchObject({ code: 0, data: { bedId: to } });
    expect([await bedStatus(from), await bedStatus(to)]).toEqual([1, 2]);
    expect(await call('zhangyu', '/clinic/ward/move', { admissionId: stay, bedId: to })).toMatchObject({
      code: 0,
      data: { bedId: to },
    });
    expect(await call('zhangyu', '/clinic/ward/move', { admissionId: stay, bedId: busy })).toMatchObject({
      code: 400,
      msg: '床位已被占用，请选择其他床位',
    });
    expect(await call('zhangyu', '/clinic/ward/move', { admissionId: stay, bedId: elsewhere })).toMatchObject({
      code: 400,
      msg: '只能换到同一门店的床位',
    });
    expect(await call('wangzong', '/clinic/ward/setBedEnabled', { bedId: to, enabled: false })).toMatchObject({
      code: 400,
      msg: '床位占用，不能停用',
    });
  });

  it('discharges: the visit 出院, the bed free, the 术后回访 plan’s tasks for the right people; again: unchanged', async () => {
    // The demo's discharge plan: the nurse on day 1, the doctor on day 7, the consultant on day 30.
    const bedId = await bed('诊室2', 'X1');
    const customerId = freshCustomer();
    const visitId = await paidVisit(customerId);
    await db().execute(sql`update clinic_visit set consultant_id = ${uid.sunli} where visit_id = ${visitId}`);
    const stay = (await admit(bedId, visitId)).data.admissionId;
    const badge = async () => (await call('liming', '/OaBackLog/num')).data.agencyNum as number;
    const before = await badge();
    const out = await call('zhangyu', '/clinic/ward/discharge', { admissionId: stay, remark: '恢复良好' });
    expect(out).toMatchObject({ code: 0, data: { status: 2, followUps: 3 } });
    expect(await visitStatus(visitId)).toBe(11);
    expect(await bedStatus(bedId)).toBe(1);
    const tasks = await queryRows<{
      user_id: number;
      content: string;
      status: number;
      type_code: number;
      deadline: Date;
    }>(
      db(),
      sql`select user_id, content, status, type_code, deadline from crm_customer_agency
          where batch_id like ${`fup:a:${stay}:%`} order by batch_id`,
    );
    const dischargedAt = parseTime(out.data.dischargedTime)!;
    expect(tasks.map((x) => [x.user_id, x.content, x.status, x.type_code, formatTime(new Date(x.deadline))])).toEqual([
      [uid.hexue, '询问伤口和疼痛情况，提醒按时换药', 1, 1, `${followUpDay(dischargedAt, 1)} 23:59:59`],
      [uid.liming, '提醒回院复查', 1, 1, `${followUpDay(dischargedAt, 7)} 23:59:59`],
      [uid.sunli, '了解恢复效果和满意度', 1, 1, `${followUpDay(dischargedAt, 30)} 23:59:59`],
    ]);
    // The doctor's 回访任务 badge counts his (he holds the 回访任务 permission).
    expect(await badge()).toBe(before + 1);
    const again = await call('zhangyu', '/clinic/ward/discharge', { admissionId: stay });
    expect(again).toMatchObject({ code: 0, data: { status: 2, followUps: 3 } });
    expect(await call('zhangyu', '/clinic/ward/move', { admissionId: stay, bedId })).toMatchObject({
      code: 400,
      msg: '顾客已出院',
    });
  });

  it('discharges a customer whose visit the triage desk closed: the bed comes back, the visit stays 已离店', async () => {
    const bedId = await bed('诊室2', 'L1');
    const visitId = await paidVisit(freshCustomer());
    const stay = (await admit(bedId, visitId)).data.admissionId;
    expect((await call('wangzong', '/clinic/visit/leave', { visitId })).code).toBe(0);
    expect(await call('zhangyu', '/clinic/ward/discharge', { admissionId: stay })).toMatchObject({
      code: 0,
      data: { status: 2 },
    });
    expect([await bedStatus(bedId), await visitStatus(visitId)]).toEqual([1, 12]);
  });

  it('discharges without a plan when none is enabled: no follow-ups', async () => {
    const plan = await one<{ id: number }>(
      sql`select plan_id id from clinic_follow_up_plan where trigger = 'discharge'`,
    );
    await call('wangzong', '/clinicSettings/followUpPlan/setStatus', { id: Number(plan.id), enabled: false });
    const bedId = await bed('诊室2', 'X2');
    const stay = (await admit(bedId, await paidVisit(freshCustomer()))).data.admissionId;
    expect(await call('zhangyu', '/clinic/ward/discharge', { admissionId: stay })).toMatchObject({
      code: 0,
      data: { followUps: 0 },
    });
    await call('wangzong', '/clinicSettings/followUpPlan/setStatus', { id: Number(plan.id), enabled: true });
  });
});

describe('a deleted customer', () => {
  it('takes her stay along and frees the bed she lay in', async () => {
    const saved = await call(
      'wangzong',
      '/CrmCustomer/addOrUpdate',
      customerPanel({ customerName: '住院删除', mobile: '13900009999' }),
    );
    expect(saved.code).toBe(0);
    const bedId = await bed('诊室2', 'DEL');
    const visitId = await paidVisit(saved.data.id);
    expect((await admit(bedId, visitId)).code).toBe(0);
    expect(await call('wangzong', '/CrmCustomer/deleteByIds', { ids: [saved.data.id] })).toMatchObject({ code: 0 });
    expect(await bedStatus(bedId)).toBe(1);
    const left = await one<{ n: number }>(sql`select count(*)::int n from clinic_admission where bed_id = ${bedId}`);
    expect(left.n).toBe(0);
  });
});

describe('follow-up plans after a treatment', () => {
  it('a treatment creates its project’s plan once, for the treating doctor and the owner; the class plan yields', async () => {
    const classId = Number(
      (await one<{ id: number }>(sql`select class_id id from crm_project where project_id = ${project.水光针}`)).id,
    );
    const byClass = await call('wangzong', '/clinicSettings/followUpPlan/save', {
      name: '分类回访',
      trigger: 'treatment',
      projectClassId: classId,
      steps: [{ dayOffset: 2, role: 'owner', content: '分类的回访' }],
    });
    expect(byClass.code).toBe(0);
    const own = await call('wangzong', '/clinicSettings/followUpPlan/save', {
      name: '水光针回访',
      trigger: 'treatment',
      projectId: project.水光针,
      steps: [
        { dayOffset: 0, role: 'doctor', content: '当天询问有无不适' },
        { dayOffset: 3, role: 'consultant', content: '询问效果' },
      ],
    });
    expect(own.code).toBe(0);
    expect(
      await call('wangzong', '/clinicSettings/followUpPlan/save', {
        name: '没有项目',
        trigger: 'treatment',
        steps: [{ dayOffset: 1, role: 'owner', content: '回访' }],
      }),
    ).toMatchObject({ code: 400, msg: '治疗后的回访计划请选择项目或项目分类' });

    const customerId = cid.陈雨桐!;
    const opened = await call('wangzong', '/CrmCustomerProjectDealRecord/save', {
      customerId,
      lines: [{ projectId: project.水光针, dealPrice: '1000', salespeople: [{ userId: uid.wangzong, rate: 100 }] }],
      batchId: nextBatch(),
    });
    const charged = await call('wangzong', '/clinic/cashier/charge', {
      orderId: opened.data.orderId,
      payments: [{ method: 'cash', amount: '1000' }],
    });
    expect(charged.code).toBe(0);
    const body = {
      dealId: charged.data.dealIds[0],
      sessions: 1,
      staff: [
        { userId: uid.liming, role: 'doctor' },
        { userId: uid.hexue, role: 'nurse' },
      ],
      batchId: nextBatch(),
    };
    const used = await call('wangzong', '/CrmCustomerProjectDealRecord/verificationById', body);
    expect(used.code).toBe(0);
    expect((await call('wangzong', '/CrmCustomerProjectDealRecord/verificationById', body)).data.treatmentId).toBe(
      used.data.treatmentId,
    );
    const owner = Number(
      (await one<{ id: number }>(sql`select owner_user_id id from crm_customer where customer_id = ${customerId}`)).id,
    );
    const tasks = await queryRows<{ user_id: number; content: string; deadline: Date }>(
      db(),
      sql`select user_id, content, deadline from crm_customer_agency
          where batch_id like ${`fup:t:${used.data.treatmentId}:%`} order by batch_id`,
    );
    // No consultant on the deal: the consultant's follow-up falls to the customer's owner.
    expect(tasks.map((x) => [x.user_id, x.content, formatTime(new Date(x.deadline))])).toEqual([
      [uid.liming, '当天询问有无不适', `${followUpDay(new Date(), 0)} 23:59:59`],
      [owner, '询问效果', `${followUpDay(new Date(), 3)} 23:59:59`],
    ]);
    await call('wangzong', '/clinicSettings/followUpPlan/setStatus', { id: own.data.id, enabled: false });
    const second = await call('wangzong', '/CrmCustomerProjectDealRecord/verificationById', {
      ...body,
      batchId: nextBatch(),
    });
    const byClassTasks = await queryRows<{ content: string }>(
      db(),
      sql`select content from crm_customer_agency where batch_id like ${`fup:t:${second.data.treatmentId}:%`}`,
    );
    expect(byClassTasks.map((x) => x.content)).toEqual(['分类的回访']);
    await expectLedgerAgrees(t);
  });
});
