/**
 * `CrmCustomer/queryPageList` on 1,000,000 customers (generated first when missing) against its
 * own SQL, at 1 and 50 connections (issue 7: the server within 1.5× of its raw SQL, p99 under
 * 100 ms on the 2-core machine).
 *
 * Scenarios: scene 全部 sorted by update time (the default), page 1 and page 1000, with and without
 * a search, with a custom-field filter; as the administrator (every customer) and as the
 * salesperson who owns the most. Raw SQL = every statement one call of the endpoint sends
 * (recorded during a real call), replayed through the driver itself. Markdown to stdout, figures to
 * bench/out/customer-list-<db>.json.
 *
 *   npx tsx bench/customer-list.ts                       # PGlite in bench/out/pglite
 *   bash scripts/test-postgres.sh npx tsx bench/customer-list.ts
 *   options: --customers 1000000 --seconds 5 --runs 200 --connections 50 --data-dir <dir>
 */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { BENCH_SOURCES, generateCustomers } from './generate-customers.ts';
import { generateOrg } from './generate-org.ts';
import { adminAndTopSeller, databaseLabel, openBenchDatabase, startBenchServer, writeFigures } from './list-harness.ts';

const { values } = parseArgs({
  options: {
    customers: { type: 'string', default: '1000000' },
    seconds: { type: 'string', default: '5' },
    runs: { type: 'string', default: '200' },
    connections: { type: 'string', default: '50' },
    label: { type: 'string', default: '' },
    'data-dir': { type: 'string', default: path.join(import.meta.dirname, 'out/pglite') },
  },
});
const seconds = Number(values.seconds);
const runs = Number(values.runs);
const connections = Number(values.connections);

const opened = await openBenchDatabase(values['data-dir']);
const { database } = opened;
const db = database.db;
await generateOrg(db, { users: 10000, depts: 200, reset: false });
const { fields } = await generateCustomers(db, { customers: Number(values.customers), reset: false });
// PostgreSQL's autovacuum would do this after the bulk insert; PGlite runs none (tables as written).
if (database.kind === 'postgres')
  await db.execute(sql`vacuum analyze crm_customer, crm_follow_record, crm_team_member`);
const dbLabel = await databaseLabel(database, values.label);
const server = await startBenchServer(opened, seconds);
const { login } = server;

const { adminId, seller } = await adminAndTopSeller(db, 'crm_customer');
const who = { admin: await login(adminId), seller: await login(seller.user_id) };
type Who = keyof typeof who;

type Scenario = { name: string; who: Who; body: Record<string, unknown> };
const bySource = { [fields.source]: { condition: 'is', value: BENCH_SOURCES[1], formType: 'select' } };
const scenarios: Scenario[] = [
  { name: '全部, page 1 (admin)', who: 'admin', body: { sceneId: -1 } },
  { name: '全部, page 1000 (admin)', who: 'admin', body: { sceneId: -1, page: 1000 } },
  { name: '全部, search 王女士1 (admin)', who: 'admin', body: { sceneId: -1, search: '王女士1' } },
  { name: '全部, filter 客户来源 (admin)', who: 'admin', body: { sceneId: -1, data: bySource } },
  { name: '全部, filter + page 1000 (admin)', who: 'admin', body: { sceneId: -1, data: bySource, page: 1000 } },
  { name: `全部, page 1 (top seller, ${seller.n})`, who: 'seller', body: { sceneId: -1 } },
  { name: '全部, search 李 (top seller)', who: 'seller', body: { sceneId: -1, search: '李' } },
  { name: '全部, filter 客户来源 (top seller)', who: 'seller', body: { sceneId: -1, data: bySource } },
];
const url = '/CrmCustomer/queryPageList';

const rows: Record<string, any>[] = [];
try {
  console.log(`\n${dbLabel}: ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}\n`);
  for (const s of scenarios) {
    const token = who[s.who].token;
    const { answer, statements } = await server.recordCall(url, s.body, token);
    const raw = await server.measureRaw(statements, connections, runs);
    const h1 = await server.measureHttp(url, s.body, token, 1);
    const hN = await server.measureHttp(url, s.body, token, connections);
    rows.push({
      scenario: s.name,
      totalRow: answer.data.totalRow,
      statements: statements.length,
      raw,
      http1: h1,
      httpN: hN,
    });
    console.log(
      `  ${s.name}: raw p50 ${raw.one.p50.toFixed(1)} ms, endpoint p50 ${h1.p50} ms, p99 at ${connections} ${hN.p99} ms`,
    );
  }
} finally {
  await server.close();
}

const f = (n: number, d = 1) => n.toFixed(d);
console.log(
  [
    '',
    `| ${dbLabel} | rows | raw p50 / p99 ms (1) | endpoint p50 / p99 ms (1) | × at 1 | raw p50 / p99 ms (${connections}) | endpoint p50 / p99 ms (${connections}) | raw q/s | endpoint req/s | × at ${connections} |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.scenario} | ${r.totalRow} | ${f(r.raw.one.p50)} / ${f(r.raw.one.p99)} | ${f(r.http1.p50)} / ${f(r.http1.p99)} | ${f(r.http1.p50 / r.raw.one.p50)} | ${f(r.raw.many.p50)} / ${f(r.raw.many.p99)} | ${f(r.httpN.p50)} / ${f(r.httpN.p99)} | ${f(r.raw.many.perSec, 0)} | ${f(r.httpN.perSec, 0)} | ${f(r.raw.many.perSec / r.httpN.perSec)} |`,
    ),
    '',
  ].join('\n'),
);
writeFigures(`customer-list-${database.kind}`, {
  db: dbLabel,
  date: new Date().toISOString(),
  load: os.loadavg(),
  rows,
});
