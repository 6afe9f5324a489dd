/**
 * Generate the statistics' data at the scale of issue 24 (set-based, INSERT … SELECT over
 * generate_series; deterministic): 200 users in the generated organisation, 1,000,000 customers,
 * 2,000,000 sale orders (two lines each; a deal record per charged line, 划扣 on every fourth),
 * 5,000,000 customer follow-ups, contracts with receivables, and the performance rows the clinic
 * pages read (现金业绩 per charged line for its salesperson on the order's day, 消耗业绩 per 划扣).
 * Reuses the other generators (org, customers, money, contracts); each step is skipped when its
 * rows exist (`--reset` regenerates the orders and customers).
 *
 *   npx tsx bench/generate-bi.ts                                  # full size, PGlite in bench/out/pglite-bi
 *   SMALL=1 npx tsx bench/generate-bi.ts                          # 1/100 of it (10,000 customers …)
 *   DATABASE_URL=postgres://... npx tsx bench/generate-bi.ts      # a PostgreSQL database
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { queryRows } from '../packages/server/src/core/sql.ts';
import { type Db, openDatabase } from '../packages/server/src/db/client.ts';
import { ensureSystemData } from '../packages/server/src/db/system-data.ts';
import { generateContracts } from './generate-contracts.ts';
import { GEN_CUSTOMER_BATCH, generateCustomers } from './generate-customers.ts';
import { GEN_MONEY_BATCH, generateMoney } from './generate-money.ts';
import { generateOrg } from './generate-org.ts';

/** The issue's scale, or 1/100 of it with SMALL=1 (the users stay 200). */
export const biScale = (small: boolean) => {
  const f = small ? 0.01 : 1;
  return {
    users: 200,
    customers: 1_000_000 * f,
    orders: 2_000_000 * f,
    followUps: 5_000_000 * f,
    contracts: 200_000 * f,
  };
};
export type BiScale = ReturnType<typeof biScale>;

const int = (n: number) => sql.raw(String(Math.trunc(n)));

export async function generateBi(db: Db, scale: BiScale, opts: { reset: boolean; log?: boolean }) {
  const say = (s: string) => opts.log !== false && console.log(s);
  const t0 = performance.now();
  const took = () => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
  // The system data first (approval flows the living demo's contracts go through), then 200 users
  // in 20 departments: the owners of everything below.
  await ensureSystemData(db);
  await generateOrg(db, { users: scale.users, depts: 20, reset: false, log: opts.log });
  await generateCustomers(db, { customers: scale.customers, reset: opts.reset, log: opts.log });
  await generateMoney(db, {
    orders: scale.orders,
    customers: scale.customers,
    users: scale.users,
    unpaidEvery: 50,
    reset: opts.reset,
    log: opts.log,
  });
  await generateContracts(db, { contracts: scale.contracts, customers: scale.customers, reset: false, log: opts.log });
  say(`  org, customers, orders, contracts: ${took()}`);

  const like = `${GEN_MONEY_BATCH}%`;
  const [perf] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from clinic_performance where idempotency_key like 'bench-bi:%'`,
  );
  await db.execute(sql`analyze`);
  if (Number(perf?.n) === 0 || opts.reset)
    await db.transaction(async (tx) => {
      await tx.execute(sql`delete from clinic_performance where idempotency_key like 'bench-bi:%'`);
      // 现金业绩: each charged line's price for its salesperson, on the order's day, in their department.
      await tx.execute(sql`insert into clinic_performance (kind, user_id, role, base, rate, amount, source_kind,
          source_id, customer_id, dept_id, business_day, idempotency_key, create_time)
        select 1, s.user_id, 'sales', l.deal_price, 100, l.deal_price, 'order_line', l.line_id, o.customer_id,
          u.dept_id, o.business_day, 'bench-bi:c:' || l.line_id, o.charged_time
        from clinic_order o join clinic_order_line l using (order_id)
        join clinic_order_line_sales s on s.line_id = l.line_id
        join sys_user u on u.user_id = s.user_id
        where o.batch_id like ${like} and o.status = 3`);
      // 消耗业绩: each 划扣's value for the customer's owner (the generator names no treating staff).
      await tx.execute(sql`insert into clinic_performance (kind, user_id, role, base, rate, amount, source_kind,
          source_id, customer_id, dept_id, business_day, idempotency_key, create_time)
        select 2, c.owner_user_id, 'doctor', t.value, 100, t.value, 'treatment', t.treatment_id, t.customer_id,
          u.dept_id, (t.create_time at time zone 'Asia/Shanghai')::date, 'bench-bi:t:' || t.treatment_id, t.create_time
        from clinic_treatment t join crm_customer c on c.customer_id = t.customer_id
        join sys_user u on u.user_id = c.owner_user_id
        where t.batch_id like ${like}`);
    });
  say(`  performance rows: ${took()}`);

  // Follow-ups up to the scale: generate-customers writes one for every second customer; the rest
  // spread over two years by the customer's owner.
  const [fu] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from crm_follow_record where label = 2`,
  );
  const missing = scale.followUps - Number(fu?.n ?? 0);
  if (missing > 0) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`create temp table bench_bi_customer on commit drop as
        select row_number() over (order by customer_id) as rn, customer_id, coalesce(owner_user_id, create_user_id) as owner
        from crm_customer where batch_id like ${`${GEN_CUSTOMER_BATCH}%`}`);
      const [cc] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from bench_bi_customer`);
      await tx.execute(sql`insert into crm_follow_record (label, record_id, category, content, create_user_id, create_time)
        select 2, c.customer_id, (array['打电话','发短信','上门拜访','微信沟通'])[1 + i % 4], '回访：了解项目效果', c.owner,
          now() - (i % 730) * interval '1 day' - (i % 86400) * interval '1 second'
        from generate_series(1, ${int(missing)}) i
        join bench_bi_customer c on c.rn = 1 + (i::bigint * 7919) % ${int(Number(cc!.n))}`);
    });
  }
  await db.execute(sql`analyze`);
  const [counts] = await queryRows<Record<string, number>>(
    db,
    sql`select (select count(*)::int from sys_user) as users, (select count(*)::int from crm_customer) as customers,
      (select count(*)::int from clinic_order) as orders,
      (select count(*)::int from crm_customer_project_deal_record) as deals,
      (select count(*)::int from crm_follow_record) as "followUps",
      (select count(*)::int from crm_contract) as contracts,
      (select count(*)::int from clinic_performance) as performance`,
  );
  say(`generated in ${took()}: ${JSON.stringify(counts)}`);
  return counts!;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      reset: { type: 'boolean', default: false },
      'data-dir': { type: 'string', default: path.join(import.meta.dirname, 'out/pglite-bi') },
    },
  });
  const database = openDatabase({
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir: path.resolve(values['data-dir']),
  });
  await database.migrate();
  await generateBi(database.db, biScale(process.env.SMALL === '1'), { reset: values.reset });
  await database.close();
}
