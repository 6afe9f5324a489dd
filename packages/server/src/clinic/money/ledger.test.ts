import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import type { Db } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { readAccount } from './account.ts';
import { ledgerAgrees } from './agree.ts';
import { postArrears, postBalance, postPerformance } from './ledger.ts';
import { nextOrderNumber } from './numbers.ts';

/**
 * The ledger services on a copy of the demo database (PGlite, and PostgreSQL with
 * scripts/test-postgres.sh, where the parallel cases really race on separate connections).
 * Each case uses its own customer so the sums stay readable; every case ends with ledgerAgrees.
 */
let t: TestApp;
let db: Db;
let customers: number[];
let projectId: number;
let next = 0;
/** A demo customer no other case has touched. */
const freshCustomer = () => customers[next++] as number;
const agrees = async (customerId?: number) =>
  expect(await ledgerAgrees(db, customerId)).toEqual({ ok: true, problems: [] });

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  // Customers of its own for every case (the demo has only a handful).
  customers = (
    await queryRows<{ id: number }>(
      db,
      sql`insert into crm_customer (customer_name, create_user_id, owner_user_id, batch_id)
        select '账户测试' || g, 1, 1, 'money-test-' || g from generate_series(1, 20) g returning customer_id id`,
    )
  ).map((r) => Number(r.id));
  const [p] = await queryRows<{ id: number }>(
    db,
    sql`select project_id id from crm_project order by project_id limit 1`,
  );
  projectId = Number(p?.id);
});
afterAll(() => t?.close());

const credit = (customerId: number, principal: number, gift: number, key: string) =>
  db.transaction((tx) => postBalance(tx, { customerId, principal, gift, cause: 'topUp', key }));

describe('postBalance', () => {
  it('credits and spends with before and after, and keeps the account', async () => {
    const c = freshCustomer();
    expect(await credit(c, 100_000, 10_000, `t1-${c}-a`)).toEqual({
      ledgerId: expect.any(Number),
      principalBefore: 0,
      principalAfter: 100_000,
      giftBefore: 0,
      giftAfter: 10_000,
      repeated: false,
    });
    expect(await credit(c, -30_001, -1, `t1-${c}-b`)).toMatchObject({
      principalBefore: 100_000,
      principalAfter: 69_999,
      giftBefore: 10_000,
      giftAfter: 9_999,
    });
    expect(await readAccount(db, c)).toMatchObject({ principal: 69_999, gift: 9_999 });
    const rows = await queryRows<Record<string, string>>(
      db,
      sql`select principal_delta, gift_delta, principal_after, cause from clinic_balance_ledger where customer_id = ${c} order by ledger_id`,
    );
    expect(rows).toEqual([
      { principal_delta: '1000.00', gift_delta: '100.00', principal_after: '1000.00', cause: 'topUp' },
      { principal_delta: '-300.01', gift_delta: '-0.01', principal_after: '699.99', cause: 'topUp' },
    ]);
    await agrees(c);
  });

  it('refuses a negative balance and writes nothing', async () => {
    const c = freshCustomer();
    await credit(c, 500, 200, `t2-${c}-a`);
    await expect(credit(c, -501, 0, `t2-${c}-b`)).rejects.toMatchObject({ code: 400, message: '本金余额不足' });
    await expect(credit(c, 0, -201, `t2-${c}-c`)).rejects.toMatchObject({ code: 400, message: '赠金余额不足' });
    await expect(credit(freshCustomer(), -1, 0, `t2-${c}-d`)).rejects.toMatchObject({ message: '本金余额不足' });
    expect(await readAccount(db, c)).toMatchObject({ principal: 500, gift: 200 });
    const [n] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int n from clinic_balance_ledger where customer_id = ${c}`,
    );
    expect(n?.n).toBe(1);
    await agrees();
  });

  it('answers a repeated key with the first result and writes nothing', async () => {
    const c = freshCustomer();
    const first = await credit(c, 1_000, 0, `t3-${c}`);
    const again = await credit(c, 1_000, 0, `t3-${c}`);
    expect(again).toEqual({ ...first, repeated: true });
    expect(await readAccount(db, c)).toMatchObject({ principal: 1_000 });
    await expect(credit(c, 2_000, 0, `t3-${c}`)).rejects.toMatchObject({
      code: 409,
      message: '同一幂等键对应的记账内容不一致',
    });
    await agrees(c);
  });

  it('a failing transaction leaves no trace', async () => {
    const c = freshCustomer();
    await expect(
      db.transaction(async (tx) => {
        await postBalance(tx, { customerId: c, principal: 700, gift: 0, cause: 'topUp', key: `t4-${c}` });
        throw new Error('the charge failed later');
      }),
    ).rejects.toThrow('the charge failed later');
    expect(await readAccount(db, c)).toMatchObject({ principal: 0 });
    // The key is free again: the retry really posts.
    expect(await credit(c, 700, 0, `t4-${c}`)).toMatchObject({ repeated: false, principalAfter: 700 });
    await agrees(c);
  });

  it('30 parallel posts with one key write one row', async () => {
    const c = freshCustomer();
    const results = await Promise.all(Array.from({ length: 30 }, () => credit(c, 1_234, 56, `t5-${c}`)));
    expect(results.filter((r) => !r.repeated)).toHaveLength(1);
    expect(new Set(results.map((r) => r.ledgerId)).size).toBe(1);
    expect(await readAccount(db, c)).toMatchObject({ principal: 1_234, gift: 56 });
    await agrees(c);
  });

  it('30 parallel spends racing for the last yuan: one wins, the balance never goes negative', async () => {
    const c = freshCustomer();
    await credit(c, 100, 0, `t6-${c}-in`);
    const outcomes = await Promise.allSettled(Array.from({ length: 30 }, (_, i) => credit(c, -100, 0, `t6-${c}-${i}`)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toMatchObject({ message: '本金余额不足' });
    expect(await readAccount(db, c)).toMatchObject({ principal: 0 });
    await agrees(c);
  });

  it('30 parallel spends of 1 yuan from 10 yuan: exactly ten go through', async () => {
    const c = freshCustomer();
    await credit(c, 1_000, 0, `t7-${c}-in`);
    const outcomes = await Promise.allSettled(Array.from({ length: 30 }, (_, i) => credit(c, -100, 0, `t7-${c}-${i}`)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(10);
    expect(await readAccount(db, c)).toMatchObject({ principal: 0 });
    await agrees(c);
  });
});

/** A deal record written straight to the table (the charge service will create them). */
async function insertDeal(customerId: number, bought: number) {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into crm_customer_project_deal_record (customer_id, project_id, name, sessions_bought, sessions_left, deal_value, create_user_id)
      values (${customerId}, ${projectId}, '光子嫩肤', ${bought}, ${bought}, 1000, 1) returning deal_id id`,
  );
  return Number(row?.id);
}

describe('postArrears', () => {
  it('new, repaid and waived arrears move the customer and the deal', async () => {
    const c = freshCustomer();
    const deal = await insertDeal(c, 3);
    const post = (kind: 1 | 2 | 3, amount: number, key: string) =>
      db.transaction((tx) => postArrears(tx, { customerId: c, kind, amount, dealId: deal, key: `a-${c}-${key}` }));
    expect(await post(1, 50_000, 'new')).toMatchObject({ before: 0, after: 50_000, repeated: false });
    expect(await post(2, -20_000, 'repay')).toMatchObject({ before: 50_000, after: 30_000 });
    expect(await post(2, -20_000, 'repay')).toMatchObject({ before: 50_000, after: 30_000, repeated: true });
    await expect(post(2, -30_001, 'too-much')).rejects.toMatchObject({ code: 400, message: '还款金额超出欠款金额' });
    expect(await post(3, -30_000, 'waive')).toMatchObject({ after: 0 });
    expect(await readAccount(db, c)).toMatchObject({ arrears: 0 });
    const [d] = await queryRows<{ arrears: string }>(
      db,
      sql`select arrears from crm_customer_project_deal_record where deal_id = ${deal}`,
    );
    expect(d?.arrears).toBe('0.00');
    await agrees(c);
  });

  it('refuses a sign that does not match the kind', async () => {
    const c = freshCustomer();
    await expect(
      db.transaction((tx) => postArrears(tx, { customerId: c, kind: 1, amount: -1, key: `a2-${c}` })),
    ).rejects.toThrow(RangeError);
  });
});

describe('postPerformance', () => {
  it('writes each row once per key, negative rows allowed', async () => {
    const c = freshCustomer();
    const rows = [
      {
        kind: 1 as const,
        userId: 1,
        role: 'sales',
        base: 10_000,
        rate: 60,
        amount: 6_000,
        sourceKind: 'order_line',
        sourceId: 1,
      },
      {
        kind: 1 as const,
        userId: 2,
        role: 'sales',
        base: 10_000,
        rate: 40,
        amount: 4_000,
        sourceKind: 'order_line',
        sourceId: 1,
      },
    ].map((r) => ({ ...r, customerId: c, businessDay: '2026-11-26' }));
    expect(await db.transaction((tx) => postPerformance(tx, `line:${c}`, rows))).toBe(2);
    expect(await db.transaction((tx) => postPerformance(tx, `line:${c}`, rows))).toBe(0);
    const undo = rows.map((r) => ({ ...r, base: -r.base, amount: -r.amount, sourceKind: 'refund' }));
    expect(await db.transaction((tx) => postPerformance(tx, `refund:${c}`, undo))).toBe(2);
    const [s] = await queryRows<{ s: string }>(
      db,
      sql`select sum(amount) s from clinic_performance where customer_id = ${c}`,
    );
    expect(s?.s).toBe('0.00');
    await expect(db.transaction((tx) => postPerformance(tx, `dup:${c}`, [rows[0]!, rows[0]!]))).rejects.toThrow(
      RangeError,
    );
  });
});

describe('order numbers', () => {
  it('are the day and a sequence, distinct under concurrency', async () => {
    const numbers = await Promise.all(
      Array.from({ length: 20 }, () => db.transaction((tx) => nextOrderNumber(tx, '2026-11-26'))),
    );
    expect(new Set(numbers).size).toBe(20);
    expect([...numbers].sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => `20261126${String(i + 1).padStart(4, '0')}`),
    );
    expect(await db.transaction((tx) => nextOrderNumber(tx, '2026-11-27'))).toBe('202611270001');
  });
});

describe('the database keeps the invariants', () => {
  it('refuses a deal whose sessions do not add up, or holds more than are left', async () => {
    const c = freshCustomer();
    const deal = await insertDeal(c, 5);
    const refused = (q: ReturnType<typeof sql>) =>
      expect(db.execute(q)).rejects.toMatchObject({ cause: { code: '23514' } });
    await refused(sql`update crm_customer_project_deal_record set sessions_used = 1 where deal_id = ${deal}`);
    await refused(
      sql`update crm_customer_project_deal_record set sessions_used = 6, sessions_left = -1 where deal_id = ${deal}`,
    );
    await refused(sql`update crm_customer_project_deal_record set sessions_held = 6 where deal_id = ${deal}`);
    await refused(sql`update clinic_customer_account set principal = -1 where customer_id = ${customers[0]}`);
  });

  it('ledgerAgrees names what does not add up', async () => {
    const c = freshCustomer();
    await credit(c, 1_000, 0, `t9-${c}`);
    const deal = await insertDeal(c, 2);
    await db.execute(sql`update clinic_customer_account set principal = 9.99 where customer_id = ${c}`);
    await db.execute(
      sql`update crm_customer_project_deal_record set sessions_used = 1, sessions_left = 1 where deal_id = ${deal}`,
    );
    const r = await ledgerAgrees(db, c);
    expect(r.ok).toBe(false);
    expect(r.problems).toEqual([
      `customer ${c}: account principal 9.99 gift 0.00 arrears 0.00, ledgers principal 10.00 gift 0.00 arrears 0`,
      `deal ${deal}: bought 2 used 1 (treatments 0) refunded 0 (refunds 0) converted 0 (conversions 0) left 1 held 0 (pending 0) arrears 0.00 (rows 0)`,
    ]);
    // Put it back so the whole-database check of the other cases stays meaningful.
    await db.execute(sql`update clinic_customer_account set principal = 10 where customer_id = ${c}`);
    await db.execute(
      sql`update crm_customer_project_deal_record set sessions_used = 0, sessions_left = 2 where deal_id = ${deal}`,
    );
    await agrees();
  });
});
