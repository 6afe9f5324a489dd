import { type Period, setCompanyTimeZone } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerAgrees } from '../../clinic/money/test-support.ts';
import { queryRows } from '../../core/sql.ts';
import { seededRandom } from '../../db/demo-kit.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { batchIds, customerIds, people, projectIds } from '../../test/people.ts';
import { dealDayZone } from '../clinic-sources.ts';
import { type Figure, figureSource, type Grouping, measureFigures } from '../query.ts';
import { sources } from '../sources.ts';
import {
  dealDayDifferences,
  firstPaidDifferences,
  performanceDayDifferences,
  rebuildDealDays,
  rebuildFirstPaid,
  rebuildPerformanceDays,
} from './rebuild.ts';

/**
 * The day summary of clinic_performance (migration 0081's triggers) equals the recomputation from
 * the detail rows after a seeded random mix of what writes performance: sales charged in cash or
 * partly owed, 划扣 and their undo, refunds paid to the balance, conversions to a cheaper project,
 * repayments, and rows moved to another day or deleted by hand (as the seeds and tests do). The
 * money path stays consistent (expectLedgerAgrees); the rebuild gives the same table.
 */
let t: TestApp;
const { ids: uid, call, signIn } = people(() => t);
let cid: Record<string, number>;
let project: Record<string, number>;
const nextBatch = batchIds('bi-summary');

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['sunli', 'wangzong', 'chenjing', 'zhenghao', 'admin']);
  cid = await customerIds(t);
  project = await projectIds(t);
  // Owing is allowed (openFormConfig 允许欠款, on by default), so some sales leave arrears to repay.
});
afterAll(() => t?.close());

/** A fixed-seed generator (the demo's mulberry32): the same mix on every run. */
const random = (seed: number) => seededRandom(seed).next;

const ok = (res: { code: number; msg?: string }) => expect(res).toMatchObject({ code: 0 });

/** A charged 光子嫩肤 (5 sessions) for 陈雨桐: all cash, or 200 left owing. */
async function buy(owe: boolean): Promise<number> {
  const opened = await call('sunli', '/CrmCustomerProjectDealRecord/save', {
    customerId: cid.陈雨桐,
    lines: [
      {
        projectId: project.光子嫩肤,
        dealPrice: '1000',
        salespeople: [
          { userId: uid.sunli, rate: 60 },
          { userId: uid.zhenghao, rate: 40 },
        ],
      },
    ],
    discountReason: '统计汇总测试',
    checkUserId: uid.wangzong,
    batchId: nextBatch(),
  });
  ok(opened);
  if (opened.data.status === 1) {
    const { data } = await call('wangzong', '/clinic/discount/detail', { orderId: opened.data.orderId });
    ok(await call('wangzong', '/OaExamine/auditExamine', { recordId: data.recordId, status: 1, remarks: '' }));
  }
  const charged = await call('chenjing', '/clinic/cashier/charge', {
    orderId: opened.data.orderId,
    payments: [{ method: 'cash', amount: owe ? '800' : '1000' }],
  });
  ok(charged);
  return charged.data.dealIds[0];
}

const dealLeft = async (dealId: number) =>
  Number(
    (
      await queryRows<{ n: number }>(
        t.database.db,
        sql`select sessions_left - sessions_held as n from crm_customer_project_deal_record
          where deal_id = ${dealId} and status in (1, 2)`,
      )
    )[0]?.n ?? 0,
  );

describe('clinic_performance_day', () => {
  it('equals the detail after a random mix of charges, 划扣, undos, refunds, conversions and moves', async () => {
    const next = random(20261126);
    const pick = <T>(xs: T[]) => xs[Math.floor(next() * xs.length)]!;
    const deals: number[] = [];
    const treatments: number[] = [];
    const done: Record<string, number> = {};
    for (let step = 0; step < 24; step++) {
      const open = [];
      for (const d of deals) if ((await dealLeft(d)) > 0) open.push(d);
      const action =
        open.length === 0 ? 'buy' : pick(['buy', 'use', 'use', 'undo', 'refund', 'convert', 'repay', 'move']);
      done[action] = (done[action] ?? 0) + 1;
      if (action === 'buy') deals.push(await buy(next() < 0.4));
      else if (action === 'use') {
        const res = await call('wangzong', '/CrmCustomerProjectDealRecord/verificationById', {
          dealId: pick(open),
          sessions: 1,
          staff: [{ userId: uid.zhenghao, role: 'doctor' }],
          batchId: nextBatch(),
        });
        ok(res);
        treatments.push(res.data.treatmentId);
      } else if (action === 'undo' && treatments.length) {
        ok(await call('wangzong', '/clinic/nurse/undo', { treatmentId: treatments.pop() }));
      } else if (action === 'refund') {
        const dealId = pick(open);
        const asked = await call('sunli', '/CrmCustomerProjectDealRecord/refundSurplusProject', {
          dealId,
          sessions: 1,
          amount: '100',
          reason: '顾客搬家',
          checkUserId: uid.wangzong,
          toBalance: true,
          batchId: nextBatch(),
        });
        ok(asked);
        ok(
          await call('wangzong', '/OaExamine/auditExamine', { recordId: asked.data.recordId, status: 1, remarks: '' }),
        );
        ok(await call('chenjing', '/clinic/cashier/refundPayout', { refundId: asked.data.refundId }));
      } else if (action === 'convert') {
        const res = await call('sunli', '/CrmCustomerProjectDealRecord/dealProjectConvert', {
          dealId: pick(open),
          projectId: project['激光脱毛（腋下）'],
          batchId: nextBatch(),
        });
        ok(res);
      } else if (action === 'repay') {
        const [owed] = await queryRows<{ arrears: string }>(
          t.database.db,
          sql`select arrears::text from clinic_customer_account where customer_id = ${cid.陈雨桐}`,
        );
        if (Number(owed?.arrears ?? 0) >= 50) {
          const res = await call('chenjing', '/clinic/cashier/repay', {
            customerId: cid.陈雨桐,
            payments: [{ method: 'cash', amount: '50' }],
            batchId: nextBatch(),
          });
          ok(res);
        }
      } else if (action === 'move') {
        // As the living demo's seed and the bi tests do: rows moved to another day by hand.
        await t.database.db.execute(
          sql`update clinic_performance set business_day = business_day - ${1 + Math.floor(next() * 40)}::int
            where performance_id in (select performance_id from clinic_performance order by performance_id desc limit 3)`,
        );
      }
      expect(await performanceDayDifferences(t.database.db)).toEqual([]);
      expect(await dealDayDifferences(t.database.db)).toEqual([]);
      expect(await firstPaidDifferences(t.database.db)).toEqual([]);
    }
    // The mix reached every kind of write it names.
    expect(Object.keys(done).sort()).toEqual(['buy', 'convert', 'move', 'refund', 'repay', 'undo', 'use']);
    // Rows deleted by hand leave no empty key behind.
    await t.database.db.execute(sql`delete from clinic_performance where source_kind = 'treatment_undo'`);
    expect(await performanceDayDifferences(t.database.db)).toEqual([]);
    const [empty] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from clinic_performance_day where row_count = 0`,
    );
    expect(empty!.n).toBe(0);
    // Every sale's and 划扣's row knows its project.
    const [unknown] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from clinic_performance
        where source_kind in ('order_line', 'treatment', 'refund') and project_id is null`,
    );
    expect(unknown!.n).toBe(0);
    // A rebuild gives the same table.
    const before = await queryRows(t.database.db, sql`select * from clinic_performance_day order by 1, 2, 3, 4, 5, 6`);
    await t.database.db.transaction((tx) => rebuildPerformanceDays(tx));
    expect(await queryRows(t.database.db, sql`select * from clinic_performance_day order by 1, 2, 3, 4, 5, 6`)).toEqual(
      before,
    );
    await expectLedgerAgrees(t);
    // The first paid days (checked after every step above): deleting a customer's paid rows by hand
    // gives them their next paid day, or none.
    await t.database.db.execute(sql`delete from clinic_performance where performance_id = (select min(performance_id)
      from clinic_performance where kind = 1 and amount > 0)`);
    expect(await firstPaidDifferences(t.database.db)).toEqual([]);
    await t.database.db.execute(sql`update clinic_customer_first_paid set first_day = first_day + 1`);
    expect((await firstPaidDifferences(t.database.db)).length).toBeGreaterThan(0);
    await t.database.db.transaction((tx) => rebuildFirstPaid(tx));
    expect(await firstPaidDifferences(t.database.db)).toEqual([]);
    // Dozens of money transactions, each checked against a recount: minutes on a loaded machine.
  }, 180_000);

  it('two writers touching the same keys in opposite orders both commit (on PostgreSQL: no deadlock)', async () => {
    const db = t.database.db;
    const day = '2020-02-02';
    const row = (project: number, key: string) =>
      sql`insert into clinic_performance (kind, user_id, role, base, rate, amount, source_kind, source_id, project_id,
          business_day, idempotency_key)
        values (1, ${uid.sunli}, 'sales', 10, 100, 10, 'bi-summary-test', 0, ${project}, ${day}, ${key})`;
    const pause = () => new Promise((r) => setTimeout(r, 150));
    // Each holds its first key's change while the other writes it second: with a lock per statement
    // until the commit, PostgreSQL would refuse one of them as a deadlock.
    const writer = (first: number, second: number, tag: string) =>
      db.transaction(async (tx) => {
        await tx.execute(row(first, `bi-summary-test:${tag}:1`));
        await pause();
        await tx.execute(row(second, `bi-summary-test:${tag}:2`));
      });
    await Promise.all([writer(1, 2, 'a'), writer(2, 1, 'b')]);
    const rows = await queryRows<{ project_id: number; amount: string; row_count: number }>(
      db,
      sql`select project_id, amount::text, row_count from clinic_performance_day
        where business_day = ${day} and user_id = ${uid.sunli} order by project_id`,
    );
    expect(rows).toEqual([
      { project_id: 1, amount: '20.00', row_count: 2 },
      { project_id: 2, amount: '20.00', row_count: 2 },
    ]);
    expect(await performanceDayDifferences(db)).toEqual([]);
  });

  it('one transaction noting thousands of keys folds them all at its commit, and again after an early fold', async () => {
    const db = t.database.db;
    const rows = (from: string, n: number, tag: string) =>
      sql`insert into clinic_performance (kind, user_id, role, base, rate, amount, source_kind, source_id, project_id,
          business_day, idempotency_key)
        select 2, ${uid.chenjing}, 'doctor', 5, 100, 5, 'bi-summary-test', 0, 1 + i % 3, ${from}::date + i,
          ${`bi-summary-test:${tag}:`} || i
        from generate_series(1, ${n}) i`;
    await db.transaction(async (tx) => {
      await tx.execute(rows('2001-01-01', 3000, 'many'));
      // Folded now (as a caller that needs the summary inside its transaction would): the next
      // statement's changes must fold again at the commit.
      await tx.execute(sql`set constraints all immediate`);
      await tx.execute(sql`set constraints all deferred`);
      await tx.execute(rows('2001-01-01', 10, 'again'));
    });
    const [days] = await queryRows<{ n: number; amount: string }>(
      db,
      sql`select count(*)::int as n, sum(amount)::text as amount from clinic_performance_day
        where user_id = ${uid.chenjing} and business_day between '2001-01-02' and '2009-12-31' and kind = 2`,
    );
    expect(days).toEqual({ n: 3000, amount: '15050.00' });
    expect(await performanceDayDifferences(db)).toEqual([]);
    const [left] = await queryRows<{ changes: number; pending: number }>(
      db,
      sql`select (select count(*)::int from clinic_performance_day_change) as changes,
        (select count(*)::int from clinic_performance_day_pending) as pending`,
    );
    expect(left).toEqual({ changes: 0, pending: 0 });
  });

  it('the rebuild repairs a summary written around the triggers', async () => {
    await t.database.db.execute(sql`update clinic_performance_day set amount = amount + 1`);
    expect((await performanceDayDifferences(t.database.db)).length).toBeGreaterThan(0);
    await t.database.db.transaction((tx) => rebuildPerformanceDays(tx));
    expect(await performanceDayDifferences(t.database.db)).toEqual([]);
  });

  it("the earner's day summary is checked and rebuilt with the day summary", async () => {
    const db = t.database.db;
    await db.execute(sql`update clinic_performance_user_day set amount = amount + 1
      where (kind, business_day, user_id) in (select kind, business_day, user_id from clinic_performance_user_day limit 1)`);
    const found = await performanceDayDifferences(db);
    // The key's two sides and its month's (the months follow the days), nothing in the day summary.
    expect(found.map((d) => [d.summary, d.side]).sort()).toEqual([
      ['user_day', 'detail'],
      ['user_day', 'summary'],
      ['user_month', 'detail'],
      ['user_month', 'summary'],
    ]);
    await db.transaction((tx) => rebuildPerformanceDays(tx));
    expect(await performanceDayDifferences(db)).toEqual([]);
    // A month written around its triggers is found, and the rebuild repairs it too.
    await db.execute(sql`update clinic_performance_user_month set row_count = row_count + 1
      where (kind, month, user_id) in (select kind, month, user_id from clinic_performance_user_month limit 1)`);
    expect((await performanceDayDifferences(db)).map((d) => [d.summary, d.side]).sort()).toEqual([
      ['user_month', 'detail'],
      ['user_month', 'summary'],
    ]);
    await db.transaction((tx) => rebuildPerformanceDays(tx));
    expect(await performanceDayDifferences(db)).toEqual([]);
    // It holds what the day summary holds, summed over the shop, department and project.
    const [sums] = await queryRows<{ day: string; user_day: string; keys: number }>(
      db,
      sql`select (select sum(amount)::text from clinic_performance_day) as day,
        (select sum(amount)::text from clinic_performance_user_day) as user_day,
        (select count(*)::int from clinic_performance_user_day) as keys`,
    );
    expect(sums!.keys).toBeGreaterThan(0);
    expect(sums!.user_day).toBe(sums!.day);
  });
});

describe('clinic_deal_day', () => {
  const db = () => t.database.db;
  const kinds = async () =>
    queryRows<{ kind: number; n: number; sessions: string; value: string; left: string }>(
      db(),
      sql`select kind, sum(row_count)::int as n, sum(sessions)::text as sessions, sum(value)::text as value,
        sum(sessions_left)::text as left from clinic_deal_day group by kind order by kind`,
    );

  /** A deal bought, treated once and refunded one session (paid out): every kind of row. */
  async function boughtUsedRefunded(): Promise<number> {
    const dealId = await buy(false);
    ok(
      await call('wangzong', '/CrmCustomerProjectDealRecord/verificationById', {
        dealId,
        sessions: 1,
        staff: [{ userId: uid.zhenghao, role: 'doctor' }],
        batchId: nextBatch(),
      }),
    );
    const asked = await call('sunli', '/CrmCustomerProjectDealRecord/refundSurplusProject', {
      dealId,
      sessions: 1,
      amount: '100',
      reason: '顾客搬家',
      checkUserId: uid.wangzong,
      toBalance: true,
      batchId: nextBatch(),
    });
    ok(asked);
    ok(await call('wangzong', '/OaExamine/auditExamine', { recordId: asked.data.recordId, status: 1, remarks: '' }));
    ok(await call('chenjing', '/clinic/cashier/refundPayout', { refundId: asked.data.refundId }));
    return dealId;
  }

  it('holds the deals, 划扣 and refunds paid out that the rows hold', async () => {
    await boughtUsedRefunded();
    // The same sums as the rows, read straight (normal deals, 划扣 not undone, refunds paid out).
    const [rows] = await queryRows<Record<string, string>>(
      db(),
      sql`select (select count(*) from crm_customer_project_deal_record where kind = 1)::text as deals,
        (select sum(deal_value) from crm_customer_project_deal_record where kind = 1)::text as sold,
        (select sum(sessions_left) from crm_customer_project_deal_record where kind = 1)::text as left,
        (select count(*) from clinic_treatment where status = 1)::text as treatments,
        (select sum(value) from clinic_treatment where status = 1)::text as treated,
        (select count(*) from clinic_refund where status = 3)::text as refunds,
        (select sum(amount) from clinic_refund where status = 3)::text as refunded`,
    );
    const got = await kinds();
    expect(got.map((k) => k.kind)).toEqual([1, 2, 3]);
    expect(String(got[0]!.n)).toBe(rows!.deals);
    expect(got[0]!.value).toBe(rows!.sold);
    expect(got[0]!.left).toBe(rows!.left);
    expect(String(got[1]!.n)).toBe(rows!.treatments);
    expect(got[1]!.value).toBe(rows!.treated);
    expect(String(got[2]!.n)).toBe(rows!.refunds);
    expect(got[2]!.value).toBe(rows!.refunded);
    expect(await dealDayDifferences(db())).toEqual([]);
  });

  it("follows hand edits: a deal's shop, department and project move its 划扣 and refunds; moved days; deletes", async () => {
    const deal = { deal_id: await boughtUsedRefunded() };
    // A shop id of its own (the deal's shop has no foreign key): the split lists it alone.
    const store = { id: 990001 };
    const edits = [
      sql`update crm_customer_project_deal_record set store_id = ${store!.id}, dept_id = null,
        project_id = ${project['激光脱毛（腋下）']} where deal_id = ${deal!.deal_id}`,
      sql`update clinic_treatment set create_time = create_time - interval '40 days' where deal_id = ${deal!.deal_id}`,
      sql`update clinic_refund set update_time = update_time - interval '3 days' where deal_id = ${deal!.deal_id}`,
      // A repair is no sale: out of the summary, and back.
      sql`update crm_customer_project_deal_record set kind = 2, original_deal_id = deal_id where deal_id = ${deal!.deal_id}`,
      sql`update crm_customer_project_deal_record set kind = 1, original_deal_id = null where deal_id = ${deal!.deal_id}`,
      sql`delete from clinic_treatment_staff where treatment_id in (select treatment_id from clinic_treatment
        where deal_id = ${deal!.deal_id} and status = 2)`,
    ];
    for (const edit of edits) {
      await db().execute(edit);
      expect(await dealDayDifferences(db())).toEqual([]);
    }
    // Several statements in one transaction fold once at its commit.
    await db().transaction(async (tx) => {
      await tx.execute(sql`update clinic_treatment set dept_id = null where deal_id = ${deal!.deal_id}`);
      await tx.execute(
        sql`update crm_customer_project_deal_record set store_id = null where deal_id = ${deal!.deal_id}`,
      );
      await tx.execute(sql`update clinic_refund set status = 4 where deal_id = ${deal!.deal_id}`);
    });
    expect(await dealDayDifferences(db())).toEqual([]);
    const [left] = await queryRows<{ changes: number; pending: number; empty: number }>(
      db(),
      sql`select (select count(*)::int from clinic_deal_day_change) as changes,
        (select count(*)::int from clinic_deal_day_pending) as pending,
        (select count(*)::int from clinic_deal_day where row_count = 0) as empty`,
    );
    expect(left).toEqual({ changes: 0, pending: 0, empty: 0 });
  });

  it('gives the figures the rows give, by day, project and department × shop, for everyone only', async () => {
    await boughtUsedRefunded();
    const period: Period = { start: '2000-01-01', end: '2099-12-31', unit: 'custom' };
    // (成交项目数 reads h-money's deal hours, money-summary.test.ts.)
    const keys = [
      'sessionsSold',
      'salesMoney',
      'sessionsLeft',
      'treatmentCount',
      'sessionsUsed',
      'treatmentValue',
      'refundPaid',
      'sessionsRefunded',
    ] as const;
    const project = (await sources.salesMoney.categories!.clinicProject!(db(), period))!;
    const deptShop = (await sources.salesMoney.categories!.clinicDeptShop!(db(), period))!;
    const groupings: Grouping[] = [
      { by: 'none' },
      { by: 'bucket', unit: 'day' },
      { by: 'category', category: project, key: 'clinicProject' },
      { by: 'category', category: deptShop, key: 'clinicDeptShop' },
    ];
    const requests = keys.flatMap((k) => groupings.map((g) => ({ q: { source: sources[k], period, users: null }, g })));
    // Every request reads the summary; the same sources without it read the rows.
    expect(requests.every(({ q, g }) => figureSource(q, g).source === q.source.summary)).toBe(true);
    const summed = await measureFigures(db(), requests);
    const detail = await measureFigures(
      db(),
      requests.map(({ q, g }) => ({ q: { ...q, source: { ...q.source, summary: undefined } }, g })),
    );
    const plain = (ms: Map<string, Figure>[]) =>
      ms.map((m) => Object.fromEntries([...m].map(([k, f]) => [k, f.value])));
    expect(plain(summed)).toEqual(plain(detail));
    expect(plain(summed)[keys.indexOf('refundPaid') * groupings.length]!['']).toBeGreaterThan(0);
    // A scope of users, an owner split or another company zone read the rows.
    const q = requests[0]!.q;
    expect(figureSource({ ...q, users: sql`select ${uid.sunli}::int` }, { by: 'none' }).source).toBe(q.source);
    expect(figureSource(q, { by: 'owner' }).source).toBe(q.source);
    setCompanyTimeZone('UTC');
    try {
      expect(figureSource(q, { by: 'none' }).source).toBe(q.source);
    } finally {
      setCompanyTimeZone(dealDayZone);
    }
    expect(figureSource(q, { by: 'none' }).source).toBe(q.source.summary);
  });

  it('the rebuild repairs a summary written around the triggers', async () => {
    const before = await queryRows(db(), sql`select * from clinic_deal_day order by 1, 2, 3, 4, 5`);
    await db().execute(sql`update clinic_deal_day set value = value + 1`);
    expect((await dealDayDifferences(db())).length).toBeGreaterThan(0);
    await db().transaction((tx) => rebuildDealDays(tx));
    expect(await dealDayDifferences(db())).toEqual([]);
    expect(await queryRows(db(), sql`select * from clinic_deal_day order by 1, 2, 3, 4, 5`)).toEqual(before);
  });
});
