/**
 * What the customers' summary triggers (migration 0088) cost a write, on the database given:
 *   DATABASE_URL=… npx tsx bench/customer-summary-writes.ts [rows=10000]
 * An import stores each row in its own transaction (crm/records/excel/import.ts), so this inserts
 * that many customers one transaction each, then moves them all to another owner in one statement,
 * first with the triggers (noted per statement, folded per commit), then with them disabled
 * (ALTER TABLE … DISABLE TRIGGER: on a database of one's own only). The rows are removed with
 * `session_replication_role = replica` (no foreign-key checks: at full size a delete checks ~20
 * referencing tables, minutes for 10,000 new customers nothing references, and no summary
 * trigger), so the summaries are rebuilt at the end (`CHECK=1` then compares them with the rows).
 */
import { sql } from 'drizzle-orm';
import { customerSummaryDifferences, rebuildCustomerSummaries } from '../packages/server/src/bi/summary/rebuild.ts';
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

/** The bench's customers gone, without foreign-key checks nor summary triggers (rebuilt at the end). */
async function remove(tag: string) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`delete from crm_customer where batch_id like ${`${tag}-%`}`);
  });
}

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
  await remove(tag);
  console.log(
    `${label}: ${rows} inserts (one transaction each) ${insert.toFixed(0)} ms (${(insert / rows).toFixed(2)} ms/row), ` +
      `transfer of all in one statement ${transfer.toFixed(0)} ms`,
  );
}

await remove('bench-csw');
await run('with the summary triggers');
for (const t of triggers) await db.execute(sql.raw(`alter table crm_customer disable trigger ${t}`));
try {
  await run('without them');
} finally {
  for (const t of triggers) await db.execute(sql.raw(`alter table crm_customer enable trigger ${t}`));
}
const started = performance.now();
await db.transaction((tx) => rebuildCustomerSummaries(tx));
console.log(`rebuild of the summaries: ${(performance.now() - started).toFixed(0)} ms`);
if (process.env.CHECK) console.log('differences:', (await customerSummaryDifferences(db)).length);
await database.close?.();
process.exit(0);
