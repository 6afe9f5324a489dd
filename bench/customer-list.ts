/**
 * `CrmCustomer/queryPageList` on 1,000,000 customers (generated first when missing) against its
 * own SQL, at 1 and 50 connections (issue 7: the server within 1.5× of its raw SQL, p99 under
 * 100 ms on the 2-core machine).
 *
 * Scenarios: scene 全部 sorted by update time (the default), page 1 and page 1000, with and without
 * a search, with a custom-field filter; as the administrator (every customer) and as the
 * salesperson who owns the most. Raw SQL = the exact statements the list function sends
 * (captured by a stand-in database), run through the same driver. Markdown to stdout, figures to
 * bench/out/customer-list-<db>.json.
 *
 *   npx tsx bench/customer-list.ts                       # PGlite in bench/out/pglite
 *   bash scripts/test-postgres.sh npx tsx bench/customer-list.ts
 *   options: --customers 1000000 --seconds 5 --runs 200 --connections 50 --data-dir <dir>
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ModuleCode, recordListSchema } from '@crm/shared';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { buildApp } from '../packages/server/src/app.ts';
import { resolveSession } from '../packages/server/src/auth/session.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { queryRows } from '../packages/server/src/core/sql.ts';
import { customerServerKind } from '../packages/server/src/crm/customer/kind.ts';
import { recordPage } from '../packages/server/src/crm/records/list.ts';
import { type Db, openDatabase } from '../packages/server/src/db/client.ts';
import { DEMO_PASSWORD } from '../packages/server/src/db/seed.ts';
import { ensureSystemData } from '../packages/server/src/db/system-data.ts';
import { customFieldsOf } from '../packages/server/src/fields/store.ts';
import { localDiskStorage } from '../packages/server/src/files/storage.ts';
import { capturedStatements, percentile } from './capture.ts';
import { BENCH_SOURCES, generateCustomers } from './generate-customers.ts';
import { generateOrg } from './generate-org.ts';

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

const databaseUrl = process.env.DATABASE_URL || undefined;
const database = openDatabase({ databaseUrl, dataDir: path.resolve(values['data-dir']) });
await database.migrate();
const db = database.db;
await ensureSystemData(db);
await generateOrg(db, { users: 10000, depts: 200, reset: false });
const { fields } = await generateCustomers(db, { customers: Number(values.customers), reset: false });
// PostgreSQL's autovacuum would do this after the bulk insert; PGlite runs none (tables as written).
if (database.kind === 'postgres')
  await db.execute(sql`vacuum analyze crm_customer, crm_follow_record, crm_team_member`);
const [version] = await queryRows<{ v: string }>(db, sql`select current_setting('server_version') as v`);
const dbLabel = `${database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} ${String(version?.v ?? '').split(' ')[0]}${values.label ? ` (${values.label})` : ''}`;

const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-bench-files-'));
const config = { ...loadConfig({}), webDist: undefined, dataDir: filesDir, databaseUrl };
const app = await buildApp({ db, config, storage: localDiskStorage(filesDir), bus: database.bus });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

async function post(url: string, body: unknown, token?: string) {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'admin-token': token } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; msg: string; data: any };
}
async function login(userId: number) {
  const [u] = await queryRows<{ username: string }>(db, sql`select username from sys_user where user_id = ${userId}`);
  const res = await post('/login', { username: u!.username, password: DEMO_PASSWORD, type: 3 });
  if (res.code !== 0) throw new Error(`login ${u!.username}: ${res.msg}`);
  const token = res.data['Admin-Token'] as string;
  return { token, user: (await resolveSession(db, config, token))!, username: u!.username };
}
const [admin] = await queryRows<{ user_id: number }>(db, sql`select user_id from sys_user where username = 'admin'`);
// The salesperson (role 销售, own records only) with the most customers.
const [seller] = await queryRows<{ user_id: number; n: number }>(
  db,
  sql`select c.owner_user_id as user_id, count(*)::int as n from crm_customer c
      join sys_user_role ur on ur.user_id = c.owner_user_id
      join sys_role r on r.role_id = ur.role_id and r.role_name = '销售'
      group by c.owner_user_id order by n desc limit 1`,
);
const who = { admin: await login(admin!.user_id), seller: await login(seller!.user_id) };
type Who = keyof typeof who;
const custom = await customFieldsOf(db, ModuleCode.customer);

type Scenario = { name: string; who: Who; body: Record<string, unknown> };
const bySource = { [fields.source]: { condition: 'is', value: BENCH_SOURCES[1], formType: 'select' } };
const scenarios: Scenario[] = [
  { name: '全部, page 1 (admin)', who: 'admin', body: { sceneId: -1 } },
  { name: '全部, page 1000 (admin)', who: 'admin', body: { sceneId: -1, page: 1000 } },
  { name: '全部, search 王女士1 (admin)', who: 'admin', body: { sceneId: -1, search: '王女士1' } },
  { name: '全部, filter 客户来源 (admin)', who: 'admin', body: { sceneId: -1, data: bySource } },
  { name: '全部, filter + page 1000 (admin)', who: 'admin', body: { sceneId: -1, data: bySource, page: 1000 } },
  { name: `全部, page 1 (top seller, ${seller!.n})`, who: 'seller', body: { sceneId: -1 } },
  { name: '全部, search 李 (top seller)', who: 'seller', body: { sceneId: -1, search: '李' } },
  { name: '全部, filter 客户来源 (top seller)', who: 'seller', body: { sceneId: -1, data: bySource } },
];
const run = (s: Scenario) => (on: Db) =>
  recordPage(on, customerServerKind, custom, who[s.who].user, recordListSchema.parse(s.body));

const statements = (fn: (on: Db) => Promise<unknown>) => capturedStatements(db, fn);
const pct = percentile;
async function measure(call: () => Promise<unknown>) {
  for (let i = 0; i < 3; i++) await call();
  const lat: number[] = [];
  const t0 = performance.now();
  while (lat.length < runs && performance.now() - t0 < seconds * 1000) {
    const t = performance.now();
    await call();
    lat.push(performance.now() - t);
  }
  const par: number[] = [];
  const t1 = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() - t1 < seconds * 1000) {
        const t = performance.now();
        await call();
        par.push(performance.now() - t);
      }
    }),
  );
  return {
    p50: pct(lat, 50),
    p99: pct(lat, 99),
    p50Parallel: pct(par, 50),
    p99Parallel: pct(par, 99),
    perSec: par.length / ((performance.now() - t1) / 1000),
  };
}
async function http(s: Scenario, conns: number) {
  const r = await autocannon({
    url: `${base}/CrmCustomer/queryPageList`,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'admin-token': who[s.who].token },
    body: JSON.stringify(s.body),
    connections: conns,
    duration: seconds,
    workers: 1,
  });
  return { p50: r.latency.p50, p99: r.latency.p99, perSec: r.requests.average, errors: r.errors + r.non2xx };
}

const rows: Record<string, any>[] = [];
try {
  console.log(`\n${dbLabel}: ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}\n`);
  for (const s of scenarios) {
    const check = await post('/CrmCustomer/queryPageList', s.body, who[s.who].token);
    if (check.code !== 0) throw new Error(`${s.name}: ${check.msg}`);
    const sent = await statements(run(s));
    const raw = await measure(async () => {
      for (const q of sent) await db.execute(q);
    });
    const h1 = await http(s, 1);
    const hN = await http(s, connections);
    rows.push({ scenario: s.name, totalRow: check.data.totalRow, statements: sent.length, raw, http1: h1, httpN: hN });
    console.log(
      `  ${s.name}: raw p50 ${raw.p50.toFixed(1)} ms, endpoint p50 ${h1.p50} ms, p99 at ${connections} ${hN.p99} ms`,
    );
  }
} finally {
  await app.close();
  await database.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
}

const f = (n: number, d = 1) => n.toFixed(d);
console.log(
  [
    '',
    `| ${dbLabel} | rows | raw p50 / p99 ms (1) | endpoint p50 / p99 ms (1) | × at 1 | raw p50 / p99 ms (${connections}) | endpoint p50 / p99 ms (${connections}) | raw q/s | endpoint req/s | × at ${connections} |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.scenario} | ${r.totalRow} | ${f(r.raw.p50)} / ${f(r.raw.p99)} | ${f(r.http1.p50)} / ${f(r.http1.p99)} | ${f(r.http1.p50 / r.raw.p50)} | ${f(r.raw.p50Parallel)} / ${f(r.raw.p99Parallel)} | ${f(r.httpN.p50)} / ${f(r.httpN.p99)} | ${f(r.raw.perSec, 0)} | ${f(r.httpN.perSec, 0)} | ${f(r.raw.perSec / r.httpN.perSec)} |`,
    ),
    '',
  ].join('\n'),
);
const out = path.join(import.meta.dirname, 'out');
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(
  path.join(out, `customer-list-${database.kind}.json`),
  JSON.stringify({ db: dbLabel, date: new Date().toISOString(), load: os.loadavg(), rows }, null, 2),
);
