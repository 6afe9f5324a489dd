import { analyses, analysisPaths, type MeasureDef, measureKeys, measures } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../core/sql.ts';
import { download, sheetRows } from '../crm/records/excel/test-support.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { people } from '../test/people.ts';
import { isTargetMeasure, sources } from './sources.ts';

/**
 * Statistics on a small known data set in March 2020 (custom period 2020-03-01..31), its previous
 * 31 days (2020-01-30..02-29) and March 2019, far from the demo seed's dates. Personas: admin
 * (super, every department); zhaoqiang manages 销售一部 (sunli, zhoujie); zhenghao sells in
 * 销售二部; sunli's 销售 role is given bi here (self scope); chenjing (财务) has no bi.
 */
let t: TestApp;
const { tokens, ids: uid, signIn, call } = people(() => t);
const dept: Record<string, number> = {};
const march = { type: 'custom', startTime: '2020-03-01', endTime: '2020-03-31' };

let seq = 0;
const customer = async (name: string, owner: string, at: string, deal = 0) => {
  const [row] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into crm_customer (customer_name, owner_user_id, create_user_id, batch_id, deal_status, create_time, update_time)
        values (${name}, ${uid[owner]}, ${uid[owner]}, ${`bi-${++seq}`}, ${deal}, ${at}::timestamptz, ${at}::timestamptz)
        returning customer_id as id`,
  );
  return Number(row!.id);
};
const contract = async (name: string, owner: string, customerId: number, day: string, money: number, status = 1) => {
  const [row] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into crm_contract (name, customer_id, owner_user_id, create_user_id, batch_id, order_date, money, check_status)
        values (${name}, ${customerId}, ${uid[owner]}, ${uid[owner]}, ${`bi-${++seq}`}, ${day}, ${money}, ${status})
        returning contract_id as id`,
  );
  return Number(row!.id);
};
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'zhaoqiang', 'sunli', 'zhenghao', 'chenjing']);
  for (const r of await queryRows<{ dept_id: number; name: string }>(
    t.database.db,
    sql`select dept_id, name from sys_dept`,
  ))
    dept[r.name] = Number(r.dept_id);
  // Sales reps may read the customer and ranking statistics in this file (their own figures).
  await t.database.db.execute(
    sql`insert into sys_role_permission (role_id, permission)
        select role_id, p from sys_role, unnest(array['bi:customer:read', 'bi:contract:read']) p where role_name = '销售'`,
  );
  ids.c1 = await customer('一号客户', 'sunli', '2020-03-05T02:00:00Z', 1);
  // 00:30 on March 1st in Shanghai, still February in UTC: a March customer.
  ids.c2 = await customer('二号客户', 'sunli', '2020-02-29T16:30:00Z');
  ids.c3 = await customer('三号客户', 'zhoujie', '2020-03-10T02:00:00Z');
  ids.c4 = await customer('四号客户', 'zhenghao', '2020-03-12T02:00:00Z', 1);
  // 01:00 on April 1st in Shanghai: not March.
  ids.c5 = await customer('五号客户', 'zhenghao', '2020-03-31T17:00:00Z');
  ids.c6 = await customer('六号客户', 'sunli', '2020-02-10T02:00:00Z');
  ids.c7 = await customer('七号客户', 'zhenghao', '2019-03-15T02:00:00Z');
  ids.k1 = await contract('一号合同', 'sunli', ids.c1, '2020-03-05', 1000.5);
  ids.k2 = await contract('二号合同', 'zhenghao', ids.c4, '2020-03-20', 2000);
  ids.k3 = await contract('三号合同', 'sunli', ids.c1, '2020-02-15', 500);
  // Not approved: never counted.
  ids.k4 = await contract('四号合同', 'zhoujie', ids.c3, '2020-03-07', 999, 0);
  ids.k5 = await contract('五号合同', 'sunli', ids.c1, '2019-03-10', 800);
  await t.database.db.execute(
    sql`insert into crm_receivables (customer_id, contract_id, owner_user_id, create_user_id, batch_id, return_time, money, check_status)
        values (${ids.c1}, ${ids.k1}, ${uid.sunli}, ${uid.sunli}, 'bi-r1', '2020-03-06', 600, 1)`,
  );
  for (const [who, c, category, at] of [
    ['sunli', ids.c1, '打电话', '2020-03-05T03:00:00Z'],
    ['sunli', ids.c1, '上门拜访', '2020-03-06T03:00:00Z'],
    ['zhenghao', ids.c4, '打电话', '2020-03-12T03:00:00Z'],
  ] as const)
    await t.database.db.execute(
      sql`insert into crm_follow_record (label, record_id, category, content, create_user_id, create_time)
          values (2, ${c}, ${category}, '聊了聊', ${uid[who]}, ${at}::timestamptz)`,
    );
});
afterAll(() => t.close());

type Row = { key: string; label: string; values: Record<string, number>; previous?: Record<string, number> };
const row = (data: { rows: Row[] }, key: string) => data.rows.find((r) => r.key === key);

describe('customer totals', () => {
  it('counts new and won customers by company day, with both comparison periods', async () => {
    const res = await call('admin', '/biCustomer/totalCustomerStats', march);
    expect(res.code).toBe(0);
    expect(res.data.period).toEqual({
      start: '2020-03-01',
      end: '2020-03-31',
      previousStart: '2020-01-30',
      previousEnd: '2020-02-29',
      lastYearStart: '2019-03-01',
      lastYearEnd: '2019-03-31',
    });
    expect(res.data.bucket).toBe('day');
    // Every day of March is a row, empty ones as 0.
    expect(res.data.rows).toHaveLength(31);
    expect(row(res.data, '2020-03-01')!.values).toEqual({ customerNew: 1, customerDeal: 0 });
    expect(row(res.data, '2020-03-05')!.values).toEqual({ customerNew: 1, customerDeal: 1 });
    expect(row(res.data, '2020-03-02')!.values).toEqual({ customerNew: 0, customerDeal: 0 });
    expect(row(res.data, '2020-03-31')!.values).toEqual({ customerNew: 0, customerDeal: 0 });
    expect(res.data.total).toEqual({
      values: { customerNew: 4, customerDeal: 2 },
      previous: { customerNew: 1, customerDeal: 0 },
      lastYear: { customerNew: 1, customerDeal: 0 },
    });
  });

  it('splits by employee with every employee in scope listed, zeros included, and the ratio from the sums', async () => {
    const res = await call('zhaoqiang', '/biCustomer/totalCustomerTable', march);
    expect(res.data.rows.map((r: { label: string }) => r.label).sort()).toEqual(['周杰', '孙丽', '赵强'].sort());
    expect(row(res.data, String(uid.sunli))!.values).toEqual({
      customerNew: 2,
      customerDeal: 1,
      customerDealRate: 50,
      contractMoney: 1000.5,
      receivablesMoney: 600,
    });
    expect(row(res.data, String(uid.zhaoqiang))!.values.customerNew).toBe(0);
    // 销售二部's customer and contract are not the manager of 销售一部's.
    expect(res.data.total.values).toEqual({
      customerNew: 3,
      customerDeal: 1,
      customerDealRate: 33.3,
      contractMoney: 1000.5,
      receivablesMoney: 600,
    });
  });

  it("a salesperson's view is their own; another department or person is refused", async () => {
    const mine = await call('sunli', '/biCustomer/totalCustomerStats', march);
    expect(mine.data.total.values).toEqual({ customerNew: 2, customerDeal: 1 });
    expect(await call('sunli', '/biCustomer/totalCustomerStats', { ...march, deptId: dept.销售二部 })).toMatchObject({
      code: 403,
      msg: '无权查看该部门的数据',
    });
    expect(await call('sunli', '/biCustomer/totalCustomerStats', { ...march, userId: uid.zhenghao })).toMatchObject({
      code: 403,
      msg: '无权查看该员工的数据',
    });
    // Her own department is hers to pick, and still shows only her.
    const ownDept = await call('sunli', '/biCustomer/totalCustomerStats', { ...march, deptId: dept.销售一部 });
    expect(ownDept.data.total.values.customerNew).toBe(2);
  });

  it('a manager filters by a person or a department of their subtree', async () => {
    const zhoujie = await call('zhaoqiang', '/biCustomer/totalCustomerStats', { ...march, userId: uid.zhoujie });
    expect(zhoujie.data.total.values).toEqual({ customerNew: 1, customerDeal: 0 });
    const admin = await call('admin', '/biCustomer/totalCustomerStats', { ...march, deptId: dept.销售部 });
    expect(admin.data.total.values.customerNew).toBe(4);
    const two = await call('admin', '/biCustomer/totalCustomerStats', { ...march, deptId: dept.销售二部 });
    expect(two.data.total.values).toEqual({ customerNew: 1, customerDeal: 1 });
  });

  it('without bi the server refuses, whatever the menu shows', async () => {
    expect(await call('chenjing', '/biCustomer/totalCustomerStats', march)).toMatchObject({
      code: 403,
      msg: '无权访问',
    });
    expect(
      await call('chenjing', '/bi/drill', {
        ...march,
        analysis: '/biCustomer/totalCustomerStats',
        measure: 'customerNew',
        key: '',
      }),
    ).toMatchObject({
      code: 403,
      msg: '无权访问',
    });
    // sunli holds bi:customer but not bi:ranking: the drill-down of a ranking is refused too.
    expect(
      await call('sunli', '/bi/drill', {
        ...march,
        analysis: '/biRanking/contractRanKing',
        measure: 'contractMoney',
        key: '',
      }),
    ).toMatchObject({
      code: 403,
      msg: '无权访问',
    });
  });

  it.each([
    [{ type: 'custom', startTime: '2020-03-01' }, '自定义时间须填写开始和结束日期'],
    [{ type: 'custom', startTime: '2020-03-05', endTime: '2020-03-01' }, '开始日期不能晚于结束日期'],
    [{ type: 'custom', startTime: '2020-02-30', endTime: '2020-03-01' }, '日期格式有误，应为 yyyy-MM-dd'],
    [{ type: 'fortnight' }, '请选择统计时间'],
  ])('refuses %j with %s', async (body, msg) => {
    expect(await call('admin', '/biCustomer/totalCustomerStats', body)).toMatchObject({ code: 400, msg });
  });

  it('the current month by default: one row per day of this month', async () => {
    const res = await call('admin', '/biCustomer/totalCustomerStats', {});
    const { start, end } = res.data.period;
    expect(start.slice(8)).toBe('01');
    expect(res.data.rows).toHaveLength(Number(end.slice(8)));
  });
});

describe('follow-ups', () => {
  it('counts follow-ups and customers followed up, and the methods', async () => {
    const info = await call('admin', '/biCustomer/customerRecordInfo', march);
    expect(row(info.data, String(uid.sunli))!.values).toEqual({ followUpCount: 2, followUpCustomers: 1 });
    expect(info.data.total.values).toEqual({ followUpCount: 3, followUpCustomers: 2 });
    const methods = await call('admin', '/biCustomer/customerRecodCategoryStats', march);
    expect(methods.data.rows).toEqual([
      { key: '打电话', label: '打电话', values: { followUpCount: 2 } },
      { key: '上门拜访', label: '上门拜访', values: { followUpCount: 1 } },
    ]);
  });
});

describe('contract money by month', () => {
  const year2020 = { type: 'custom', startTime: '2020-01-01', endTime: '2020-12-31' };

  it('splits a year by month with month-on-month and year-on-year figures', async () => {
    const res = await call('admin', '/biEmployee/contractMoneyStats', year2020);
    expect(res.data.bucket).toBe('month');
    expect(res.data.rows).toHaveLength(12);
    expect(row(res.data, '2020-03')).toEqual({
      key: '2020-03',
      label: '2020-03',
      values: { contractMoney: 3000.5 },
      previous: { contractMoney: 500 },
      lastYear: { contractMoney: 800 },
    });
    expect(row(res.data, '2020-01')!.previous).toEqual({ contractMoney: 0 });
    expect(res.data.total).toEqual({
      values: { contractMoney: 3500.5 },
      previous: { contractMoney: 800 },
      lastYear: { contractMoney: 800 },
    });
  });

  it('exports the table the page shows, with the comparison percentages and the total', async () => {
    const res = await download(
      t,
      '/bi/excelExport',
      { ...year2020, analysis: '/biEmployee/contractMoneyStats' },
      tokens.admin,
    );
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(['时间', '合同金额', '合同金额环比(%)', '合同金额同比(%)']);
    // 3000.5 against 500 the month before (+500.1%) and 800 a year before (+275.1%).
    expect(rows.find((r) => r[0] === '2020-03')).toEqual(['2020-03', 3000.5, 500.1, 275.1]);
    expect(rows.at(-1)).toEqual(['合计', 3500.5, 337.6, 337.6]);
  });

  it('drills into the contracts of a month, and of one employee', async () => {
    const month = await call('admin', '/bi/drill', {
      ...year2020,
      analysis: '/biEmployee/contractMoneyStats',
      measure: 'contractMoney',
      key: '2020-03',
    });
    expect(month.data.totalRow).toBe(2);
    expect(month.data.list).toEqual([
      { kind: 'contract', id: ids.k2, name: '二号合同', ownerName: '郑浩', day: '2020-03-20', value: 2000 },
      { kind: 'contract', id: ids.k1, name: '一号合同', ownerName: '孙丽', day: '2020-03-05', value: 1000.5 },
    ]);
    const hers = await call('admin', '/bi/drill', {
      ...march,
      analysis: '/biEmployee/totalContract',
      measure: 'contractMoney',
      key: String(uid.sunli),
    });
    expect(hers.data.list.map((r: { id: number }) => r.id)).toEqual([ids.k1]);
    // The manager of 销售一部 drilling the whole month sees only his people's contract.
    const scoped = await call('zhaoqiang', '/bi/drill', {
      ...march,
      analysis: '/biEmployee/totalContract',
      measure: 'contractMoney',
      key: '',
    });
    expect(scoped.data.list.map((r: { id: number }) => r.id)).toEqual([ids.k1]);
  });

  it('drills into the customers of a day by the company clock', async () => {
    const res = await call('admin', '/bi/drill', {
      ...march,
      analysis: '/biCustomer/totalCustomerStats',
      measure: 'customerNew',
      key: '2020-03-01',
    });
    expect(res.data.list).toEqual([
      { kind: 'customer', id: ids.c2, name: '二号客户', ownerName: '孙丽', day: '2020-03-01', value: 1, mobile: '' },
    ]);
    expect(
      await call('admin', '/bi/drill', {
        ...march,
        analysis: '/biCustomer/totalCustomerTable',
        measure: 'customerDealRate',
        key: '',
      }),
    ).toMatchObject({ code: 400, msg: '该指标没有明细记录' });
  });
});

describe('leads, contacts, pool, opportunities, products, logs and approvals', () => {
  const db = () => t.database.db;
  const names: Record<string, string> = {};
  beforeAll(async () => {
    await db().execute(sql`insert into crm_leads (name, owner_user_id, create_user_id, batch_id, create_time, is_transform, transform_time)
      values ('线索甲', ${uid.sunli}, ${uid.sunli}, 'bi-l1', '2020-03-03T02:00:00Z', true, '2020-03-04T02:00:00Z'),
             ('线索乙', ${uid.zhenghao}, ${uid.zhenghao}, 'bi-l2', '2020-03-08T02:00:00Z', false, null)`);
    await db().execute(sql`insert into crm_contacts (name, customer_id, owner_user_id, create_user_id, batch_id, create_time)
      values ('联系人甲', ${ids.c1}, ${uid.sunli}, ${uid.sunli}, 'bi-ct1', '2020-03-09T02:00:00Z')`);
    // zhaoqiang puts zhoujie's customer into the pool; zhenghao takes it.
    await db().execute(sql`insert into crm_action_record (label, record_id, user_id, action, changes, create_time)
      values (2, ${ids.c3}, ${uid.zhaoqiang}, 'putInPool', ${JSON.stringify([{ field: 'ownerUserId', before: uid.zhoujie, after: null }])}::jsonb, '2020-03-15T02:00:00Z'),
             (2, ${ids.c3}, ${uid.zhenghao}, 'receive', ${JSON.stringify([{ field: 'ownerUserId', before: null, after: uid.zhenghao }])}::jsonb, '2020-03-16T02:00:00Z')`);
    const [stage] = await queryRows<{ type_id: number; status_id: number; name: string }>(
      db(),
      sql`select type_id, status_id, name from crm_business_status order by type_id, order_num limit 1`,
    );
    names.stage = stage!.name;
    await db().execute(sql`insert into crm_business (business_name, customer_id, type_id, status_id, money, is_end, owner_user_id, create_user_id, batch_id, create_time)
      values ('赢的商机', ${ids.c1}, ${stage!.type_id}, null, 5000, 1, ${uid.sunli}, ${uid.sunli}, 'bi-b1', '2020-03-05T02:00:00Z'),
             ('输的商机', ${ids.c4}, ${stage!.type_id}, null, 3000, 2, ${uid.zhenghao}, ${uid.zhenghao}, 'bi-b2', '2020-03-06T02:00:00Z'),
             ('进行中商机', ${ids.c1}, ${stage!.type_id}, ${stage!.status_id}, 1000, 0, ${uid.sunli}, ${uid.sunli}, 'bi-b3', '2020-03-07T02:00:00Z')`);
    const [product] = await queryRows<{ product_id: number; name: string }>(
      db(),
      sql`select product_id, name from crm_product order by product_id limit 1`,
    );
    names.product = product!.name;
    await db().execute(sql`insert into crm_product_line (label, record_id, product_id, price, sales_price, num, discount, subtotal)
      values (6, ${ids.k1}, ${product!.product_id}, 300, 300, 3, 0, 900),
             (6, ${ids.k4}, ${product!.product_id}, 300, 300, 5, 0, 1500)`);
    await db().execute(sql`insert into oa_log (category_id, content, create_user_id, create_time)
      values (1, '日报', ${uid.sunli}, '2020-03-05T02:00:00Z'), (2, '周报', ${uid.sunli}, '2020-03-06T02:00:00Z'),
             (1, '日报', ${uid.zhenghao}, '2020-03-07T02:00:00Z')`);
    const [category] = await queryRows<{ category_id: number; title: string }>(
      db(),
      sql`select category_id, title from oa_examine_category order by category_id limit 1`,
    );
    names.category = category!.title;
    await db().execute(sql`insert into oa_examine (category_id, create_user_id, submit_time)
      values (${category!.category_id}, ${uid.sunli}, '2020-03-05T02:00:00Z')`);
  });

  it('converts leads to customers to deals', async () => {
    const res = await call('admin', '/biCustomer/customerConversionStats', march);
    expect(res.data.total.values).toEqual({
      leadsNew: 2,
      leadsConverted: 1,
      leadsConversionRate: 50,
      customerNew: 4,
      customerDeal: 2,
      customerDealRate: 50,
    });
    const ranking = await call('admin', '/biRanking/contactsCountRanKing', march);
    expect(ranking.data.rows[0]).toMatchObject({ label: '孙丽', values: { contactsNew: 1 } });
  });

  it('credits a pool move to the owner who lost or got the customer', async () => {
    const all = await call('admin', '/biCustomer/poolTable', march);
    expect(row(all.data, String(uid.zhoujie))!.values).toEqual({ poolEntered: 1, poolTaken: 0 });
    expect(row(all.data, String(uid.zhenghao))!.values).toEqual({ poolEntered: 0, poolTaken: 1 });
    const mine = await call('zhaoqiang', '/biCustomer/poolStats', march);
    expect(mine.data.total.values).toEqual({ poolEntered: 1, poolTaken: 0 });
  });

  it('shows the funnel by stage then how opportunities ended, and the win rate', async () => {
    const funnel = await call('admin', '/biFunnel/sellFunnel', march);
    expect(funnel.data.rows.map((r: Row) => [r.key, r.values])).toEqual([
      [names.stage, { businessNew: 1, businessMoney: 1000 }],
      ['赢单', { businessNew: 1, businessMoney: 5000 }],
      ['输单', { businessNew: 1, businessMoney: 3000 }],
    ]);
    const win = await call('admin', '/biFunnel/win', march);
    expect(win.data.total.values).toEqual({ businessNew: 3, businessWon: 1, businessLost: 1, businessWinRate: 33.3 });
  });

  it('sums product lines of approved contracts only, and drills into their contracts', async () => {
    const res = await call('admin', '/bi/productStatistics', march);
    expect(res.data.rows).toEqual([
      { key: names.product, label: names.product, values: { productQuantity: 3, productMoney: 900 } },
    ]);
    const drill = await call('admin', '/bi/drill', {
      ...march,
      analysis: '/bi/productStatistics',
      measure: 'productQuantity',
      key: names.product,
    });
    expect(drill.data.list).toEqual([
      { kind: 'contract', id: ids.k1, name: '一号合同', ownerName: '孙丽', day: '2020-03-05', value: 3 },
    ]);
  });

  it('counts work logs by writer and approvals by type', async () => {
    const logs = await call('admin', '/biWork/logStatistics', march);
    expect(row(logs.data, String(uid.sunli))!.values).toEqual({ journalCount: 2 });
    expect(logs.data.total.values).toEqual({ journalCount: 3 });
    const approvals = await call('admin', '/biWork/examineStatistics', march);
    expect(approvals.data.rows).toEqual([{ key: names.category, label: names.category, values: { examineCount: 1 } }]);
  });
});

describe('customer portrait', () => {
  it("splits customers by the administrator's 客户级别 field, empty as 未填写; without such a field all are 未填写", async () => {
    const before = await call('admin', '/biRanking/portraitSource', march);
    expect(before.data.rows).toEqual([{ key: '未填写', label: '未填写', values: { customerNew: 4, customerDeal: 2 } }]);
    await t.database.db.execute(sql`insert into crm_field (label, scope_id, field_name, name, form_type, options, sort)
      values (2, 0, 'field_bi_level', '客户级别', 'select', '["A（重点客户）", "B（普通客户）"]'::jsonb, 99)`);
    await t.database.db.execute(sql`update crm_customer set fields = fields || '{"field_bi_level": "A（重点客户）"}'::jsonb
      where customer_id in (${ids.c1}, ${ids.c4})`);
    const res = await call('admin', '/biRanking/portraitLevel', march);
    expect(res.data.rows).toEqual([
      { key: 'A（重点客户）', label: 'A（重点客户）', values: { customerNew: 2, customerDeal: 2 } },
      { key: '未填写', label: '未填写', values: { customerNew: 2, customerDeal: 0 } },
    ]);
    // sunli's role was given bi:customer and bi:contract only: the portrait group is refused.
    const hers = await call('sunli', '/biRanking/portraitLevel', march);
    expect(hers).toMatchObject({ code: 403, msg: '无权访问' });
  });
});

describe('sales cycle', () => {
  it('averages the days from a customer to its approved contract, per employee and in total', async () => {
    const res = await call('admin', '/biCustomer/employeeCycleInfo', march);
    // 一号合同 on the customer's own day (0 days), 二号合同 8 days after 四号客户.
    expect(row(res.data, String(uid.sunli))!.values).toEqual({ dealCycle: 0, cycleDeals: 1 });
    expect(row(res.data, String(uid.zhenghao))!.values).toEqual({ dealCycle: 8, cycleDeals: 1 });
    expect(res.data.total.values).toEqual({ dealCycle: 4, cycleDeals: 2 });
    // February's 三号合同 predates its customer's creation: 0 days, never negative.
    expect(res.data.total.previous).toEqual({ dealCycle: 0, cycleDeals: 1 });
  });
});

describe('rankings', () => {
  it('ranks employees by contract money, largest first', async () => {
    const res = await call('admin', '/biRanking/contractRanKing', march);
    expect(res.data.rows.slice(0, 2).map((r: { label: string; values: object }) => [r.label, r.values])).toEqual([
      ['郑浩', { contractMoney: 2000 }],
      ['孙丽', { contractMoney: 1000.5 }],
    ]);
  });
});

describe('targets', () => {
  it('sets contract targets against results by month', async () => {
    const months = [0, 0, 2000, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    const set = await call('admin', '/achievement/setAchievement', {
      year: 2020,
      status: 1,
      type: 2,
      list: [{ objId: uid.sunli, months }],
    });
    expect(set.code).toBe(0);
    const res = await call('admin', '/bi/taskCompleteStatistics', {
      type: 'custom',
      startTime: '2020-01-01',
      endTime: '2020-12-31',
      userId: uid.sunli,
    });
    expect(res.msg).toBe('success');
    expect(row(res.data, '2020-03')!.values).toMatchObject({
      contractTarget: 2000,
      contractMoney: 1000.5,
      contractTargetRate: 50,
    });
    // Person by person (the workbench's 业绩报表): each user against their own targets.
    const people = await call('admin', '/bi/achievementTable', {
      type: 'custom',
      startTime: '2020-01-01',
      endTime: '2020-12-31',
    });
    expect(row(people.data, String(uid.sunli))!.values).toMatchObject({
      contractTarget: 2000,
      contractMoney: 1500.5,
      contractTargetRate: 75,
    });
    expect(row(people.data, String(uid.zhenghao))!.values).toMatchObject({
      contractTarget: 0,
      contractMoney: 2000,
      contractTargetRate: 0,
    });
    // The year: February's 500 counts against the year's one target too.
    expect(res.data.total.values).toMatchObject({
      contractTarget: 2000,
      contractMoney: 1500.5,
      contractTargetRate: 75,
    });
  });
});

describe('every analysis', () => {
  it('each measure is computed from one source whose drill-down opens the kind shared names', () => {
    for (const key of measureKeys) {
      const def: MeasureDef = measures[key];
      if (def.ratio || isTargetMeasure(key)) continue;
      expect([key, sources[key as keyof typeof sources]?.drill.kind]).toEqual([key, def.drill]);
    }
  });

  it.each(analysisPaths)('%s answers for the year, its rows and total naming its measures', async (path) => {
    const res = await call('admin', path, { type: 'custom', startTime: '2020-01-01', endTime: '2020-12-31' });
    expect([path, res.msg]).toEqual([path, 'success']);
    expect(Object.keys(res.data.total.values)).toEqual(analyses[path].measures);
    for (const r of res.data.rows) expect(Object.keys(r.values)).toEqual(analyses[path].measures);
  });
});
