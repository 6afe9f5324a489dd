import { type Input, todayIn } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../core/sql.ts';
import { zoneSql } from '../core/times.ts';
import { download, sheetRows } from '../crm/records/excel/test-support.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { batchIds, customerIds, people, projectIds } from '../test/people.ts';

/**
 * The visit figures (到院率, 成交率, visits by type, the consultant conversion table, the data
 * report queries) on a known set of bookings and visits in the demo store, across two
 * departments and three periods. Sales are made and charged through the real services, then
 * opened in their visit (clinic_order.visit_id); bookings and visits are written as the stations
 * leave them:
 *
 * This month
 * - V1 林婉清 (sunli's, shop 1) 初诊 by booking, 何雪, 皮肤科: buys 水光针 1000 from sunli (deal).
 * - V2 孙晓雅 (zhenghao's, shop 3) 初诊 by booking, 何雪, 注射科: consulted, no deal.
 * - V3 陈雨桐 (sunli's, shop 1) 复诊 walk-in, 孙丽, 注射科: buys 光子嫩肤 880 from zhaoqiang (her manager); the
 *   consult was never recorded, the charged sale makes it consulted and a deal.
 * - V4 刘子涵 (zhoujie's, shop 1) 复查 walk-in, no consultant, 皮肤科.
 * - Bookings also: 吴静怡 未到, 刘子涵 待确认, 孙晓雅 已取消 (not counted).
 * Last month: V5 孙晓雅 初诊 by booking, 孙丽, 注射科, no deal; 林婉清 未到.
 * A year ago: V6 陈雨桐 初诊 walk-in, 何雪, 皮肤科, no deal.
 */
let t: TestApp;
const { tokens, ids: uid, call, signIn } = people(() => t);
let cid: Record<string, number>;
const dept: Record<string, number> = {};
const shop: Record<string, string> = {};
const nextBatch = batchIds('bi-visits');
const month = { type: 'month' };
let store = 0;

async function sale(seller: string, customer: string, projectName: string, price: string, deptName: string) {
  const project = await projectIds(t);
  const saved = await call(seller, '/CrmCustomerProjectDealRecord/save', {
    customerId: cid[customer],
    lines: [
      {
        projectId: project[projectName],
        dealPrice: price,
        deptId: dept[deptName],
        salespeople: [{ userId: uid[seller], rate: 100 }],
      },
    ],
    batchId: nextBatch(),
  });
  expect(saved).toMatchObject({ code: 0 });
  const charged = await call('chenjing', '/clinic/cashier/charge', {
    orderId: saved.data.orderId,
    payments: [{ method: 'wechat' as const, amount: price }],
  });
  expect(charged).toMatchObject({ code: 0 });
  return saved.data.orderId as number;
}

type Visit = {
  customer: string;
  type: number;
  consultant: string | null;
  deptName: string;
  deal: 0 | 1 | 2;
  ago: string;
  orderId?: number;
  booked?: boolean;
};

/** A visit as the stations leave it (left, its consult saved or not), and its booking when booked. */
async function visit(v: Visit) {
  const at = sql`now() - ${sql.raw(`interval '${v.ago}'`)}`;
  const [row] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into clinic_visit (customer_id, store_id, visit_type, status, dept_id, shop_id, consultant_id,
        deal_status, arrived_time, left_time, create_user_id)
      select customer_id, ${store}, ${v.type}, 12, ${dept[v.deptName]}, shop_owner_id,
        ${v.consultant ? uid[v.consultant] : null}::int, ${v.deal}, ${at}, ${at}, ${uid.admin}
      from crm_customer where customer_id = ${cid[v.customer]} returning visit_id as id`,
  );
  const id = Number(row!.id);
  if (v.orderId)
    await t.database.db.execute(sql`update clinic_order set visit_id = ${id} where order_id = ${v.orderId}`);
  if (v.booked) await booking(v.customer, 3, v.ago, id);
  return id;
}
async function booking(customer: string, status: number, ago: string, visitId: number | null = null) {
  const at = sql`now() - ${sql.raw(`interval '${ago}'`)}`;
  const [row] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into clinic_appointment (customer_id, store_id, kind, status, start_time, end_time, visit_id,
        batch_id, create_user_id)
      values (${cid[customer]}, ${store}, 1, ${status}, ${at}, ${at} + interval '30 minutes', ${visitId},
        ${nextBatch()}, ${uid.admin}) returning appointment_id as id`,
  );
  if (visitId)
    await t.database.db.execute(sql`update clinic_visit set appointment_id = ${row!.id} where visit_id = ${visitId}`);
}

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'sunli', 'zhenghao', 'chenjing', 'zhaoqiang']);
  cid = await customerIds(t);
  const db = t.database.db;
  for (const name of ['皮肤科', '注射科']) {
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`insert into sys_dept (name, pid) values (${name}, 0) returning dept_id as id`,
    );
    dept[name] = Number(row!.id);
  }
  const [s] = await queryRows<{ id: number }>(db, sql`select store_id as id from clinic_booking_setting limit 1`);
  store = Number(s!.id);
  for (const r of await queryRows<{ customer_name: string; shop_name: string }>(
    db,
    sql`select c.customer_name, s.shop_name from crm_customer c join crm_store s on s.id = c.shop_owner_id`,
  ))
    shop[r.customer_name] = r.shop_name;
  await db.execute(
    sql`insert into sys_role_permission (role_id, permission)
        select role_id, p from sys_role, unnest(array['bi:clinicPerformance:read', 'bi:clinicStaff:read']) p
        where role_name = '销售' on conflict do nothing`,
  );
  // 林婉清 came from a friend's referral (the administrator's 客户来源 field); the others left it empty.
  await db.execute(sql`insert into crm_field (label, scope_id, field_name, name, form_type, options, sort)
    values (2, 0, 'field_bi_source', '客户来源', 'select', '["朋友介绍", "网络推广"]'::jsonb, 99)`);
  await db.execute(sql`update crm_customer set fields = fields || '{"field_bi_source": "朋友介绍"}'::jsonb
    where customer_id = ${cid.林婉清}`);

  const water = await sale('sunli', '林婉清', '水光针', '1000', '皮肤科');
  const photo = await sale('zhaoqiang', '陈雨桐', '光子嫩肤', '880', '注射科');
  const now = '1 minute';
  await visit({
    customer: '林婉清',
    type: 1,
    consultant: 'hexue',
    deptName: '皮肤科',
    deal: 1,
    ago: now,
    orderId: water,
    booked: true,
  });
  await visit({
    customer: '孙晓雅',
    type: 1,
    consultant: 'hexue',
    deptName: '注射科',
    deal: 2,
    ago: now,
    booked: true,
  });
  await visit({
    customer: '陈雨桐',
    type: 2,
    consultant: 'sunli',
    deptName: '注射科',
    deal: 0,
    ago: now,
    orderId: photo,
  });
  await visit({ customer: '刘子涵', type: 4, consultant: null, deptName: '皮肤科', deal: 0, ago: now });
  await booking('吴静怡', 5, now);
  await booking('刘子涵', 1, now);
  await booking('孙晓雅', 4, now);
  await visit({
    customer: '孙晓雅',
    type: 1,
    consultant: 'sunli',
    deptName: '注射科',
    deal: 2,
    ago: '1 month',
    booked: true,
  });
  await booking('林婉清', 5, '1 month');
  await visit({ customer: '陈雨桐', type: 1, consultant: 'hexue', deptName: '皮肤科', deal: 2, ago: '1 year' });
});
afterAll(() => t?.close());

type Row = { key: string; label: string; values: Record<string, number> };
const row = (data: { rows: Row[] }, key: string) => data.rows.find((r) => r.key === key);
const today = () => todayIn();
const drill = async (
  who: string,
  analysis: Input<'/bi/drill'>['analysis'],
  measure: Input<'/bi/drill'>['measure'],
  key: string,
) => {
  const res = await call(who, '/bi/drill', { ...month, analysis, measure, key, page: 1, limit: 50 });
  expect(res).toMatchObject({ code: 0 });
  return (res.data.list as { name: string; value: number; kind: string }[])
    .map((r) => [r.kind, r.name, r.value])
    .sort();
};

describe('the overview: bookings, arrivals and deals', () => {
  it('counts this month, last month and the same month last year', async () => {
    const res = await call('admin', '/biClinic/visitPandect', month);
    expect(res).toMatchObject({ code: 0 });
    const now = {
      bookings: 4,
      arrivals: 2,
      arrivalRate: 50,
      visitCount: 4,
      consultedVisits: 3,
      dealVisits: 2,
      dealRate: 66.7,
    };
    expect(res.data.total).toEqual({
      values: now,
      previous: {
        bookings: 2,
        arrivals: 1,
        arrivalRate: 50,
        visitCount: 1,
        consultedVisits: 1,
        dealVisits: 0,
        dealRate: 0,
      },
      lastYear: {
        bookings: 0,
        arrivals: 0,
        arrivalRate: 0,
        visitCount: 1,
        consultedVisits: 1,
        dealVisits: 0,
        dealRate: 0,
      },
    });
    expect(row(res.data, today())!.values).toEqual(now);
  });

  it('splits the visits by type', async () => {
    const res = await call('admin', '/biClinic/visitTypes', month);
    expect(res.data.rows.map((r: Row) => [r.key, r.values])).toEqual([
      ['初诊', { visitCount: 2, consultedVisits: 2, dealVisits: 1, dealRate: 50, visitDealMoney: 1000 }],
      ['复诊', { visitCount: 1, consultedVisits: 1, dealVisits: 1, dealRate: 100, visitDealMoney: 880 }],
      ['复查', { visitCount: 1, consultedVisits: 0, dealVisits: 0, dealRate: 0, visitDealMoney: 0 }],
    ]);
  });

  it('drills into the bookings that arrived and the visits with a deal', async () => {
    expect(await drill('admin', '/biClinic/visitPandect', 'arrivals', '')).toEqual([
      ['appointment', '孙晓雅 · 面诊', 1],
      ['appointment', '林婉清 · 面诊', 1],
    ]);
    expect(await drill('admin', '/biClinic/visitTypes', 'visitDealMoney', '')).toEqual([
      ['visit', '林婉清 · 初诊 · 何雪', 1000],
      ['visit', '陈雨桐 · 复诊 · 孙丽', 880],
    ]);
  });

  it("a salesperson sees their own customers' bookings and visits only", async () => {
    const res = await call('sunli', '/biClinic/visitPandect', month);
    expect(res.data.total.values).toEqual({
      bookings: 1,
      arrivals: 1,
      arrivalRate: 100,
      visitCount: 2,
      consultedVisits: 2,
      dealVisits: 2,
      dealRate: 100,
    });
    expect(res.data.total.previous).toMatchObject({ bookings: 1, arrivals: 0, visitCount: 0 });
    // zhaoqiang manages 销售一部 (sunli, zhoujie): 孙晓雅 is 销售二部's, 吴静怡 nobody's.
    const manager = await call('zhaoqiang', '/biClinic/visitPandect', month);
    expect(manager.data.total.values).toMatchObject({ bookings: 2, arrivals: 1, visitCount: 3, dealVisits: 2 });
  });
});

describe('the consultant conversion table', () => {
  it('per consultant: visits, consulted, deals, rate, money and average', async () => {
    const res = await call('admin', '/biClinic/consultantConversion', month);
    expect(res).toMatchObject({ code: 0 });
    expect(row(res.data, '何雪')!.values).toEqual({
      visitCount: 2,
      consultedVisits: 2,
      dealVisits: 1,
      dealRate: 50,
      visitDealMoney: 1000,
      visitAvgDeal: 1000,
    });
    expect(row(res.data, '孙丽')!.values).toEqual({
      visitCount: 1,
      consultedVisits: 1,
      dealVisits: 1,
      dealRate: 100,
      visitDealMoney: 880,
      visitAvgDeal: 880,
    });
    expect(row(res.data, '未分派')!.values).toMatchObject({ visitCount: 1, dealVisits: 0 });
    expect(res.data.total.values).toEqual({
      visitCount: 4,
      consultedVisits: 3,
      dealVisits: 2,
      dealRate: 66.7,
      visitDealMoney: 1880,
      visitAvgDeal: 940,
    });
    expect(res.data.total.previous).toMatchObject({ visitCount: 1, consultedVisits: 1, dealVisits: 0 });
    expect(await drill('admin', '/biClinic/consultantConversion', 'visitCount', '何雪')).toEqual([
      ['visit', '孙晓雅 · 初诊 · 何雪', 1],
      ['visit', '林婉清 · 初诊 · 何雪', 1],
    ]);
  });

  it('per consultant and visit type, and exports it', async () => {
    const res = await call('admin', '/biClinic/consultantVisitType', month);
    expect(res.data.rows.map((r: Row) => [r.key, r.values.visitCount, r.values.dealVisits])).toEqual([
      ['何雪 · 初诊', 2, 1],
      ['孙丽 · 复诊', 1, 1],
      ['未分派 · 复查', 1, 0],
    ]);
    const sheet = await download(
      t,
      '/bi/excelExport',
      { ...month, analysis: '/biClinic/consultantConversion' },
      tokens.admin,
    );
    const rows = await sheetRows(sheet.rawPayload);
    expect(rows[0]).toEqual(['分类', '到店人次', '面诊人次', '成交人次', '成交率', '到店成交金额', '平均成交额']);
    expect(rows.at(-1)).toEqual(['合计', 4, 3, 2, 66.7, 1880, 940]);
  });
});

describe('partner shops and the data reports', () => {
  it('hotelAnalyze: bookings, arrivals, the arrival rate and the deal rate per partner shop', async () => {
    const res = await call('admin', '/biClinic/hotelAnalyze', month);
    // Shop 1's visits: 林婉清 and 陈雨桐 bought, 刘子涵's check-up saw no consult.
    expect(row(res.data, shop.林婉清!)!.values).toMatchObject({
      bookings: 3,
      arrivals: 1,
      arrivalRate: 33.3,
      dealRate: 100,
    });
    expect(row(res.data, shop.孙晓雅!)!.values).toMatchObject({
      bookings: 1,
      arrivals: 1,
      arrivalRate: 100,
      dealRate: 0,
    });
    expect(await drill('admin', '/biClinic/hotelAnalyze', 'bookings', shop.林婉清!)).toEqual([
      ['appointment', '刘子涵 · 面诊', 1],
      ['appointment', '吴静怡 · 面诊', 1],
      ['appointment', '林婉清 · 面诊', 1],
    ]);
  });

  it('departmentRes: visits, deals and performance per department', async () => {
    const res = await call('admin', '/biClinic/departmentRes', month);
    expect(res).toMatchObject({ code: 0 });
    expect(row(res.data, '皮肤科')!.values).toEqual({
      visitCount: 2,
      dealVisits: 1,
      dealRate: 100,
      cashPerformance: 1000,
      consumptionPerformance: 0,
      developerPerformance: 0,
      buyingCustomers: 1,
      avgTicket: 1000,
    });
    expect(row(res.data, '注射科')!.values).toMatchObject({
      visitCount: 2,
      dealVisits: 1,
      dealRate: 50,
      cashPerformance: 880,
    });
  });

  it('Resourcesdetail: bookings to money by where customers came from', async () => {
    const res = await call('admin', '/biClinic/Resourcesdetail', month);
    expect(row(res.data, '朋友介绍')!.values).toEqual({
      bookings: 1,
      arrivals: 1,
      arrivalRate: 100,
      visitCount: 1,
      dealVisits: 1,
      dealRate: 100,
      visitDealMoney: 1000,
      cashPerformance: 1000,
    });
    expect(row(res.data, '未填写')!.values).toMatchObject({ bookings: 3, arrivals: 1, visitCount: 3, dealVisits: 1 });
  });

  it('Personaldetails: each person, their customers\u2019 visits and their performance', async () => {
    const res = await call('admin', '/biClinic/Personaldetails', month);
    expect(row(res.data, String(uid.sunli))!.values).toMatchObject({
      visitCount: 2,
      dealVisits: 2,
      dealRate: 100,
      visitDealMoney: 1880,
      cashPerformance: 1000,
    });
    expect(row(res.data, String(uid.zhenghao))!.values).toMatchObject({
      visitCount: 1,
      dealVisits: 0,
      cashPerformance: 0,
    });
    expect(row(res.data, String(uid.zhaoqiang))!.values).toMatchObject({ visitCount: 0, cashPerformance: 880 });
  });

  it('Performance: performance and visits by day, drilling into the day', async () => {
    const res = await call('admin', '/biClinic/Performance', month);
    expect(row(res.data, today())!.values).toEqual({
      cashPerformance: 1880,
      consumptionPerformance: 0,
      developerPerformance: 0,
      refundPaid: 0,
      visitCount: 4,
      dealVisits: 2,
      dealRate: 66.7,
      visitDealMoney: 1880,
    });
    expect((await drill('admin', '/biClinic/Performance', 'visitCount', today())).length).toBe(4);
  });

  it('a full refund the day of the sale takes the deal back; a later one does not', async () => {
    // Two months ago (outside every period above): 周若曦 and 张一鸣 each buy 水光针 in a visit and
    // have every session refunded, 周若曦 that day, 张一鸣 the next.
    const db = t.database.db;
    const twoMonthsAgo = sql`((now() - interval '2 months') at time zone ${zoneSql()})::date`;
    const back = async (customer: string, seller: string, refundAfter: string) => {
      const order = await sale(seller, customer, '水光针', '1000', '皮肤科');
      await db.execute(sql`update clinic_order set business_day = ${twoMonthsAgo},
        charged_time = now() - interval '2 months' where order_id = ${order}`);
      await visit({
        customer,
        type: 1,
        consultant: 'hexue',
        deptName: '皮肤科',
        deal: 1,
        ago: '2 months',
        orderId: order,
      });
      await db.execute(sql`with d as (update crm_customer_project_deal_record
          set sessions_refunded = sessions_bought, sessions_left = 0 where order_id = ${order} returning deal_id, customer_id, sessions_bought)
        insert into clinic_refund (customer_id, deal_id, sessions, amount, status, to_balance, create_user_id, batch_id, update_time)
        select customer_id, deal_id, sessions_bought, 1000, 3, true, ${uid.chenjing}, ${nextBatch()},
          now() - interval '2 months' + ${sql.raw(`interval '${refundAfter}'`)} from d`);
    };
    await back('周若曦', 'zhenghao', '0 days');
    await back('张一鸣', 'zhaoqiang', '1 day');
    const [day] = await queryRows<{ d: string }>(db, sql`select to_char(${twoMonthsAgo}, 'YYYY-MM-DD') as d`);
    const period = { type: 'custom', startTime: day!.d, endTime: day!.d };
    const res = await call('admin', '/biClinic/consultantConversion', period);
    expect(row(res.data, '何雪')!.values).toMatchObject({
      visitCount: 2,
      consultedVisits: 2,
      dealVisits: 1,
      visitDealMoney: 1000,
    });
    const deals = await call('admin', '/bi/drill', {
      ...period,
      analysis: '/biClinic/consultantConversion',
      measure: 'dealVisits',
      key: '何雪',
    });
    expect(deals.data.list.map((r: { name: string }) => r.name)).toEqual(['张一鸣 · 初诊 · 何雪']);
  });

  it('keeps the data reports to their group', async () => {
    expect(await call('sunli', '/biClinic/departmentRes', month)).toMatchObject({ code: 403, msg: '无权访问' });
    expect(await call('sunli', '/biClinic/consultantConversion', month)).toMatchObject({ code: 0 });
  });
});
