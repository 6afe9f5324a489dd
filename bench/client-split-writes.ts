/**
 * What the client splits' triggers (clinic_client_split, h-split) cost a write, on the database given:
 *   DATABASE_URL=… npx tsx bench/client-split-writes.ts [rows=2000]
 * Cash performance rows inserted one transaction each for customers who already bought (as each
 * charge posts its rows), then deleted in one statement; buyers' sex edited one transaction each
 * and put back, another column of theirs edited (most customer writes), then 客户来源 (or the first choice field) of 10,000 buyers rewritten in one
 * statement and put back. First with the triggers, then with them disabled (ALTER TABLE … DISABLE
 * TRIGGER: on a database of one's own only). Every write is undone by its pair in the same mode,
 * so the summary stays exact either way (`CHECK=1` compares it with the rows at the end).
 */
import { sql } from 'drizzle-orm';
import { clientSplitDifferences } from '../packages/server/src/bi/summary/rebuild.ts';
import { queryRows } from '../packages/server/src/core/sql.ts';
import { openDatabase } from '../packages/server/src/db/client.ts';

const rows = Number(process.argv[2] ?? 2000);
const database = openDatabase({ databaseUrl: process.env.DATABASE_URL });
const db = database.db;
const performanceTriggers = ['clinic_client_split_insert', 'clinic_client_split_update', 'clinic_client_split_delete'];
const customerTriggers = ['clinic_client_split_customer'];

const buyers = (
  await queryRows<{ customer_id: number; user_id: number }>(
    db,
    sql`select customer_id, min(user_id)::int as user_id from clinic_performance
      where kind = 1 and amount > 0 and customer_id % 97 = 5 group by 1 order by 1 limit 10000`,
  )
).map((r) => ({ customer: r.customer_id, user: r.user_id }));
const [field] = await queryRows<{ f: string }>(
  db,
  sql`select coalesce((select field_name from crm_field where label = 2 and scope_id = 0 and name = '客户来源'
      and field_name = any(crm_customer_summary_fields()) limit 1), (crm_customer_summary_fields())[1]) as f`,
);

async function run(label: string) {
  const tag = `bench-csw-${Date.now()}`;
  let started = performance.now();
  for (let i = 0; i < rows; i++) {
    const b = buyers[i % buyers.length]!;
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into clinic_performance (kind, user_id, role, base, rate, amount, source_kind, source_id,
          customer_id, business_day, idempotency_key)
        values (1, ${b.user}, 'seller', 500, 100, 500, 'order_line', 0, ${b.customer},
          ${`2026-${String(1 + (i % 11)).padStart(2, '0')}-15`}::date, ${`${tag}-${i}`})`);
    });
  }
  const insert = performance.now() - started;
  started = performance.now();
  await db.execute(sql`delete from clinic_performance where idempotency_key like ${`${tag}-%`}`);
  const remove = performance.now() - started;
  const edited = buyers.slice(0, Math.min(rows, buyers.length));
  started = performance.now();
  for (const b of edited)
    await db.execute(sql`update crm_customer set gender = 3 - gender where customer_id = ${b.customer}`);
  for (const b of edited)
    await db.execute(sql`update crm_customer set gender = 3 - gender where customer_id = ${b.customer}`);
  const sex = performance.now() - started;
  // Edits of another column (the last change's time), as most customer writes are: nothing to recount.
  started = performance.now();
  for (const b of edited)
    await db.execute(sql`update crm_customer set update_time = update_time where customer_id = ${b.customer}`);
  const other = performance.now() - started;
  const ids = sql`(${sql.join(
    buyers.map((b) => sql`${b.customer}`),
    sql`, `,
  )})`;
  const [kept] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from crm_customer where customer_id in ${ids} and jsonb_exists(fields, ${field!.f})`,
  );
  started = performance.now();
  await db.transaction(async (tx) => {
    await tx.execute(sql`create temp table bench_csw_fields on commit drop as
      select customer_id, fields from crm_customer where customer_id in ${ids}`);
    await tx.execute(sql`update crm_customer set fields = jsonb_set(fields, array[${field!.f}], '"基准测试"')
      where customer_id in ${ids}`);
    await tx.execute(sql`update crm_customer c set fields = b.fields from bench_csw_fields b
      where b.customer_id = c.customer_id`);
  });
  const bulk = performance.now() - started;
  console.log(
    `${label}: ${rows} cash rows inserted (one transaction each) ${insert.toFixed(0)} ms ` +
      `(${(insert / rows).toFixed(2)} ms/row), deleted in one statement ${remove.toFixed(0)} ms; ` +
      `${edited.length * 2} sex edits (one each) ${sex.toFixed(0)} ms (${(sex / edited.length / 2).toFixed(2)} ms/edit); ` +
      `${edited.length} other edits ${other.toFixed(0)} ms (${(other / edited.length).toFixed(2)} ms/edit); ` +
      `${buyers.length} buyers' ${field!.f} (${kept!.n} filled) rewritten and put back, one transaction ${bulk.toFixed(0)} ms`,
  );
}

const toggle = async (on: boolean) => {
  for (const t of performanceTriggers)
    await db.execute(sql.raw(`alter table clinic_performance ${on ? 'enable' : 'disable'} trigger ${t}`));
  for (const t of customerTriggers)
    await db.execute(sql.raw(`alter table crm_customer ${on ? 'enable' : 'disable'} trigger ${t}`));
};

await run('with the client split triggers');
await toggle(false);
try {
  await run('without them');
} finally {
  await toggle(true);
}
if (process.env.CHECK === '1') console.log('differences:', (await clientSplitDifferences(db)).length);
await database.close();
