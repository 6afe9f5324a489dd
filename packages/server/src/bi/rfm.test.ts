import type { Input } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../core/sql.ts';
import { download, sheetRows } from '../crm/records/excel/test-support.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { batchIds, people, projectIds } from '../test/people.ts';

/**
 * RFM segments (clientAnalyze) on a small known data set in the first quarter of 2020 (as of March
 * 31st; thresholds: last paid or treated ≤ 30 days, ≥ 2 paid orders, ≥ ¥5,000):
 *
 * | customer | owner | paid sales in the quarter | last | R | F | M | segment |
 * |---|---|---|---|---:|---:|---:|---|
 * | A | sunli | 3/20 3000 cash, 3/25 2000 principal (and 9999 on 2019-12-31, outside) | 3/25 | 6 | 2 | 5000 | 重要价值客户 |
 * | B | sunli | 3/28 6000 (a top-up and an unpaid order do not count) | 3/28 | 3 | 1 | 6000 | 重要发展客户 |
 * | C | zhenghao | 1/10 3000, 1/20 3000 | 1/20 | 71 | 2 | 6000 | 重要保持客户 |
 * | D | zhenghao | 1/5 8000 | 1/5 | 86 | 1 | 8000 | 重要挽留客户 |
 * | E | zhenghao | 2/20 200, 3/1 100 | 3/1 | 30 | 2 | 300 | 一般价值客户 |
 * | F | sunli | 1/15 500, treated 3/30 | 3/30 | 1 | 1 | 500 | 一般发展客户 |
 * | G | zhenghao | 1/1 00:30 Shanghai (Dec 31 in UTC) 100, 1/3 100 | 1/3 | 88 | 2 | 200 | 一般保持客户 |
 * | H | zhenghao | 2/1 100 (a cancelled one does not count) | 2/1 | 59 | 1 | 100 | 一般挽留客户 |
 */
let t: TestApp;
const { call, ids: uid, signIn, tokens } = people(() => t);
const quarter = { type: 'custom', startTime: '2020-01-01', endTime: '2020-03-31' };
const nextBatch = batchIds('bi-rfm');
const cust: Record<string, number> = {};
let orderNo = 0;

async function order(customer: string, at: string, cash: number, principal = 0, kind = 1, status = 3) {
  orderNo += 1;
  const total = cash + principal;
  await t.database.db.execute(
    sql`insert into clinic_order (order_number, business_day, customer_id, kind, status, payable, received,
        principal_used, charged_time, create_user_id, batch_id)
      values (${`RFM${orderNo}`}, ${at.slice(0, 10)}::date, ${cust[customer]}, ${kind}, ${status}, ${total}, ${cash},
        ${principal}, ${status === 2 ? null : at}::timestamptz, ${uid.admin}, ${nextBatch()})`,
  );
}

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'sunli', 'zhenghao']);
  const db = t.database.db;
  // Salespeople read the customer analysis here (their own customers).
  await db.execute(
    sql`insert into sys_role_permission (role_id, permission)
        select role_id, 'bi:clinicClient:read' from sys_role where role_name = '销售' on conflict do nothing`,
  );
  const owners: Record<string, string> = { A: 'sunli', B: 'sunli', F: 'sunli' };
  for (const name of ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H']) {
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`insert into crm_customer (customer_name, owner_user_id, create_user_id, create_time, batch_id)
        values (${`RFM客户${name}`}, ${uid[owners[name] ?? 'zhenghao']}, ${uid.admin}, '2019-06-01', ${nextBatch()})
        returning customer_id as id`,
    );
    cust[name] = Number(row!.id);
  }
  const at = (day: string, time = '10:00') => `${day} ${time}+08`;
  await order('A', at('2020-03-20'), 3000);
  await order('A', at('2020-03-25'), 0, 2000);
  await order('A', at('2019-12-31'), 9999);
  await order('B', at('2020-03-28'), 6000);
  await order('B', at('2020-03-29'), 1000, 0, 2); // a top-up
  await order('B', at('2020-03-30'), 1000, 0, 1, 2); // unpaid
  await order('C', at('2020-01-10'), 3000);
  await order('C', at('2020-01-20'), 3000);
  await order('D', at('2020-01-05'), 8000);
  await order('E', at('2020-02-20'), 200);
  await order('E', at('2020-03-01'), 100);
  await order('F', at('2020-01-15'), 500);
  await order('G', at('2020-01-01', '00:30'), 100);
  await order('G', at('2020-01-03'), 100);
  await order('H', at('2020-02-01'), 100);
  await order('H', at('2020-02-02'), 100, 0, 1, 6); // cancelled
  // F was treated on March 30th: a deal of one of the demo's projects, one session used.
  const project = Object.values(await projectIds(t))[0]!;
  const [deal] = await queryRows<{ id: number }>(
    db,
    sql`insert into crm_customer_project_deal_record (customer_id, project_id, name, sessions_bought, sessions_used,
        sessions_left, create_user_id, create_time)
      values (${cust.F}, ${project}, '疗程', 2, 1, 1, ${uid.admin}, '2020-01-15 10:00+08') returning deal_id as id`,
  );
  await db.execute(
    sql`insert into clinic_treatment (deal_id, customer_id, sessions, value, create_user_id, batch_id, create_time)
      values (${deal!.id}, ${cust.F}, 1, 250, ${uid.admin}, ${nextBatch()}, '2020-03-30 15:00+08')`,
  );
});
afterAll(() => t?.close());

type Row = { key: string; values: Record<string, number> };
const segments = (rows: Row[]) => Object.fromEntries(rows.map((r) => [r.key, r.values]));

describe('RFM segments', () => {
  it('puts each customer in the segment of their recency, frequency and money, every segment listed', async () => {
    const res = await call('admin', '/biClinic/clientRfm', quarter);
    expect(res).toMatchObject({ code: 0 });
    expect(res.data.rows.map((r: Row) => r.key)).toEqual([
      '重要价值客户',
      '重要发展客户',
      '重要保持客户',
      '重要挽留客户',
      '一般价值客户',
      '一般发展客户',
      '一般保持客户',
      '一般挽留客户',
    ]);
    expect(segments(res.data.rows)).toEqual({
      重要价值客户: { rfmCustomers: 1, rfmOrders: 2, rfmMoney: 5000, rfmAvgRecency: 6 },
      重要发展客户: { rfmCustomers: 1, rfmOrders: 1, rfmMoney: 6000, rfmAvgRecency: 3 },
      重要保持客户: { rfmCustomers: 1, rfmOrders: 2, rfmMoney: 6000, rfmAvgRecency: 71 },
      重要挽留客户: { rfmCustomers: 1, rfmOrders: 1, rfmMoney: 8000, rfmAvgRecency: 86 },
      一般价值客户: { rfmCustomers: 1, rfmOrders: 2, rfmMoney: 300, rfmAvgRecency: 30 },
      一般发展客户: { rfmCustomers: 1, rfmOrders: 1, rfmMoney: 500, rfmAvgRecency: 1 },
      一般保持客户: { rfmCustomers: 1, rfmOrders: 2, rfmMoney: 200, rfmAvgRecency: 88 },
      一般挽留客户: { rfmCustomers: 1, rfmOrders: 1, rfmMoney: 100, rfmAvgRecency: 59 },
    });
    // 344 days over 8 customers; the quarter before holds A's 2019 order only (R from Dec 31st: 0).
    expect(res.data.total).toEqual({
      values: { rfmCustomers: 8, rfmOrders: 12, rfmMoney: 26100, rfmAvgRecency: 43 },
      previous: { rfmCustomers: 1, rfmOrders: 1, rfmMoney: 9999, rfmAvgRecency: 0 },
      lastYear: { rfmCustomers: 0, rfmOrders: 0, rfmMoney: 0, rfmAvgRecency: 0 },
    });
  });

  it('a shorter period re-scores from its own end: March alone', async () => {
    const res = await call('admin', '/biClinic/clientRfm', {
      type: 'custom',
      startTime: '2020-03-01',
      endTime: '2020-03-31',
    });
    // A: 2 orders 5000 → 重要价值; B 重要发展; E: one order of 100 in March → 一般发展; F: treated, no order → 一般发展.
    const got = segments(res.data.rows);
    expect(got.重要价值客户).toEqual({ rfmCustomers: 1, rfmOrders: 2, rfmMoney: 5000, rfmAvgRecency: 6 });
    expect(got.一般发展客户).toEqual({ rfmCustomers: 2, rfmOrders: 1, rfmMoney: 100, rfmAvgRecency: 15.5 });
    expect(got.重要保持客户).toEqual({ rfmCustomers: 0, rfmOrders: 0, rfmMoney: 0, rfmAvgRecency: 0 });
    expect(res.data.total.values.rfmCustomers).toBe(4);
  });

  it('a salesperson sees their own customers only', async () => {
    const res = await call('sunli', '/biClinic/clientRfm', quarter);
    const got = segments(res.data.rows);
    expect(Object.entries(got).filter(([, v]) => (v.rfmCustomers ?? 0) > 0)).toEqual([
      ['重要价值客户', { rfmCustomers: 1, rfmOrders: 2, rfmMoney: 5000, rfmAvgRecency: 6 }],
      ['重要发展客户', { rfmCustomers: 1, rfmOrders: 1, rfmMoney: 6000, rfmAvgRecency: 3 }],
      ['一般发展客户', { rfmCustomers: 1, rfmOrders: 1, rfmMoney: 500, rfmAvgRecency: 1 }],
    ]);
    expect(res.data.total.values.rfmCustomers).toBe(3);
  });

  it('drills a segment into its customers with their figures', async () => {
    const drill = (measure: Input<'/bi/drill'>['measure'], key: string) =>
      call('admin', '/bi/drill', { ...quarter, analysis: '/biClinic/clientRfm', measure, key });
    const money = await drill('rfmMoney', '重要保持客户');
    expect(money.data.list).toEqual([
      {
        kind: 'customer',
        id: cust.C,
        name: 'RFM客户C',
        ownerName: expect.any(String),
        day: '2020-01-20',
        value: 6000,
        mobile: '',
      },
    ]);
    const all = await drill('rfmCustomers', '');
    expect(all.data.totalRow).toBe(8);
    expect(all.data.list.map((r: { name: string }) => r.name).sort()).toEqual(
      ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'].map((n) => `RFM客户${n}`),
    );
    const mine = await call('sunli', '/bi/drill', {
      ...quarter,
      analysis: '/biClinic/clientRfm',
      measure: 'rfmCustomers',
      key: '',
    });
    expect(mine.data.list.map((r: { name: string }) => r.name).sort()).toEqual(['RFM客户A', 'RFM客户B', 'RFM客户F']);
    expect(await drill('rfmAvgRecency', '')).toMatchObject({ code: 400, msg: '该指标没有明细记录' });
  });

  it('exports the segments as the page shows them', async () => {
    const sheet = await download(t, '/bi/excelExport', { ...quarter, analysis: '/biClinic/clientRfm' }, tokens.admin);
    const rows = await sheetRows(sheet.rawPayload);
    expect(rows[0]).toEqual(['分类', '客户数', '消费次数', '消费金额', '平均距最近消费天数']);
    expect(rows[1]).toEqual(['重要价值客户', 1, 2, 5000, 6]);
    expect(rows.at(-1)).toEqual(['合计', 8, 12, 26100, 43]);
  });
});
