/**
 * Generate contracts with product lines for benchmarks, set-based (INSERT … SELECT over
 * generate_series): each of the generated customers' (generate-customers.ts) contracts owned by
 * the customer's owner (pool customers' by the administrator), review states spread over 通过,
 * 待审核, 审核中, 草稿 and 拒绝, two product lines and the whole-order figures per contract (as
 * `saveProductLines` stores them), and an approved receivable for every fourth contract (the
 * list's received-money columns read them).
 *
 *   npx tsx bench/generate-contracts.ts                          # PGlite in bench/out/pglite
 *   DATABASE_URL=postgres://... npx tsx bench/generate-contracts.ts
 *   options: --contracts 200000 --customers 50000 --reset
 *
 * Deterministic: the same options give the same data.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ModuleCode } from '@crm/shared';
import { pinyinSearchKey } from '@crm/shared/pinyin';
import { sql } from 'drizzle-orm';
import { queryRows } from '../packages/server/src/core/sql.ts';
import { type Db, openDatabase } from '../packages/server/src/db/client.ts';
import { GEN_CUSTOMER_BATCH, generateCustomers } from './generate-customers.ts';
import { generateOrg } from './generate-org.ts';

/** batch_id prefix of the generated contracts, products and receivables. */
export const GEN_CONTRACT_BATCH = 'bench-k-';
/** What the generated contracts are called: `<project>合同<i>` (the list searches the name). */
export const BENCH_PROJECTS = ['水光疗程', '热玛吉', '光子嫩肤', '年度护理', '玻尿酸填充', '皮秒祛斑'];
const PRODUCTS = 40;

const textArr = (xs: string[]) => sql.raw(`array[${xs.map((x) => `'${x.replaceAll("'", "''")}'`).join(', ')}]::text[]`);
const int = (n: number) => sql.raw(String(Math.trunc(n)));

export async function generateContracts(
  db: Db,
  opts: { contracts: number; customers: number; reset: boolean; log?: boolean },
) {
  const say = (s: string) => opts.log !== false && console.log(s);
  const t0 = performance.now();
  await generateOrg(db, { users: 10000, depts: 200, reset: false });
  await generateCustomers(db, { customers: opts.customers, reset: false, log: opts.log });
  const like = `${GEN_CONTRACT_BATCH}%`;
  const [gen] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from crm_contract where batch_id like ${like}`,
  );
  if (Number(gen?.n) > 0) {
    if (!opts.reset) {
      say(`contracts already generated (${gen?.n}); pass --reset to generate again`);
      return { contracts: Number(gen?.n) };
    }
    await db.transaction(async (tx) => {
      const ids = sql`(select contract_id from crm_contract where batch_id like ${like})`;
      await tx.execute(sql`delete from crm_receivables where batch_id like ${like}`);
      await tx.execute(sql`delete from crm_product_line where label = ${ModuleCode.contract} and record_id in ${ids}`);
      await tx.execute(sql`delete from crm_product_total where label = ${ModuleCode.contract} and record_id in ${ids}`);
      await tx.execute(sql`delete from crm_contract where batch_id like ${like}`);
    });
    say('removed the previously generated contracts');
  }
  const [admin] = await queryRows<{ user_id: number }>(db, sql`select user_id from sys_user where username = 'admin'`);
  const adminId = int(Number(admin!.user_id));
  const keys = BENCH_PROJECTS.map((p) => pinyinSearchKey(`${p}合同`).split(' '));
  const n = opts.contracts;
  const label = int(ModuleCode.contract);
  await db.transaction(async (tx) => {
    // Products for the lines (one category), once.
    const [have] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from crm_product where batch_id like ${like}`,
    );
    if (Number(have?.n) === 0) {
      const [cat] = await queryRows<{ id: number }>(
        tx,
        sql`insert into crm_product_category (name) values ('基准测试') returning category_id as id`,
      );
      await tx.execute(sql`insert into crm_product (name, category_id, unit, price, owner_user_id, create_user_id, batch_id)
        select '项目' || i, ${int(cat!.id)}, '次', 500 + i * 100, ${adminId}, ${adminId}, ${GEN_CONTRACT_BATCH} || 'p' || i
        from generate_series(1, ${int(PRODUCTS)}) i`);
    }
    await tx.execute(sql`create temporary table gen_customer on commit drop as
      select row_number() over (order by customer_id) as k, customer_id, coalesce(owner_user_id, ${adminId}) as owner
      from crm_customer where batch_id like ${`${GEN_CUSTOMER_BATCH}%`}`);
    await tx.execute(sql`create temporary table gen_product on commit drop as
      select row_number() over (order by product_id) as k, product_id, price from crm_product where batch_id like ${like}`);
    const [cs] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from gen_customer`);
    const customers = int(Number(cs!.n));
    const project = sql`1 + (i % ${int(BENCH_PROJECTS.length)})`;
    // Two lines per contract: product a (2 × at a tenth off) and product b (1 × at list price).
    const a = sql`1 + (i % ${int(PRODUCTS)})`;
    const b = sql`1 + ((i * 7 + 3) % ${int(PRODUCTS)})`;
    await tx.execute(sql`create temporary table gen_contract on commit drop as
      select i, c.customer_id, c.owner, pa.product_id as pa, pa.price as price_a, pb.product_id as pb, pb.price as price_b,
        round(pa.price * 0.9, 2) * 2 + pb.price as money
      from generate_series(1, ${int(n)}) i
      join gen_customer c on c.k = 1 + (i % ${customers})
      join gen_product pa on pa.k = ${a}
      join gen_product pb on pb.k = ${b}`);
    await tx.execute(sql`insert into crm_contract (num, name, search_key, customer_id, money, order_date, start_time, end_time,
        check_status, owner_user_id, create_user_id, batch_id, create_time, update_time)
      select 'BHT-' || lpad(i::text, 7, '0'),
        (${textArr(BENCH_PROJECTS)})[${project}] || '合同' || i,
        (${textArr(keys.map((k) => k[0]!))})[${project}] || i || ' ' || (${textArr(keys.map((k) => k[1] ?? k[0]!))})[${project}] || i,
        customer_id, money,
        (current_date - (i % 700))::date, (current_date - (i % 700))::date, (current_date - (i % 700) + 365)::date,
        (array[1, 1, 1, 0, 3, 5, 2])[1 + i % 7],
        owner, owner, ${GEN_CONTRACT_BATCH} || i,
        now() - (i % 700) * interval '1 day' - (i % 86400) * interval '1 second',
        now() - (i % 365) * interval '1 day' - (i % 86400) * interval '1 second'
      from gen_contract`);
    const joined = sql`gen_contract g join crm_contract k on k.batch_id = ${GEN_CONTRACT_BATCH} || g.i`;
    await tx.execute(sql`insert into crm_product_line (label, record_id, product_id, price, sales_price, num, discount, subtotal, sort)
      select ${label}, k.contract_id, g.pa, g.price_a, round(g.price_a * 0.9, 2), 2, 10, round(g.price_a * 0.9, 2) * 2, 0 from ${joined}
      union all
      select ${label}, k.contract_id, g.pb, g.price_b, g.price_b, 1, 0, g.price_b, 1 from ${joined}`);
    await tx.execute(sql`insert into crm_product_total (label, record_id, total_price, discount_rate)
      select ${label}, k.contract_id, g.money, 0 from ${joined}`);
    await tx.execute(sql`insert into crm_receivables (number, customer_id, contract_id, return_time, money, check_status,
        owner_user_id, create_user_id, batch_id)
      select 'BHK-' || lpad(g.i::text, 7, '0'), k.customer_id, k.contract_id, k.start_time + 30, round(k.money / 2, 2), 1,
        k.owner_user_id, k.owner_user_id, k.batch_id
      from ${joined} where g.i % 4 = 0 and k.check_status = 1`);
  });
  const [count] = await queryRows<{ n: number; lines: number }>(
    db,
    sql`select count(*)::int as n,
          (select count(*)::int from crm_product_line where label = ${label}) as lines
        from crm_contract where batch_id like ${like}`,
  );
  say(
    `generated ${count?.n} contracts with ${count?.lines} product lines in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  return { contracts: Number(count?.n) };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      contracts: { type: 'string', default: '200000' },
      customers: { type: 'string', default: '50000' },
      reset: { type: 'boolean', default: false },
      'data-dir': { type: 'string', default: path.join(import.meta.dirname, 'out/pglite') },
    },
  });
  const database = openDatabase({
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir: path.resolve(values['data-dir']),
  });
  await database.migrate();
  await generateContracts(database.db, {
    contracts: Number(values.contracts),
    customers: Number(values.customers),
    reset: values.reset,
  });
  await database.close();
}
