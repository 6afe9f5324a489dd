import { formatTime } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { download, sheetRows } from '../../crm/records/excel/test-support.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { batchIds, customerIds, orgIds, people, projectIds } from '../../test/people.ts';

/**
 * The visit list, a visit's story and the customer archive on the demo data. wangzong
 * (客户管理员, every customer) registers, assigns and leaves; sunli (销售, scope self, given the
 * list here but not its export) owns 陈雨桐; zhenghao (销售, another team) may not see her;
 * chenjing (财务) charges. 陈雨桐 arrives, is assigned to hexue, buys 水光针 at 1000 paid in
 * cash, uses a session and leaves; another customer arrives and stays.
 */
let t: TestApp;
const { ids: uid, as, call, signIn } = people(() => t);
const nextBatch = batchIds('record-test');
let store: number;
let cid: Record<string, number>;
let other: number;
const v: Record<string, number> = {};
let dealId: number;
let orderId: number;

const today = formatTime(new Date()).slice(0, 10);
const tomorrow = formatTime(Date.now() + 86_400_000).slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  store = (await orgIds(t)).dept.客服部!;
  await t.database.db.execute(sql`insert into sys_role_permission (role_id, permission)
    select role_id, 'oa:record:read' from sys_role where role_name = '销售'`);
  await signIn(['wangzong', 'sunli', 'zhenghao', 'chenjing', 'huangmin']);
  cid = await customerIds(t);
  const project = await projectIds(t);
  const [o] = await queryRows<{ id: number }>(
    t.database.db,
    sql`select c.customer_id as id from crm_customer c join sys_user u on u.user_id = c.owner_user_id
      where u.username not in ('sunli') order by c.customer_id limit 1`,
  );
  other = Number(o!.id);
  const walkIn = async (customerId: number, visitType: number, remark = '') => {
    const res = await call('wangzong', '/clinic/visit/walkIn', {
      customerId,
      storeId: store,
      visitType,
      remark,
      batchId: nextBatch(),
    });
    expect(res).toMatchObject({ code: 0 });
    return res.data.visitId as number;
  };
  v.hers = await walkIn(cid.陈雨桐!, 1, '想做水光');
  v.other = await walkIn(other, 4);
  expect(
    await call('wangzong', '/clinic/visit/assign', { visitId: v.hers, consultantId: uid.hexue, doctorId: uid.liming }),
  ).toMatchObject({ code: 0 });
  const opened = await call('sunli', '/CrmCustomerProjectDealRecord/save', {
    customerId: cid.陈雨桐,
    visitId: v.hers,
    lines: [{ projectId: project.水光针, dealPrice: '1000', salespeople: [{ userId: uid.sunli, rate: 100 }] }],
    batchId: nextBatch(),
  });
  orderId = opened.data.orderId;
  const charged = await call('chenjing', '/clinic/cashier/charge', {
    orderId,
    payments: [{ method: 'cash', amount: '1000' }],
  });
  expect(charged).toMatchObject({ code: 0 });
  dealId = charged.data.dealIds[0];
  expect(
    await call('wangzong', '/CrmCustomerProjectDealRecord/verificationById', {
      dealId,
      sessions: 1,
      staff: [{ userId: uid.liming, role: 'doctor' }],
      batchId: nextBatch(),
    }),
  ).toMatchObject({ code: 0 });
  expect(
    await call('chenjing', '/clinic/cashier/topUp', {
      customerId: cid.陈雨桐,
      payments: [{ method: 'cash', amount: '500' }],
      batchId: nextBatch(),
    }),
  ).toMatchObject({ code: 0 });
  expect(await call('wangzong', '/clinic/visit/leave', { visitId: v.hers })).toMatchObject({ code: 0 });
});
afterAll(() => t?.close());

type Row = { visitId: number; shopId: number | null; [k: string]: unknown };
const list = async (who: string, body: Record<string, unknown> = {}) => {
  const res = await call(who, '/clinic/visit/queryPageList', body);
  expect(res).toMatchObject({ code: 0 });
  return res.data as { list: Row[]; totalRow: number };
};
const idsOf = (page: { list: Row[] }) => page.list.map((r) => r.visitId).sort((a, b) => a - b);

describe('the visit list', () => {
  it('shows the visits with their people, money and status, newest first', async () => {
    const page = await list('wangzong');
    expect(page.list.map((r) => r.visitId)).toEqual([v.other, v.hers]);
    expect(page.list[1]).toMatchObject({
      customerId: cid.陈雨桐,
      customerName: '陈雨桐',
      storeId: store,
      storeName: '客服部',
      visitType: 1,
      status: 12,
      dealStatus: 0,
      consultantName: '何雪',
      doctorName: '李明',
      charged: 100_000,
    });
    expect(page.list[1]!.arrivedTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(page.list[0]).toMatchObject({ visitType: 4, status: 1, consultantName: null, charged: 0, leftTime: null });
  });

  it('filters by day, store, source shop, consultant, doctor, type, status and deal', async () => {
    const both = [v.hers!, v.other!].sort((a, b) => a - b);
    expect(idsOf(await list('wangzong', { from: today, to: today }))).toEqual(both);
    expect(idsOf(await list('wangzong', { from: tomorrow }))).toEqual([]);
    expect(idsOf(await list('wangzong', { to: formatTime(Date.now() - 86_400_000).slice(0, 10) }))).toEqual([]);
    expect(idsOf(await list('wangzong', { storeId: store }))).toEqual(both);
    expect(idsOf(await list('wangzong', { storeId: store + 1000 }))).toEqual([]);
    expect(idsOf(await list('wangzong', { consultantId: uid.hexue }))).toEqual([v.hers]);
    expect(idsOf(await list('wangzong', { doctorId: uid.liming }))).toEqual([v.hers]);
    expect(idsOf(await list('wangzong', { visitType: 4 }))).toEqual([v.other]);
    expect(idsOf(await list('wangzong', { status: 12 }))).toEqual([v.hers]);
    expect(idsOf(await list('wangzong', { dealStatus: 0 }))).toEqual(both);
    expect(idsOf(await list('wangzong', { dealStatus: 1 }))).toEqual([]);
    expect(idsOf(await list('wangzong', { search: '陈雨桐' }))).toEqual([v.hers]);
    const [shop] = await queryRows<{ shop: number | null }>(
      t.database.db,
      sql`select shop_id as shop from clinic_visit where visit_id = ${v.hers}`,
    );
    // The visit copied the customer's source shop.
    expect(shop?.shop).toEqual(expect.any(Number));
    const byShop = await list('wangzong', { shopId: shop!.shop });
    expect(byShop.list.map((r) => r.visitId)).toContain(v.hers);
    expect(byShop.list.every((r) => r.shopId === shop!.shop)).toBe(true);
    expect(idsOf(await list('wangzong', { shopId: 999_999 }))).toEqual([]);
    expect(await call('wangzong', '/clinic/visit/queryPageList', { from: today, to: '2000-01-01' })).toMatchObject({
      code: 400,
      msg: '开始日期不能晚于结束日期',
    });
    expect(await call('wangzong', '/clinic/visit/queryPageList', { status: 99 })).toMatchObject({
      code: 400,
      msg: '请选择就诊状态',
    });
  });

  it('pages in SQL with the real total', async () => {
    const first = await list('wangzong', { page: 1, limit: 1 });
    expect([first.list.length, first.totalRow]).toEqual([1, 2]);
    const past = await list('wangzong', { page: 5, limit: 1 });
    expect([past.list.length, past.totalRow]).toEqual([0, 2]);
  });

  it('shows a visit only to who may read its customer', async () => {
    expect(idsOf(await list('sunli'))).toEqual([v.hers]);
    expect(idsOf(await list('zhenghao'))).not.toContain(v.hers);
    expect(await call('huangmin', '/clinic/visit/queryPageList', {})).toMatchObject({ code: 403 });
  });

  it('exports the filtered list as a sheet, for who holds the export', async () => {
    const res = await download(t, '/clinic/visit/excelExport', { consultantId: uid.hexue }, as('wangzong'));
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual([
      '到店时间',
      '顾客',
      '手机号',
      '门店',
      '来源门店',
      '就诊类型',
      '状态',
      '成交',
      '顾问',
      '医生',
      '离店时间',
      '收费金额',
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.slice(1, 2)).toEqual(['陈雨桐']);
    expect(rows[1]!.slice(5, 12)).toEqual(['初诊', '已离店', '未定', '何雪', '李明', expect.any(String), 1000]);
    const all = await sheetRows((await download(t, '/clinic/visit/excelExport', {}, as('wangzong'))).rawPayload);
    expect(all).toHaveLength(3);
    const refused = (await download(t, '/clinic/visit/excelExport', {}, as('sunli'))).json();
    expect(refused).toMatchObject({ code: 403 });
  });
});

describe('one visit’s story', () => {
  it('tells the moves with who and when, the notes, the order with lines and payments, the treatment', async () => {
    const res = await call('sunli', '/clinic/visit/detail', { visitId: v.hers });
    expect(res).toMatchObject({ code: 0 });
    const d = res.data;
    expect(d.visit).toMatchObject({ visitId: v.hers, customerName: '陈雨桐', status: 12, triageUserName: '王建国' });
    expect(
      d.events.map((e: { fromStatus: number | null; toStatus: number; userName: string }) => [
        e.fromStatus,
        e.toStatus,
        e.userName,
      ]),
    ).toEqual([
      [null, 1, '王建国'],
      [1, 3, '王建国'],
      [3, 12, '王建国'],
    ]);
    expect(d.notes).toEqual([expect.objectContaining({ kind: 1, content: '想做水光', userName: '王建国' })]);
    expect(d.orders).toEqual([
      expect.objectContaining({
        orderId,
        status: 3,
        payable: 100_000,
        received: 100_000,
        lines: [expect.objectContaining({ name: '水光针', dealPrice: 100_000 })],
        payments: [{ method: 'cash', amount: 100_000 }],
      }),
    ]);
    expect(d.treatments).toEqual([
      expect.objectContaining({ dealId, projectName: '水光针', sessions: 1, staff: '李明(doctor)', status: 1 }),
    ]);
  });

  it('answers a missing visit and refuses a customer out of scope', async () => {
    expect(await call('wangzong', '/clinic/visit/detail', { visitId: 999_999 })).toMatchObject({
      code: 404,
      msg: '就诊记录不存在',
    });
    expect(await call('zhenghao', '/clinic/visit/detail', { visitId: v.hers })).toMatchObject({
      code: 403,
      msg: '无权访问',
    });
  });

  it('keeps one history row per move, also for a reassignment', async () => {
    expect(
      await call('wangzong', '/clinic/visit/assign', { visitId: v.other, consultantId: uid.hexue, doctorId: null }),
    ).toMatchObject({ code: 0 });
    // The same assignment again changes nothing and records nothing.
    await call('wangzong', '/clinic/visit/assign', { visitId: v.other, consultantId: uid.hexue, doctorId: null });
    await call('wangzong', '/clinic/visit/assign', { visitId: v.other, consultantId: uid.sunli, doctorId: null });
    const d = (await call('wangzong', '/clinic/visit/detail', { visitId: v.other })).data;
    expect(d.events.map((e: { fromStatus: number | null; toStatus: number }) => [e.fromStatus, e.toStatus])).toEqual([
      [null, 1],
      [1, 3],
      [3, 3],
    ]);
  });
});

describe('the customer archive', () => {
  const archive = (who: string, path: string, body: Record<string, unknown> = {}) =>
    call(who, `/clinic/customer/${path}`, { customerId: cid.陈雨桐, ...body });

  it('lists the customer’s visits, appointments, treatments and balance ledger', async () => {
    expect((await archive('sunli', 'visits')).data).toMatchObject({ totalRow: 1, list: [{ visitId: v.hers }] });
    expect(await archive('sunli', 'appointments')).toMatchObject({ code: 0, data: [] });
    expect((await archive('sunli', 'treatments')).data).toMatchObject({
      totalRow: 1,
      list: [{ dealId, projectName: '水光针', sessions: 1, value: 33_333 }],
    });
    expect((await archive('sunli', 'ledger')).data).toMatchObject({
      totalRow: 1,
      list: [{ cause: 'topUp', principalDelta: 50_000, principalAfter: 50_000 }],
    });
  });

  it('refuses a customer out of scope on every tab', async () => {
    for (const path of ['visits', 'appointments', 'treatments', 'ledger'])
      expect([path, await archive('zhenghao', path)]).toEqual([path, expect.objectContaining({ code: 403 })]);
    expect(await archive('wangzong', 'visits', { customerId: 999_999 })).toMatchObject({
      code: 404,
      msg: '客户不存在',
    });
  });
});
