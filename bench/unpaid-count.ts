/**
 * The cashier's unpaid list count (issue 22, h-money22): EXPLAIN ANALYZE of the exact count and
 * of the bounded one `queryUnpaid` now issues (`countAtMost` 1000: at most 1,001 rows read), on
 * generated orders with many left unpaid, and the timings of both.
 *
 *   npx tsx bench/unpaid-count.ts                      # PGlite in bench/out/pglite-unpaid
 *   options: --orders 20000 --customers 2000 --unpaid-every 2
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { queryRows } from '../packages/server/src/core/sql.ts';
import { generateMoney } from './generate-money.ts';
import { databaseLabel, openBenchDatabase } from './list-harness.ts';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '20000' },
    customers: { type: 'string', default: '2000' },
    'unpaid-every': { type: 'string', default: '2' },
    'data-dir': { type: 'string', default: path.join(import.meta.dirname, 'out/pglite-unpaid') },
  },
});
const { database } = await openBenchDatabase(values['data-dir']);
const db = database.db;
await generateMoney(db, {
  orders: Number(values.orders),
  customers: Number(values.customers),
  users: 1000,
  unpaidEvery: Number(values['unpaid-every']),
  reset: false,
});
if (database.kind === 'postgres') await db.execute(sql`vacuum analyze clinic_order, crm_customer`);

// The list's from and where for a viewer who sees every customer (the desk's cashier, scope all).
const from = sql`clinic_order o join crm_customer c on c.customer_id = o.customer_id`;
const where = sql`o.status = 2 and o.kind = 1 and c.owner_user_id is not null`;
const statements = {
  exact: sql`select count(*)::int as n from ${from} where ${where}`,
  bounded: sql`select count(*)::int as n from (select 1 from ${from} where ${where} limit 1001) bounded`,
};
const [unpaid] = await queryRows<{ n: number }>(db, sql`select count(*)::int n from clinic_order where status = 2`);
console.log(`${await databaseLabel(database, '')}: ${unpaid?.n} unpaid orders`);
for (const [name, statement] of Object.entries(statements)) {
  const plan = await queryRows<{ 'QUERY PLAN': string }>(db, sql`explain (analyze, costs off) ${statement}`);
  console.log(`\n## ${name}\n${plan.map((r) => r['QUERY PLAN']).join('\n')}`);
  const times: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    await queryRows(db, statement);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(`${name}: p50 ${times[10]!.toFixed(1)} ms, max ${times[19]!.toFixed(1)} ms`);
}
await database.close();
