import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { batchIds, orgIds, people } from '../../test/people.ts';

/**
 * The bed log on the demo data: wangzong (客户管理员) manages beds, admits, moves and discharges;
 * sunli (销售, her own customers) is given the station here; chenjing (财务) holds none of it.
 */
let t: TestApp;
const { ids: uid, call, signIn } = people(() => t);
const nextBatch = batchIds('bed-log-test');
let store: number;
const cust: { hers: number; others: number[] } = { hers: 0, others: [] };
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  store = (await orgIds(t)).dept.客服部!;
  await db().execute(sql`insert into sys_role_permission (role_id, permission)
    select role_id, 'oa:workflow:isHospitalized' from sys_role where role_name = '销售'`);
  await signIn(['wangzong', 'sunli', 'chenjing', 'liming', 'hexue']);
  const owned = await queryRows<{ id: number; owner: string }>(
    db(),
    sql`select c.customer_id as id, u.username as owner from crm_customer c join sys_user u on u.user_id = c.owner_user_id
        order by c.customer_id`,
  );
  cust.hers = Number(owned.find((o) => o.owner === 'sunli')!.id);
  cust.others = owned.filter((o) => o.owner !== 'sunli').map((o) => Number(o.id));
});
afterAll(() => t?.close());

const bed = async (number: string) => {
  const res = await call('wangzong', '/clinic/ward/saveBed', { storeId: store, room: '治疗室', number });
  expect(res).toMatchObject({ code: 0 });
  return res.data.bedId as number;
};
/** A visit already 已收费: the stations before the ward are tested in their own files. */
const paidVisit = async (customerId: number) => {
  const [row] = await queryRows<{ id: number }>(
    db(),
    sql`insert into clinic_visit (customer_id, store_id, visit_type, status, create_user_id)
        values (${customerId}, ${store}, 1, 7, ${uid.wangzong}) returning visit_id as id`,
  );
  return Number(row!.id);
};
const admit = async (bedId: number, customerId: number, who = 'wangzong') => {
  const res = await call(who, '/clinic/ward/admit', {
    bedId,
    visitId: await paidVisit(customerId),
    doctorId: uid.liming,
    nurseId: uid.hexue,
    expectedDays: 3,
    batchId: nextBatch(),
  });
  expect(res).toMatchObject({ code: 0 });
  return res.data.admissionId as number;
};
const history = async (bedId: number, who = 'wangzong') => {
  const res = await call(who, '/clinic/ward/bedHistory', { bedId });
  expect(res).toMatchObject({ code: 0 });
  return res.data as {
    kind: number;
    admissionId: number | null;
    customerName: string;
    fromBed: string | null;
    toBed: string;
    userName: string;
    remark: string;
  }[];
};
const logCount = async () =>
  Number((await queryRows<{ n: number }>(db(), sql`select count(*)::int n from clinic_bed_log`))[0]!.n);

describe('the bed log', () => {
  it('tells a stay (入住, 换床, 出院) and each bed’s history, with who, from and to', async () => {
    const [first, second] = [await bed('L1'), await bed('L2')];
    expect(await call('wangzong', '/clinic/ward/reserve', { bedId: second, remark: '留给复查的顾客' })).toMatchObject({
      code: 0,
    });
    const stay = await admit(first, cust.others[0]!);
    expect(await call('wangzong', '/clinic/ward/move', { admissionId: stay, bedId: second })).toMatchObject({
      code: 0,
    });
    expect(await call('wangzong', '/clinic/ward/discharge', { admissionId: stay, remark: '恢复良好' })).toMatchObject({
      code: 0,
    });

    const story = await call('wangzong', '/clinic/ward/admissionHistory', { admissionId: stay });
    expect(story.code).toBe(0);
    expect(
      story.data.map((r: { kind: number; fromBed: string | null; toBed: string }) => [r.kind, r.fromBed, r.toBed]),
    ).toEqual([
      [1, null, '治疗室 L1'],
      [2, '治疗室 L1', '治疗室 L2'],
      [3, null, '治疗室 L2'],
    ]);
    expect(story.data[0]).toMatchObject({
      admissionId: stay,
      userName: '王建国',
      time: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
    expect(story.data[0].customerName).not.toBe('');
    expect(story.data[2].remark).toBe('恢复良好');

    // Newest first; the first bed also shows the move that left it.
    expect((await history(first)).map((r) => [r.kind, r.fromBed, r.toBed])).toEqual([
      [2, '治疗室 L1', '治疗室 L2'],
      [1, null, '治疗室 L1'],
    ]);
    const kept = await history(second);
    expect(kept.map((r) => r.kind)).toEqual([3, 2, 4]);
    expect(kept[2]).toMatchObject({ admissionId: null, customerName: '', remark: '留给复查的顾客' });
  });

  it('logs release, out of use and back; a repeated or refused change logs nothing', async () => {
    const [a, b, busy] = [await bed('R1'), await bed('R2'), await bed('R3')];
    await call('wangzong', '/clinic/ward/reserve', { bedId: a });
    await call('wangzong', '/clinic/ward/release', { bedId: a });
    await call('wangzong', '/clinic/ward/setBedEnabled', { bedId: a, enabled: false });
    await call('wangzong', '/clinic/ward/setBedEnabled', { bedId: a, enabled: true });
    expect((await history(a)).map((r) => r.kind)).toEqual([7, 6, 5, 4]);

    const stay = await admit(b, cust.others[1]!);
    await admit(busy, cust.others[2]!);
    const before = await logCount();
    // Asking again for the state it is in, the bed it already has, or a taken bed.
    await call('wangzong', '/clinic/ward/release', { bedId: a });
    await call('wangzong', '/clinic/ward/setBedEnabled', { bedId: a, enabled: true });
    expect(await call('wangzong', '/clinic/ward/move', { admissionId: stay, bedId: b })).toMatchObject({ code: 0 });
    expect(await call('wangzong', '/clinic/ward/move', { admissionId: stay, bedId: busy })).toMatchObject({
      code: 400,
      msg: '床位已被占用，请选择其他床位',
    });
    expect(await call('wangzong', '/clinic/ward/reserve', { bedId: busy })).toMatchObject({ code: 400 });
    await call('wangzong', '/clinic/ward/discharge', { admissionId: stay });
    await call('wangzong', '/clinic/ward/discharge', { admissionId: stay });
    expect(await logCount()).toBe(before + 1);
  });

  it('keeps to the data scope and the station', async () => {
    const [mine, theirs] = [await bed('S1'), await bed('S2')];
    const herStay = await admit(mine, cust.hers);
    const otherStay = await admit(theirs, cust.others[3]!);
    // sunli reads her customer's name; another's bed shows its moves without the name.
    expect((await history(mine, 'sunli'))[0]!.customerName).not.toBe('');
    expect((await history(theirs, 'sunli'))[0]).toMatchObject({ kind: 1, customerName: '' });
    expect((await call('sunli', '/clinic/ward/admissionHistory', { admissionId: herStay })).code).toBe(0);
    expect((await call('sunli', '/clinic/ward/admissionHistory', { admissionId: otherStay })).code).toBe(403);
    expect(await call('chenjing', '/clinic/ward/bedHistory', { bedId: mine })).toMatchObject({
      code: 403,
      msg: '无权访问',
    });
    expect(await call('wangzong', '/clinic/ward/bedHistory', { bedId: 999_999 })).toMatchObject({
      code: 404,
      msg: '床位不存在',
    });
    expect(await call('wangzong', '/clinic/ward/admissionHistory', { admissionId: 999_999 })).toMatchObject({
      code: 404,
      msg: '住院记录不存在',
    });
  });
});
