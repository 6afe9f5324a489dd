import type { Period } from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { seededRandom } from '../../db/demo-kit.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { customerIds, people } from '../../test/people.ts';
import { type FigureRequest, figureSource, type Grouping, measureFigures } from '../query.ts';
import { type Source, sources } from '../sources.ts';
import { contractDayDifferences, followDayDifferences, rebuildContractDays, rebuildFollowDays } from './rebuild.ts';

/**
 * The follow-up summaries (crm_follow_day, crm_follow_user_day: counts, and customers' firsts of
 * their day, week, month, quarter and year) and the contract summaries (crm_contract_day,
 * crm_product_line_day) of migration 0089 equal their recomputation from the detail after a seeded
 * random mix of writes, and every figure read through them equals the same figure read from the
 * detail rows: customers followed up (a distinct count) by bucket, owner and in total, for everyone,
 * one user and a team. Dates are in 2030–2031, far from every seed's.
 */
let t: TestApp;
const { ids: uid, signIn, call } = people(() => t);
let cid: Record<string, number>;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'sunli', 'zhenghao', 'zhoujie']);
  cid = await customerIds(t);
  oneUser = sql`select ${uid.zhenghao}::int`;
});
afterAll(() => t?.close());

/** A fixed-seed generator (the demo's mulberry32): the same mix on every run. */
const random = (seed: number) => seededRandom(seed).next;

const followUp = (customer: number, who: number, category: string, at: string) =>
  db().execute(sql`insert into crm_follow_record (label, record_id, category, content, create_user_id, create_time)
    values (2, ${customer}, ${category}, '汇总测试', ${who}, ${at}::timestamptz)`);

/** The same source without its summaries: the detail rows' figure. */
const detailOf = (s: Source): Source => ({ ...s, summary: undefined, calendar: undefined });

/** A figure read through the summaries and from the detail, for each period, grouping and scope. */
async function expectFiguresAgree(keys: (keyof typeof sources)[], periods: Period[], scopes: (SQL | null)[]) {
  const groupings: Grouping[] = [
    { by: 'none' },
    { by: 'owner' },
    { by: 'bucket', unit: 'day' },
    { by: 'bucket', unit: 'week' },
    { by: 'bucket', unit: 'month' },
  ];
  const asked: FigureRequest[] = [];
  for (const key of keys)
    for (const period of periods)
      for (const users of scopes)
        for (const g of groupings) asked.push({ q: { source: sources[key], period, users, single: false }, g });
  const single = (r: FigureRequest): FigureRequest => ({ ...r, q: { ...r.q, single: true } });
  const summed = await measureFigures(db(), asked);
  const detail = await measureFigures(
    db(),
    asked.map((r) => ({ ...r, q: { ...r.q, source: detailOf(r.q.source) } })),
  );
  for (const [i, r] of asked.entries())
    expect([...summed[i]!].sort(), `${r.q.period.start}..${r.q.period.end} ${JSON.stringify(r.g)}`).toEqual(
      [...detail[i]!].sort(),
    );
  // One user in scope: the owner's own firsts.
  const one = asked.filter((r) => r.q.users === oneUser).map(single);
  const oneSummed = await measureFigures(db(), one);
  const oneDetail = await measureFigures(
    db(),
    one.map((r) => ({ ...r, q: { ...r.q, source: detailOf(r.q.source) } })),
  );
  for (const [i] of one.entries()) expect([...oneSummed[i]!].sort()).toEqual([...oneDetail[i]!].sort());
}
let oneUser: SQL;

const month = (m: string): Period => {
  const [y, mm] = m.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, mm, 0)).getUTCDate();
  return { start: `${m}-01`, end: `${m}-${String(last).padStart(2, '0')}`, unit: 'month' };
};
const periods: Period[] = [
  month('2030-12'),
  month('2031-01'),
  month('2031-03'),
  { start: '2030-01-01', end: '2030-12-31', unit: 'year' },
  { start: '2031-01-01', end: '2031-12-31', unit: 'year' },
  { start: '2031-01-01', end: '2031-03-31', unit: 'quarter' },
  // A week (2030-12-30 is a Monday) across the year's end, one day, and a custom run of days.
  { start: '2030-12-30', end: '2031-01-05', unit: 'week' },
  { start: '2031-01-01', end: '2031-01-01', unit: 'day' },
  { start: '2030-12-15', end: '2031-01-20', unit: 'custom' },
  // A custom period that is a whole month reads the summary too.
  { start: '2031-02-01', end: '2031-02-28', unit: 'custom' },
];

describe('the follow-up summaries', () => {
  it('count a customer once per unit: exact figures through the API', async () => {
    // 陈雨桐: sunli on Dec 31 23:30 and Jan 1 00:10 (Shanghai: 15:30Z, 16:10Z), zhenghao on Jan 1.
    await followUp(cid.陈雨桐!, uid.sunli!, '打电话', '2032-12-31T15:30:00Z');
    await followUp(cid.陈雨桐!, uid.sunli!, '上门拜访', '2032-12-31T16:10:00Z');
    await followUp(cid.陈雨桐!, uid.zhenghao!, '打电话', '2033-01-01T02:00:00Z');
    const info = await call('admin', '/biCustomer/customerRecordInfo', {
      type: 'custom',
      startTime: '2033-01-01',
      endTime: '2033-01-31',
    });
    expect(info.code).toBe(0);
    const row = (k: string) => info.data.rows.find((r: { key: string }) => r.key === k)?.values;
    // Each counts the customer once; the team's total counts it once too.
    expect(row(String(uid.sunli))).toEqual({ followUpCount: 1, followUpCustomers: 1 });
    expect(row(String(uid.zhenghao))).toEqual({ followUpCount: 1, followUpCustomers: 1 });
    expect(info.data.total.values).toEqual({ followUpCount: 2, followUpCustomers: 1 });
    // December's last day is another month (the company's day, not UTC's).
    expect(info.data.total.previous).toEqual({ followUpCount: 1, followUpCustomers: 1 });
    const stats = await call('admin', '/biCustomer/customerRecordStats', {
      type: 'custom',
      startTime: '2033-01-01',
      endTime: '2033-12-31',
    });
    expect(stats.data.rows[0]).toMatchObject({ key: '2033-01', values: { followUpCount: 2, followUpCustomers: 1 } });
    expect(stats.data.total.values).toEqual({ followUpCount: 2, followUpCustomers: 1 });
    // One user in scope: that user's own customers.
    const mine = await call('admin', '/biCustomer/customerRecordStats', {
      type: 'custom',
      startTime: '2033-01-01',
      endTime: '2033-12-31',
      userId: uid.zhenghao,
    });
    expect(mine.data.total.values).toEqual({ followUpCount: 1, followUpCustomers: 1 });
    const methods = await call('admin', '/biCustomer/customerRecodCategoryStats', {
      type: 'custom',
      startTime: '2033-01-01',
      endTime: '2033-01-31',
    });
    expect(methods.data.rows.map((r: { key: string; values: object }) => [r.key, r.values]).sort()).toEqual([
      ['上门拜访', { followUpCount: 1 }],
      ['打电话', { followUpCount: 1 }],
    ]);
    expect(await followDayDifferences(db())).toEqual([]);
  });

  it('equal the detail after a random mix of inserts, moves, author, customer and method changes and deletes', async () => {
    const team = sql`select unnest(array[${uid.sunli}::int, ${uid.zhoujie}::int])`;
    const next = random(20261127);
    const pick = <T>(xs: T[]) => xs[Math.floor(next() * xs.length)]!;
    const customers = [cid.陈雨桐!, cid.林婉清!, cid.刘子涵!].filter(Boolean);
    expect(customers.length).toBeGreaterThan(1);
    const authors = [uid.sunli!, uid.zhenghao!, uid.zhoujie!];
    // Around the edges of days, weeks, months, quarters and the year (as instants, Shanghai = UTC+8).
    const edges = [
      '2030-12-29T15:59:00Z',
      '2030-12-29T16:01:00Z',
      '2030-12-31T15:59:59Z',
      '2030-12-31T16:00:00Z',
      '2031-01-04T16:30:00Z',
      '2031-01-05T15:30:00Z',
      '2031-01-31T16:10:00Z',
      '2031-02-27T17:00:00Z',
      '2031-03-31T15:00:00Z',
      '2031-03-31T16:00:00Z',
    ];
    const at = () =>
      next() < 0.6
        ? pick(edges)
        : new Date(Date.UTC(2030, 11, 1) + Math.floor(next() * 130 * 86_400_000)).toISOString();
    const done: Record<string, number> = {};
    const ids = async () =>
      (
        await queryRows<{ id: number }>(
          db(),
          sql`select follow_id as id from crm_follow_record where content = '随机' order by follow_id`,
        )
      ).map((r) => Number(r.id));
    for (let step = 0; step < 40; step++) {
      const have = await ids();
      const action =
        have.length < 4
          ? 'insert'
          : pick([
              'insert',
              'insert',
              'many',
              'move',
              'author',
              'customer',
              'method',
              'delete',
              'kind',
              'content',
              'tx',
            ]);
      done[action] = (done[action] ?? 0) + 1;
      const one = pick(have.length ? have : [0]);
      if (action === 'insert')
        await db().execute(sql`insert into crm_follow_record (label, record_id, category, content, create_user_id, create_time)
          values (2, ${pick(customers)}, ${pick(['打电话', '上门拜访'])}, '随机', ${pick(authors)}, ${at()}::timestamptz)`);
      else if (action === 'many')
        // One statement, several customers and authors, some at the same instant.
        await db().execute(sql`insert into crm_follow_record (label, record_id, category, content, create_user_id, create_time)
          select 2, (${sql.raw(`array[${customers.join(',')}]`)})[1 + i % ${customers.length}], '打电话', '随机',
            (${sql.raw(`array[${authors.join(',')}]`)})[1 + i % 3], ${at()}::timestamptz + (i / 2) * interval '7 hours'
          from generate_series(0, 5) i`);
      else if (action === 'move')
        // Backdated or moved forward, some over a bucket's edge.
        await db().execute(
          sql`update crm_follow_record set create_time = ${at()}::timestamptz where follow_id = ${one}`,
        );
      else if (action === 'author')
        await db().execute(
          sql`update crm_follow_record set create_user_id = ${pick(authors)} where follow_id = ${one}`,
        );
      else if (action === 'customer')
        await db().execute(sql`update crm_follow_record set record_id = ${pick(customers)} where follow_id = ${one}`);
      else if (action === 'method')
        await db().execute(sql`update crm_follow_record set category = '发短信' where follow_id = ${one}`);
      else if (action === 'delete') await db().execute(sql`delete from crm_follow_record where follow_id = ${one}`);
      else if (action === 'kind')
        // Out of the customers' follow-ups and back.
        await db().execute(sql`update crm_follow_record set label = case when label = 2 then 3 else 2 end
          where follow_id = ${one}`);
      else if (action === 'content')
        await db().execute(sql`update crm_follow_record set content = '随机' where follow_id = ${one}`);
      // Several statements in one transaction on the same customer.
      else
        await db().transaction(async (tx) => {
          await tx.execute(sql`update crm_follow_record set create_time = create_time - interval '1 day'
            where follow_id = ${one}`);
          await tx.execute(sql`insert into crm_follow_record (label, record_id, category, content, create_user_id, create_time)
            select label, record_id, category, '随机', ${pick(authors)}, create_time + interval '1 hour'
            from crm_follow_record where follow_id = ${one}`);
          await tx.execute(sql`delete from crm_follow_record where follow_id = (select max(follow_id) from crm_follow_record
            where content = '随机' and follow_id <> ${one})`);
        });
      expect(await followDayDifferences(db()), `step ${step}: ${action}`).toEqual([]);
    }
    expect(Object.keys(done).length).toBeGreaterThanOrEqual(10);
    await expectFiguresAgree(['followUpCount', 'followUpCustomers'], periods, [null, oneUser, team]);
    // By method: days by method, or months by method for whole months.
    const category = (await sources.followUpCount.categories!.followUpMethod!(db(), periods[0]!))!;
    const byMethod: FigureRequest[] = periods.flatMap((period) =>
      [null, oneUser].map((users) => ({
        q: { source: sources.followUpCount, period, users },
        g: { by: 'category', category, key: 'followUpMethod' } as const,
      })),
    );
    const summed = await measureFigures(db(), byMethod);
    expect(summed).toEqual(
      await measureFigures(
        db(),
        byMethod.map((r) => ({ ...r, q: { ...r.q, source: detailOf(r.q.source) } })),
      ),
    );
    expect(summed.some((m) => m.size > 1)).toBe(true);
    const [empty] = await queryRows<{ n: number }>(
      db(),
      sql`select (select count(*) from crm_follow_day where follow_count = 0)
        + (select count(*) from crm_follow_user_day where follow_count = 0)
        + (select count(*) from crm_follow_day_change) + (select count(*) from crm_follow_day_pending) as n`,
    );
    expect(Number(empty!.n)).toBe(0);
  });

  it('a statement touching many customers locks the table, or recomputes everything, and stays exact', async () => {
    const many = (tag: string) =>
      sql`insert into crm_follow_record (label, record_id, category, content, create_user_id, create_time)
        select 2, customer_id, '打电话', ${tag}, ${uid.sunli}, '2031-01-15T03:00:00Z'::timestamptz + customer_id * interval '1 minute'
        from crm_customer where customer_id in (${cid.陈雨桐}, ${cid.林婉清}, ${cid.刘子涵})`;
    for (const [setting, tag] of [
      ['crm.summary_lock_above', '批量一'],
      ['crm.summary_rebuild_above', '批量二'],
    ] as const) {
      await db().transaction(async (tx) => {
        await tx.execute(sql`select set_config(${setting}, '2', true)`);
        await tx.execute(many(tag));
        await tx.execute(
          sql`update crm_follow_record set create_time = create_time + interval '20 days' where content = ${tag}`,
        );
      });
      expect(await followDayDifferences(db()), setting).toEqual([]);
    }
    const [left] = await queryRows<{ n: number }>(
      db(),
      sql`select (select count(*) from crm_follow_day_change) + (select count(*) from crm_follow_day_pending) as n`,
    );
    expect(Number(left!.n)).toBe(0);
  });

  it('the sums of firsts are the distinct customers of a whole unit (and not of a partial one)', async () => {
    // A quarter's weeks reach past it: their buckets are read from the detail, and still agree.
    const [q] = await queryRows<{ first: number; own: number; distinct: number; pairs: number }>(
      db(),
      sql`select (select sum(first_quarter) from crm_follow_user_day where day between '2031-01-01' and '2031-03-31') as first,
        (select sum(own_quarter) from crm_follow_user_day where day between '2031-01-01' and '2031-03-31') as own,
        (select count(distinct record_id) from crm_follow_record where label = 2
          and create_time >= '2030-12-31T16:00:00Z' and create_time < '2031-03-31T16:00:00Z') as distinct,
        (select count(distinct (record_id, create_user_id)) from crm_follow_record where label = 2
          and create_time >= '2030-12-31T16:00:00Z' and create_time < '2031-03-31T16:00:00Z') as pairs`,
    );
    expect(Number(q!.distinct)).toBeGreaterThan(1);
    expect(Number(q!.first)).toBe(Number(q!.distinct));
    expect(Number(q!.own)).toBe(Number(q!.pairs));
  });

  it('two writers of one customer in one month both count, once (on PostgreSQL: one waits for the other)', async () => {
    const pause = () => new Promise((r) => setTimeout(r, 150));
    const writer = (who: number, atTime: string) =>
      db().transaction(async (tx) => {
        await tx.execute(sql`insert into crm_follow_record (label, record_id, category, content, create_user_id, create_time)
          values (2, ${cid.陈雨桐}, '打电话', '并发', ${who}, ${atTime}::timestamptz)`);
        await pause();
      });
    await Promise.all([writer(uid.sunli!, '2034-05-10T02:00:00Z'), writer(uid.zhenghao!, '2034-05-11T02:00:00Z')]);
    const [m] = await queryRows<{ first: number; own: number }>(
      db(),
      sql`select sum(first_month)::int as first, sum(own_month)::int as own from crm_follow_user_day
        where day between '2034-05-01' and '2034-05-31'`,
    );
    expect(m).toEqual({ first: 1, own: 2 });
    expect(await followDayDifferences(db())).toEqual([]);
  });

  it('a change of the company zone recomputes the days; the rebuild repairs a summary written around the triggers', async () => {
    await db().execute(sql`insert into sys_config (key, value) values ('timeZone', 'UTC')
      on conflict (key) do update set value = excluded.value`);
    // 2030-12-31T16:00Z is Jan 1 in Shanghai, Dec 31 in UTC.
    expect(await followDayDifferences(db())).toEqual([]);
    await db().execute(sql`update sys_config set value = 'Asia/Shanghai' where key = 'timeZone'`);
    expect(await followDayDifferences(db())).toEqual([]);
    await db().execute(sql`update crm_follow_user_day set first_month = first_month + 1
      where (day, user_id) in (select day, user_id from crm_follow_user_day limit 1)`);
    await db().execute(sql`delete from crm_follow_day where (day, user_id, category) in
      (select day, user_id, category from crm_follow_day limit 1)`);
    expect((await followDayDifferences(db())).map((d) => [d.summary, d.side]).sort()).toEqual([
      ['day', 'detail'],
      ['user_day', 'detail'],
      ['user_day', 'summary'],
    ]);
    // Saving the settings with the same zone recomputes nothing (the damage stays until the rebuild).
    await db().execute(sql`update sys_config set value = value where key = 'timeZone'`);
    expect((await followDayDifferences(db())).length).toBe(3);
    await db().transaction((tx) => rebuildFollowDays(tx));
    expect(await followDayDifferences(db())).toEqual([]);
  });
});

describe('the contract summaries', () => {
  it('equal the detail after a random mix of contracts, approvals, moves, lines and deletes', async () => {
    const next = random(7);
    const pick = <T>(xs: T[]) => xs[Math.floor(next() * xs.length)]!;
    const owners = [uid.sunli!, uid.zhenghao!, uid.zhoujie!];
    const customers = [cid.陈雨桐!, cid.林婉清!].filter(Boolean);
    const products = (await queryRows<{ id: number }>(db(), sql`select product_id as id from crm_product limit 3`)).map(
      (r) => Number(r.id),
    );
    expect(products.length).toBeGreaterThan(0);
    const day = () => `2031-0${1 + Math.floor(next() * 3)}-${String(1 + Math.floor(next() * 28)).padStart(2, '0')}`;
    let seq = 0;
    const contracts = async () =>
      (
        await queryRows<{ id: number }>(
          db(),
          sql`select contract_id as id from crm_contract where name like '汇总%' order by 1`,
        )
      ).map((r) => Number(r.id));
    const lines = async () =>
      (
        await queryRows<{ id: number }>(
          db(),
          sql`select l.id from crm_product_line l join crm_contract k on k.contract_id = l.record_id
            where l.label = 6 and k.name like '汇总%' order by 1`,
        )
      ).map((r) => Number(r.id));
    const receivables = async () =>
      (
        await queryRows<{ id: number }>(
          db(),
          sql`select receivables_id as id from crm_receivables where batch_id like 'bi-sum-r%' order by 1`,
        )
      ).map((r) => Number(r.id));
    const done: Record<string, number> = {};
    for (let step = 0; step < 60; step++) {
      const ks = await contracts();
      const ls = await lines();
      const rs = await receivables();
      const action =
        ks.length < 2
          ? 'contract'
          : rs.length < 2
            ? 'receivable'
            : pick([
                'contract',
                'line',
                'line',
                'approve',
                'move',
                'owner',
                'money',
                'num',
                'dropLine',
                'dropContract',
                'created',
                'receivable',
                'receivable',
                'approveReceivable',
                'moveReceivable',
                'receivableOwner',
                'receivableMoney',
                'dropReceivable',
              ]);
      done[action] = (done[action] ?? 0) + 1;
      const k = pick(ks.length ? ks : [0]);
      const r = pick(rs.length ? rs : [0]);
      if (action === 'contract') {
        const status = next() < 0.6 ? 1 : 0;
        await db().execute(sql`with k as (insert into crm_contract (name, customer_id, owner_user_id, create_user_id, batch_id,
            order_date, money, check_status)
          values (${`汇总${++seq}`}, ${pick(customers)}, ${pick(owners)}, ${uid.sunli}, ${`bi-sum-${seq}`}, ${day()}, 100,
            ${status}) returning contract_id)
          insert into crm_product_line (label, record_id, product_id, price, sales_price, num, discount, subtotal)
          select 6, contract_id, ${pick(products)}, 10, 10, 2, 0, 20 from k`);
      } else if (action === 'line')
        await db().execute(sql`insert into crm_product_line (label, record_id, product_id, price, sales_price, num, discount, subtotal)
          values (6, ${k}, ${pick(products)}, 10, 10, ${1 + Math.floor(next() * 5)}, 0, 30)`);
      else if (action === 'approve')
        await db().execute(sql`update crm_contract set check_status = case when check_status = 1 then 0 else 1 end
          where contract_id = ${k}`);
      else if (action === 'move')
        await db().execute(
          sql`update crm_contract set order_date = ${next() < 0.2 ? null : day()} where contract_id = ${k}`,
        );
      else if (action === 'owner')
        await db().execute(sql`update crm_contract set owner_user_id = ${next() < 0.2 ? null : pick(owners)}
          where contract_id = ${k}`);
      else if (action === 'num' && ls.length)
        await db().execute(
          sql`update crm_product_line set num = num + 1, subtotal = subtotal + 10 where id = ${pick(ls)}`,
        );
      else if (action === 'dropLine' && ls.length)
        await db().execute(sql`delete from crm_product_line where id = ${pick(ls)}`);
      else if (action === 'money')
        await db().execute(sql`update crm_contract set money = money + 7.5 where contract_id = ${k}`);
      else if (action === 'receivable')
        // Approved or waiting; sometimes without a day or an amount (the detail counts no day, and no amount as 0).
        await db().execute(sql`insert into crm_receivables (customer_id, contract_id, owner_user_id, create_user_id, batch_id,
            return_time, money, check_status)
          select customer_id, contract_id, ${pick(owners)}, ${uid.sunli}, ${`bi-sum-r${++seq}`},
            ${next() < 0.1 ? null : day()}::date, ${next() < 0.1 ? null : 40 + Math.floor(next() * 100)}::numeric,
            ${next() < 0.7 ? 1 : 0}
          from crm_contract where contract_id = ${k}`);
      else if (action === 'approveReceivable')
        await db().execute(sql`update crm_receivables set check_status = case when check_status = 1 then 0 else 1 end
          where receivables_id = ${r}`);
      else if (action === 'moveReceivable')
        await db().execute(sql`update crm_receivables set return_time = ${next() < 0.2 ? null : day()}::date
          where receivables_id = ${r}`);
      else if (action === 'receivableOwner')
        await db().execute(sql`update crm_receivables set owner_user_id = ${next() < 0.2 ? null : pick(owners)}
          where receivables_id = ${r}`);
      else if (action === 'receivableMoney')
        await db().execute(sql`update crm_receivables set money = ${next() < 0.2 ? null : 10 + Math.floor(next() * 50)}::numeric
          where receivables_id = ${r}`);
      else if (action === 'dropReceivable')
        await db().execute(sql`delete from crm_receivables where receivables_id = ${r}`);
      else if (action === 'dropContract')
        // The contract first, its lines after (or the other way round); its receivables before it.
        await db().transaction(async (tx) => {
          await tx.execute(sql`delete from crm_receivables where contract_id = ${k}`);
          if (next() < 0.5) {
            await tx.execute(sql`delete from crm_contract where contract_id = ${k}`);
            await tx.execute(sql`delete from crm_product_line where label = 6 and record_id = ${k}`);
          } else {
            await tx.execute(sql`delete from crm_product_line where label = 6 and record_id = ${k}`);
            await tx.execute(sql`delete from crm_contract where contract_id = ${k}`);
          }
        });
      else if (action === 'created')
        await db().execute(sql`update crm_customer set create_time = create_time - interval '3 days'
          where customer_id = ${pick(customers)}`);
      expect(await contractDayDifferences(db()), `step ${step}: ${action}`).toEqual([]);
    }
    expect(Object.keys(done).length).toBeGreaterThanOrEqual(14);
    // A bulk statement (over the lock threshold, lowered here) locks the tables instead; a bulk
    // transfer of receivables, and one transaction writing contracts and receivables both.
    await db().transaction(async (tx) => {
      await tx.execute(sql`select set_config('crm.summary_lock_above', '0', true)`);
      await tx.execute(sql`update crm_contract set order_date = order_date + 1 where name like '汇总%'`);
    });
    await db().transaction(async (tx) => {
      await tx.execute(sql`update crm_receivables set owner_user_id = ${uid.zhoujie}, return_time = return_time + 1
        where batch_id like 'bi-sum-r%'`);
      await tx.execute(sql`update crm_contract set owner_user_id = ${uid.zhoujie}, money = money * 2
        where name like '汇总%' and contract_id % 2 = 0`);
    });
    expect(await contractDayDifferences(db())).toEqual([]);
    const months: Period[] = [
      month('2031-01'),
      month('2031-02'),
      { start: '2031-01-01', end: '2031-12-31', unit: 'year' },
    ];
    await expectFiguresAgree(
      [
        'productQuantity',
        'productMoney',
        'cycleDays',
        'cycleDeals',
        'contractCount',
        'contractMoney',
        'receivablesMoney',
      ],
      months,
      [null, oneUser],
    );
    // The category splits, read from the summary joined to the products.
    for (const key of ['product', 'productCategory'] as const) {
      const category = (await sources.productQuantity.categories![key]!(db(), months[2]!))!;
      const asked: FigureRequest[] = (['productQuantity', 'productMoney'] as const).map((m) => ({
        q: { source: sources[m], period: months[2]!, users: null },
        g: { by: 'category', category, key },
      }));
      const summed = await measureFigures(db(), asked);
      const detail = await measureFigures(
        db(),
        asked.map((r) => ({ ...r, q: { ...r.q, source: detailOf(r.q.source) } })),
      );
      expect(summed).toEqual(detail);
      expect(summed[0]!.size).toBeGreaterThan(0);
    }
    await db().execute(sql`update crm_contract_day set deals = deals + 1
      where (order_date, owner_user_id) in (select order_date, owner_user_id from crm_contract_day limit 1)`);
    expect((await contractDayDifferences(db())).length).toBe(2);
    await db().execute(sql`update crm_receivables_month set money = money + 1
      where ctid = (select ctid from crm_receivables_month limit 1)`);
    expect((await contractDayDifferences(db())).length).toBe(4);
    await db().transaction((tx) => rebuildContractDays(tx));
    expect(await contractDayDifferences(db())).toEqual([]);
  });

  it('give the contracts and receivables of a month and a year, by owner: exact figures, the current owner', async () => {
    const customer = cid.陈雨桐!;
    const contract = async (name: string, owner: number, day: string, money: number, status: number) =>
      Number(
        (
          await queryRows<{ id: number }>(
            db(),
            sql`insert into crm_contract (name, customer_id, owner_user_id, create_user_id, batch_id, order_date, money, check_status)
              values (${name}, ${customer}, ${owner}, ${uid.sunli}, ${`bi-exact-${name}`}, ${day}, ${money}, ${status})
              returning contract_id as id`,
          )
        )[0]!.id,
      );
    const receivable = (k: number, owner: number, day: string, money: number | null, status: number) =>
      db().execute(sql`insert into crm_receivables (customer_id, contract_id, owner_user_id, create_user_id, batch_id,
          return_time, money, check_status)
        values (${customer}, ${k}, ${owner}, ${uid.sunli}, ${`bi-exact-r-${k}-${day}-${status}`}, ${day}, ${money}::numeric, ${status})`);
    const a = await contract('精确1', uid.zhenghao!, '2033-05-03', 100, 1);
    const b = await contract('精确2', uid.zhenghao!, '2033-05-20', 250.5, 1);
    await contract('精确3', uid.zhenghao!, '2033-05-21', 999, 0); // waiting: not counted
    await contract('精确4', uid.sunli!, '2033-07-01', 30, 1);
    await receivable(a, uid.zhenghao!, '2033-05-04', 80, 1);
    await receivable(a, uid.zhenghao!, '2033-05-05', null, 1); // no amount: counts 0
    await receivable(b, uid.zhenghao!, '2033-05-06', 500, 0); // waiting: not counted
    await receivable(b, uid.sunli!, '2033-07-02', 20, 1);
    const may = month('2033-05');
    const year: Period = { start: '2033-01-01', end: '2033-12-31', unit: 'year' };
    const figures = async () => {
      const asked: FigureRequest[] = [];
      for (const key of ['contractCount', 'contractMoney', 'receivablesMoney'] as const)
        for (const period of [may, year])
          for (const g of [{ by: 'owner' }, { by: 'bucket', unit: 'month' }] as Grouping[])
            asked.push({ q: { source: sources[key], period, users: null }, g });
      // Each read from a summary (the month's days, the year's months), not the rows.
      for (const r of asked) expect(figureSource(r.q, r.g).source).not.toBe(r.q.source);
      return (await measureFigures(db(), asked)).map((m) => Object.fromEntries([...m].map(([k, v]) => [k, v.value])));
    };
    const [z, s] = [String(uid.zhenghao), String(uid.sunli)];
    // Per measure: the month by owner, by month; the year by owner, by month.
    expect(await figures()).toEqual([
      { [z]: 2 },
      { '2033-05': 2 },
      { [z]: 2, [s]: 1 },
      { '2033-05': 2, '2033-07': 1 },
      { [z]: 350.5 },
      { '2033-05': 350.5 },
      { [z]: 350.5, [s]: 30 },
      { '2033-05': 350.5, '2033-07': 30 },
      { [z]: 80 },
      { '2033-05': 80 },
      { [z]: 80, [s]: 20 },
      { '2033-05': 80, '2033-07': 20 },
    ]);
    // A transfer moves a contract's count and money to its new owner; an approval adds one.
    await db().execute(sql`update crm_contract set owner_user_id = ${uid.sunli} where contract_id = ${b}`);
    await db().execute(sql`update crm_receivables set check_status = 1 where contract_id = ${b} and check_status = 0`);
    const after = await figures();
    expect(after[2]).toEqual({ [z]: 1, [s]: 2 });
    expect(after[6]).toEqual({ [z]: 100, [s]: 280.5 });
    expect(after[10]).toEqual({ [z]: 580, [s]: 20 });
    // A viewer from whom the amount is hidden reads the rows (where it sums to 0), not the summary.
    const hidden = new Map([['crm_contract', new Set(['money'])]]);
    const q = { source: sources.contractMoney, period: year, users: null };
    expect(figureSource(q, { by: 'owner' }, hidden).source).toBe(sources.contractMoney);
    expect(await contractDayDifferences(db())).toEqual([]);
  });
});
