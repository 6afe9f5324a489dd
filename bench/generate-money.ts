/**
 * Generate the clinic's money records for benchmarks, set-based (INSERT … SELECT over
 * generate_series): sale orders of the generated customers (generate-customers.ts), two lines
 * each, one in `unpaidEvery` left 待收费 and the rest charged in full by one method (cash, WeChat,
 * Alipay or card) with their payment, allocations and salespeople; a deal record per charged line
 * (5 sessions; every fourth with 2 used through two 划扣 rows), and the customers' counters
 * (total paid and consumed) recomputed, so `ledgerAgrees` holds on the generated data as on data
 * the services wrote.
 *
 *   npx tsx bench/generate-money.ts                          # PGlite in bench/out/pglite
 *   DATABASE_URL=postgres://... npx tsx bench/generate-money.ts
 *   options: --orders 1000000 --customers 200000 --users 10000 --unpaid-every 50 --reset
 *
 * Deterministic: the same options give the same data.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { queryRows } from '../packages/server/src/core/sql.ts';
import { type Db, openDatabase } from '../packages/server/src/db/client.ts';
import { GEN_CUSTOMER_BATCH, generateCustomers } from './generate-customers.ts';
import { generateOrg } from './generate-org.ts';

/** batch_id prefix of the generated orders, projects and treatments. */
export const GEN_MONEY_BATCH = 'bench-m-';
/** The generated projects are called `<name><n>` (the catalogue searches names). */
const PROJECT_NAMES = ['水光针', '光子嫩肤', '热玛吉', '皮秒', '玻尿酸', '超声刀', '小气泡', '果酸焕肤'];
const PROJECTS = 24;
const METHODS = ['cash', 'wechat', 'alipay', 'card'];

const int = (n: number) => sql.raw(String(Math.trunc(n)));
const textArr = (xs: string[]) => sql.raw(`array[${xs.map((x) => `'${x}'`).join(', ')}]::text[]`);

export async function generateMoney(
  db: Db,
  opts: { orders: number; customers: number; users?: number; unpaidEvery: number; reset: boolean; log?: boolean },
) {
  const say = (s: string) => opts.log !== false && console.log(s);
  const t0 = performance.now();
  await generateOrg(db, { users: opts.users ?? 10000, depts: 200, reset: false });
  await generateCustomers(db, { customers: opts.customers, reset: false, log: opts.log });
  const like = `${GEN_MONEY_BATCH}%`;
  const [gen] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from clinic_order where batch_id like ${like}`,
  );
  if (Number(gen?.n) > 0) {
    if (!opts.reset) {
      say(`orders already generated (${gen?.n}); pass --reset to generate again`);
      return { orders: Number(gen?.n) };
    }
    await db.transaction(async (tx) => {
      const orderIds = sql`(select order_id from clinic_order where batch_id like ${like})`;
      await tx.execute(sql`delete from clinic_treatment where batch_id like ${like}`);
      await tx.execute(sql`delete from crm_customer_project_deal_record where order_id in ${orderIds}`);
      await tx.execute(sql`delete from clinic_allocation where order_id in ${orderIds}`);
      await tx.execute(sql`delete from clinic_payment where order_id in ${orderIds}`);
      await tx.execute(
        sql`delete from clinic_order_line_sales where line_id in (select line_id from clinic_order_line where order_id in ${orderIds})`,
      );
      await tx.execute(sql`delete from clinic_order_line where order_id in ${orderIds}`);
      await tx.execute(sql`delete from clinic_order where batch_id like ${like}`);
    });
    say('removed the previously generated orders');
  }
  const [admin] = await queryRows<{ user_id: number }>(db, sql`select user_id from sys_user where username = 'admin'`);
  const adminId = int(Number(admin!.user_id));
  const n = opts.orders;
  const every = int(Math.max(2, opts.unpaidEvery));
  await db.transaction(async (tx) => {
    // The projects the lines sell (one class), once.
    const [have] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from crm_project where batch_id like ${like}`,
    );
    if (Number(have?.n) === 0) {
      const [cls] = await queryRows<{ id: number }>(
        tx,
        sql`insert into crm_project_class (class_name) values ('基准测试项目') returning class_id as id`,
      );
      await tx.execute(sql`insert into crm_project (class_id, project_name, price, sales_price, min_price, sessions,
          validity_months, batch_id)
        select ${int(cls!.id)}, (${textArr(PROJECT_NAMES)})[1 + i % ${int(PROJECT_NAMES.length)}] || i,
          1000 + i * 100, 800 + i * 100, 500 + i * 50, 5, 12, ${GEN_MONEY_BATCH} || 'p' || i
        from generate_series(1, ${int(PROJECTS)}) i`);
    }
    // Owned customers by number (the pool's are nobody's to sell to), each getting about orders ÷ customers
    // orders, spread by a prime step.
    await tx.execute(sql`create temp table bench_money_customer on commit drop as
      select row_number() over (order by customer_id) as rn, customer_id, owner_user_id as owner
      from crm_customer where batch_id like ${`${GEN_CUSTOMER_BATCH}%`} and owner_user_id is not null`);
    const [cc] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from bench_money_customer`);
    const customers = int(Number(cc!.n));
    await tx.execute(sql`create temp table bench_money_project on commit drop as
      select row_number() over (order by project_id) - 1 as k, project_id, project_name, sales_price
      from crm_project where batch_id like ${like}`);
    // Orders, oldest first, one every 37 seconds back from now; line prices by the order's number.
    await tx.execute(sql`insert into clinic_order (order_number, business_day, customer_id, kind, status, payable,
        received, cashier_user_id, charged_time, create_user_id, batch_id, create_time, update_time)
      select 'BM' || lpad(i::text, 10, '0'), (t at time zone 'Asia/Shanghai')::date, c.customer_id, 1,
        case when i % ${every} = 0 then 2 else 3 end,
        p1.sales_price + p2.sales_price,
        case when i % ${every} = 0 then 0 else p1.sales_price + p2.sales_price end,
        case when i % ${every} = 0 then null else ${adminId} end,
        case when i % ${every} = 0 then null else t + interval '20 minutes' end,
        c.owner, ${GEN_MONEY_BATCH} || i, t, t
      from generate_series(1, ${int(n)}) i
      cross join lateral (select now() - (${int(n)} - i) * interval '37 seconds' as t) x
      join bench_money_customer c on c.rn = 1 + (i::bigint * 7919) % ${customers}
      join bench_money_project p1 on p1.k = i % ${int(PROJECTS)}
      join bench_money_project p2 on p2.k = (i * 7 + 3) % ${int(PROJECTS)}`);
    say(`  orders: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    await tx.execute(sql`insert into clinic_order_line (order_id, sort, item_kind, project_id, name, sessions, price,
        sales_price, deal_price, floor_price, validity_months, create_time)
      select o.order_id, s, 1, p.project_id, p.project_name, 5, p.sales_price + 200, p.sales_price, p.sales_price,
        p.sales_price / 2, 12, o.create_time
      from clinic_order o
      cross join generate_series(1, 2) s
      join bench_money_project p on p.k = case when s = 1 then substr(o.order_number, 3)::int % ${int(PROJECTS)}
        else (substr(o.order_number, 3)::int * 7 + 3) % ${int(PROJECTS)} end
      where o.batch_id like ${like}`);
    await tx.execute(sql`insert into clinic_order_line_sales (line_id, user_id, rate)
      select l.line_id, o.create_user_id, 100
      from clinic_order_line l join clinic_order o using (order_id) where o.batch_id like ${like}`);
    say(`  lines: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    // The charged orders' money: one payment, an allocation per line, a deal per line.
    const method = sql`(${textArr(METHODS)})[1 + substr(o.order_number, 3)::int % ${int(METHODS.length)}]`;
    await tx.execute(sql`insert into clinic_payment (order_id, method, amount, create_time)
      select o.order_id, ${method}, o.payable, o.charged_time
      from clinic_order o where o.batch_id like ${like} and o.status = 3`);
    await tx.execute(sql`insert into clinic_allocation (order_id, line_id, source, amount)
      select o.order_id, l.line_id, ${method}, l.deal_price
      from clinic_order o join clinic_order_line l using (order_id) where o.batch_id like ${like} and o.status = 3`);
    await tx.execute(sql`insert into crm_customer_project_deal_record (customer_id, project_id, order_id, order_line_id,
        name, sessions_bought, sessions_used, sessions_left, expires_on, deal_value, session_value, paid_cash, status,
        create_user_id, create_time, update_time)
      select o.customer_id, l.project_id, o.order_id, l.line_id, l.name, 5, u.used, 5 - u.used,
        o.business_day + 365, l.deal_price, trunc(l.deal_price / 5, 2), l.deal_price,
        case when u.used > 0 then 2 else 1 end, ${adminId}, o.charged_time, o.charged_time
      from clinic_order o join clinic_order_line l using (order_id)
      cross join lateral (select case when l.line_id % 4 = 0 then 2 else 0 end as used) u
      where o.batch_id like ${like} and o.status = 3`);
    say(`  payments, allocations, deals: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    // The planner knows the tables by their statistics before this transaction (a handful of
    // rows): without fresh ones it joins millions of deals to millions of orders in a nested loop.
    await tx.execute(sql`analyze clinic_order, clinic_order_line, crm_customer_project_deal_record`);
    await tx.execute(sql`insert into clinic_treatment (deal_id, customer_id, sessions, value, create_user_id, batch_id,
        create_time)
      select d.deal_id, d.customer_id, 1, d.session_value, ${adminId}, ${GEN_MONEY_BATCH} || 't' || d.deal_id || '-' || k,
        d.create_time + k * interval '7 days'
      from crm_customer_project_deal_record d join clinic_order o using (order_id)
      cross join generate_series(1, 2) k
      where o.batch_id like ${like} and d.sessions_used = 2`);
    say(`  treatments: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    // The counters every ledger explains, from all of each generated customer's rows (a --reset run's
    // earlier customers too).
    await tx.execute(sql`insert into clinic_customer_account (customer_id, total_paid, total_consumed)
      select c.customer_id,
        coalesce((select sum(p.amount) from clinic_payment p join clinic_order o using (order_id)
          where o.customer_id = c.customer_id and o.status in (3, 4, 5) and p.method in ('cash', 'wechat', 'alipay', 'card')), 0),
        coalesce((select sum(t.value) from clinic_treatment t where t.customer_id = c.customer_id and t.status = 1), 0)
      from crm_customer c where c.batch_id like ${`${GEN_CUSTOMER_BATCH}%`}
      on conflict (customer_id) do update set total_paid = excluded.total_paid, total_consumed = excluded.total_consumed`);
  });
  const [counts] = await queryRows<{ orders: number; deals: number; treatments: number }>(
    db,
    sql`select (select count(*)::int from clinic_order where batch_id like ${like}) as orders,
      (select count(*)::int from crm_customer_project_deal_record) as deals,
      (select count(*)::int from clinic_treatment) as treatments`,
  );
  say(
    `generated ${counts!.orders} orders, ${counts!.deals} deal records, ${counts!.treatments} treatments in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  return { orders: counts!.orders };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      orders: { type: 'string', default: '1000000' },
      customers: { type: 'string', default: '200000' },
      users: { type: 'string', default: '10000' },
      'unpaid-every': { type: 'string', default: '50' },
      reset: { type: 'boolean', default: false },
      'data-dir': { type: 'string', default: path.join(import.meta.dirname, 'out/pglite') },
    },
  });
  const database = openDatabase({
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir: path.resolve(values['data-dir']),
  });
  await database.migrate();
  await generateMoney(database.db, {
    orders: Number(values.orders),
    customers: Number(values.customers),
    users: Number(values.users),
    unpaidEvery: Number(values['unpaid-every']),
    reset: values.reset,
  });
  await database.close();
}
