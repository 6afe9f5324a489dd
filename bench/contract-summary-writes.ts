/**
 * What the contract and receivable summary triggers (migrations 0089 and 0092) cost a write, on the
 * database given:
 *   DATABASE_URL=… npx tsx bench/contract-summary-writes.ts [rows=2000]
 * Inserts that many approved contracts one transaction each (as an import or the approval does),
 * moves them all to another owner in one statement (a transfer), then one approved receivable per
 * contract one transaction each and their transfer in one statement: first with the summary
 * triggers, then with them disabled (ALTER TABLE … DISABLE TRIGGER: on a database of one's own
 * only). The rows are removed with `session_replication_role = replica` (no foreign-key checks, no
 * summary trigger), so the summaries are rebuilt at the end (`CHECK=1` then compares them with the
 * rows). Runs before 0092 too (the receivables' triggers and rebuild are then absent).
 */
import { sql } from 'drizzle-orm';
import { contractDayDifferences } from '../packages/server/src/bi/summary/rebuild.ts';
import { queryRows } from '../packages/server/src/core/sql.ts';
import { openDatabase } from '../packages/server/src/db/client.ts';

const rows = Number(process.argv[2] ?? 2000);
const database = openDatabase({ databaseUrl: process.env.DATABASE_URL });
const db = database.db;
const [{ a, b, customer }] = (await queryRows<{ a: number; b: number; customer: number }>(
  db,
  sql`select min(user_id)::int as a, max(user_id)::int as b, (select min(customer_id) from crm_customer)::int as customer
    from sys_user`,
)) as [{ a: number; b: number; customer: number }];
const present = async (name: string) =>
  (await queryRows(db, sql`select 1 from pg_trigger where tgname = ${name}`)).length > 0;
const triggers: [string, string][] = [];
for (const [table, prefix] of [
  ['crm_contract', 'crm_contract_day'],
  ['crm_receivables', 'crm_receivables_day'],
] as const)
  for (const op of ['insert', 'update', 'delete'])
    if (await present(`${prefix}_${op}`)) triggers.push([table, `${prefix}_${op}`]);

/** The bench's rows gone, without foreign-key checks nor summary triggers (rebuilt at the end). */
async function remove(tag: string) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`delete from crm_receivables where batch_id like ${`${tag}-%`}`);
    await tx.execute(sql`delete from crm_contract where batch_id like ${`${tag}-%`}`);
  });
}

async function run(label: string) {
  const tag = `bench-ksw-${Date.now()}`;
  const ids: number[] = [];
  let started = performance.now();
  for (let i = 0; i < rows; i++)
    await db.transaction(async (tx) => {
      const [k] = await queryRows<{ id: number }>(
        tx,
        sql`insert into crm_contract (name, customer_id, owner_user_id, create_user_id, batch_id, order_date, money, check_status)
          values (${`写入${i}`}, ${customer}, ${a}, ${a}, ${`${tag}-${i}`}, date '2026-01-01' + ${i % 300}::int, ${100 + i}, 1)
          returning contract_id as id`,
      );
      ids.push(Number(k!.id));
    });
  const contracts = performance.now() - started;
  started = performance.now();
  await db.execute(sql`update crm_contract set owner_user_id = ${b} where batch_id like ${`${tag}-%`}`);
  const contractMove = performance.now() - started;
  started = performance.now();
  for (const [i, id] of ids.entries())
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into crm_receivables (customer_id, contract_id, owner_user_id, create_user_id, batch_id,
          return_time, money, check_status)
        values (${customer}, ${id}, ${a}, ${a}, ${`${tag}-r${i}`}, date '2026-01-01' + ${i % 300}::int, ${50 + i}, 1)`);
    });
  const receivables = performance.now() - started;
  started = performance.now();
  await db.execute(sql`update crm_receivables set owner_user_id = ${b} where batch_id like ${`${tag}-%`}`);
  const receivablesMove = performance.now() - started;
  await remove(tag);
  const per = (ms: number) => `${ms.toFixed(0)} ms (${(ms / rows).toFixed(2)} ms/row)`;
  console.log(
    `${label}: ${rows} contracts (one transaction each) ${per(contracts)}, their transfer in one statement ` +
      `${contractMove.toFixed(0)} ms; ${rows} receivables ${per(receivables)}, their transfer ${receivablesMove.toFixed(0)} ms`,
  );
}

await remove('bench-ksw');
await run(`with the summary triggers (${triggers.map(([, t]) => t).join(', ')})`);
for (const [table, t] of triggers) await db.execute(sql.raw(`alter table ${table} disable trigger ${t}`));
try {
  await run('without them');
} finally {
  for (const [table, t] of triggers) await db.execute(sql.raw(`alter table ${table} enable trigger ${t}`));
}
const started = performance.now();
await db.transaction(async (tx) => {
  await tx.execute(sql`select crm_contract_day_rebuild()`);
  if ((await queryRows(tx, sql`select 1 from pg_proc where proname = 'crm_receivables_day_rebuild'`)).length)
    await tx.execute(sql`select crm_receivables_day_rebuild()`);
});
console.log(`rebuild of the summaries: ${(performance.now() - started).toFixed(0)} ms`);
if (process.env.CHECK) console.log('differences:', (await contractDayDifferences(db)).length);
await database.close?.();
process.exit(0);
