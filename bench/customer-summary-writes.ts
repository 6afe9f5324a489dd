/**
 * What the customers' summary triggers (migration 0088) cost a write, on the database given:
 *   DATABASE_URL=… npx tsx bench/customer-summary-writes.ts [rows=10000]
 * An import stores each row in its own transaction (crm/records/excel/import.ts), so this inserts
 * that many customers one transaction each, then moves them all to another owner in one statement
 * and deletes them in one, first with the triggers (noted per statement, folded per commit), then
 * with them disabled (ALTER TABLE … DISABLE TRIGGER, on a database of one's own only). The
 * summaries are left exact (the disabled run inserts and deletes the same rows) and checked.
 */
import { sql } from 'drizzle-orm';
import { customerSummaryDifferences } from '../packages/server/src/bi/summary/rebuild.ts';
import { queryRows } from '../packages/server/src/core/sql.ts';
import { openDatabase } from '../packages/server/src/db/client.ts';

const rows = Number(process.argv[2] ?? 10000);
const database = openDatabase({ databaseUrl: process.env.DATABASE_URL });
const db = database.db;
const [{ a, b }] = (await queryRows<{ a: number; b: number }>(
  db,
  sql`select min(user_id)::int as a, max(user_id)::int as b from sys_user`,
)) as [{ a: number; b: number }];
const triggers = ['crm_customer_day_insert', 'crm_customer_day_update', 'crm_customer_day_delete'];

async function run(label: string) {
  const tag = `bench-csw-${Date.now()}`;
  let started = performance.now();
  for (let i = 0; i < rows; i++)
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into crm_customer (customer_name, owner_user_id, create_user_id, batch_id, fields)
        values (${`导入${i}`}, ${a}, ${a}, ${`${tag}-${i}`}, ${JSON.stringify({ bench: i % 7 })}::jsonb)`);
    });
  const insert = performance.now() - started;
  started = performance.now();
  await db.execute(sql`update crm_customer set owner_user_id = ${b} where batch_id like ${`${tag}-%`}`);
  const transfer = performance.now() - started;
  started = performance.now();
  await db.execute(sql`delete from crm_customer where batch_id like ${`${tag}-%`}`);
  const remove = performance.now() - started;
  console.log(
    `${label}: ${rows} inserts (one transaction each) ${insert.toFixed(0)} ms (${(insert / rows).toFixed(2)} ms/row), ` +
      `transfer of all ${transfer.toFixed(0)} ms, delete of all ${remove.toFixed(0)} ms`,
  );
}

await run('with the summary triggers');
for (const t of triggers) await db.execute(sql.raw(`alter table crm_customer disable trigger ${t}`));
try {
  await run('without them');
} finally {
  for (const t of triggers) await db.execute(sql.raw(`alter table crm_customer enable trigger ${t}`));
}
if (process.env.CHECK) console.log('differences:', (await customerSummaryDifferences(db)).length);
await database.close?.();
process.exit(0);
