/**
 * The contract list on 200,000 contracts with their product lines (generated first when missing):
 * `CrmContract/queryPageList` over HTTP and the list function (`recordPage`) called directly,
 * against the same SQL run directly, at 1 and 20 connections, in one run.
 *
 * Scenarios: scene 全部 sorted by update time (the default), page 1 and page 500, a search, a
 * filter on the review state (a computed column), sorted by money, the to-do scene 即将到期的合同,
 * as the administrator (every contract) and as the salesperson who owns the most. Raw SQL = the
 * exact statements the list function sends for that request (recorded while they run on the real
 * database, so the count a long list needs is among them), run through the same driver. The list
 * function's other reads (the viewer's field permissions, their default scene) are part of its
 * figure, not of the raw one. Markdown to stdout, figures to bench/out/contract-list-<db>.json.
 *
 *   npx tsx bench/contract-list.ts                       # PGlite in bench/out/pglite
 *   bash scripts/test-postgres.sh npx tsx bench/contract-list.ts
 *   options: --contracts 200000 --customers 50000 --seconds 4 --connections 20 --data-dir <dir>
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ModuleCode, recordListSchema, systemSceneIds } from '@crm/shared';
import autocannon from 'autocannon';
import { type SQL, sql } from 'drizzle-orm';
import { buildApp } from '../packages/server/src/app.ts';
import { resolveSession } from '../packages/server/src/auth/session.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { queryRows } from '../packages/server/src/core/sql.ts';
import { contractComputed, contractServerKind } from '../packages/server/src/crm/contract/kind.ts';
import { recordPage } from '../packages/server/src/crm/records/list.ts';
import { type Db, openDatabase } from '../packages/server/src/db/client.ts';
import { DEMO_PASSWORD } from '../packages/server/src/db/seed.ts';
import { ensureSystemData } from '../packages/server/src/db/system-data.ts';
import { customFieldsOf } from '../packages/server/src/fields/store.ts';
import { localDiskStorage } from '../packages/server/src/files/storage.ts';
import { percentile } from './capture.ts';
import { generateContracts } from './generate-contracts.ts';

const { values } = parseArgs({
  options: {
    contracts: { type: 'string', default: '200000' },
    customers: { type: 'string', default: '50000' },
    seconds: { type: 'string', default: '4' },
    connections: { type: 'string', default: '20' },
    label: { type: 'string', default: '' },
    /** Also write EXPLAIN (ANALYZE, BUFFERS) of every statement to bench/out/contract-list-plans-<db>.txt. */
    explain: { type: 'boolean', default: false },
    'data-dir': { type: 'string', default: path.join(import.meta.dirname, 'out/pglite') },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);

const databaseUrl = process.env.DATABASE_URL || undefined;
// The server's own pool (10 connections on PostgreSQL), shared by the three ways: at 20 callers each
// waits for a connection the same way.
const database = openDatabase({ databaseUrl, dataDir: path.resolve(values['data-dir']) });
await database.migrate();
const db = database.db;
await ensureSystemData(db);
await generateContracts(db, {
  contracts: Number(values.contracts),
  customers: Number(values.customers),
  reset: false,
});
if (database.kind === 'postgres')
  await db.execute(
    sql`vacuum analyze crm_contract, crm_customer, crm_product_line, crm_product_total, crm_receivables, crm_team_member`,
  );
// The expiry reminder on, 30 days (setContractConfig), so 即将到期的合同 lists something.
await db.execute(sql`insert into sys_config (key, value) values ('crmContractConfig', '{"status":1,"contractDay":30}')
  on conflict (key) do update set value = excluded.value`);
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
// The salesperson (role 销售, own records only) with the most contracts.
const [seller] = await queryRows<{ user_id: number; n: number }>(
  db,
  sql`select c.owner_user_id as user_id, count(*)::int as n from crm_contract c
      join sys_user_role ur on ur.user_id = c.owner_user_id
      join sys_role r on r.role_id = ur.role_id and r.role_name = '销售'
      group by c.owner_user_id order by n desc limit 1`,
);
const who = { admin: await login(admin!.user_id), seller: await login(seller!.user_id) };
type Who = keyof typeof who;
const custom = await customFieldsOf(db, ModuleCode.contract);

type Scenario = { name: string; who: Who; body: Record<string, unknown> };
const approved = { checkStatus: { condition: 'is', value: 1, formType: 'number' } };
const scenarios: Scenario[] = [
  { name: '全部, page 1 (admin)', who: 'admin', body: { sceneId: -1 } },
  { name: '全部, page 500 (admin)', who: 'admin', body: { sceneId: -1, page: 500 } },
  { name: '全部, search 热玛吉合同12 (admin)', who: 'admin', body: { sceneId: -1, search: '热玛吉合同12' } },
  { name: '全部, filter 审核状态 通过 (admin)', who: 'admin', body: { sceneId: -1, data: approved } },
  { name: '全部, sort 合同金额 (admin)', who: 'admin', body: { sceneId: -1, sortField: 'money', order: 'desc' } },
  { name: '即将到期的合同 (admin)', who: 'admin', body: { sceneId: systemSceneIds.expiring } },
  { name: `全部, page 1 (top seller, ${seller?.n ?? 0})`, who: 'seller', body: { sceneId: -1 } },
  { name: '全部, search 合同 (top seller)', who: 'seller', body: { sceneId: -1, search: '合同' } },
];
const listFn = (s: Scenario) => (on: Db) =>
  recordPage(on, contractServerKind, custom, who[s.who].user, recordListSchema.parse(s.body), [], {
    computed: contractComputed,
  });

/** The statements the list function sends for a request, recorded while they run on the real database. */
async function statements(fn: (on: Db) => Promise<unknown>): Promise<SQL[]> {
  const sent: SQL[] = [];
  const recording = new Proxy(db, {
    get: (target, key) =>
      key === 'execute'
        ? (q: SQL) => {
            sent.push(q);
            return target.execute(q);
          }
        : Reflect.get(target, key),
  });
  await fn(recording);
  return sent;
}

const pct = percentile;
type Figures = { p50: number; p99: number; perSec: number };
/** `conns` callers in a loop for `seconds`: each call's latency, and calls per second overall. */
async function load(call: () => Promise<unknown>, conns: number): Promise<Figures> {
  for (let i = 0; i < 3; i++) await call();
  const lat: number[] = [];
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: conns }, async () => {
      while (performance.now() - t0 < seconds * 1000) {
        const t = performance.now();
        await call();
        lat.push(performance.now() - t);
      }
    }),
  );
  return { p50: pct(lat, 50), p99: pct(lat, 99), perSec: lat.length / ((performance.now() - t0) / 1000) };
}
async function http(s: Scenario, conns: number): Promise<Figures & { errors: number }> {
  const r = await autocannon({
    url: `${base}/CrmContract/queryPageList`,
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
const plans: string[] = [];
const loadBefore = os.loadavg()[0]!;
try {
  console.log(`\n${dbLabel}: ${os.cpus().length} cores, load ${loadBefore.toFixed(1)}\n`);
  for (const s of scenarios) {
    const check = await post('/CrmContract/queryPageList', s.body, who[s.who].token);
    if (check.code !== 0) throw new Error(`${s.name}: ${check.msg}`);
    const sent = await statements(listFn(s));
    if (values.explain)
      for (const q of sent) {
        const plan = await queryRows<{ 'QUERY PLAN': string }>(db, sql`explain (analyze, buffers) ${q}`);
        plans.push(`## ${s.name}\n${plan.map((p) => p['QUERY PLAN']).join('\n')}\n`);
      }
    const raw = async () => {
      for (const q of sent) await db.execute(q);
    };
    const fn = () => listFn(s)(db);
    const r: Record<string, any> = { scenario: s.name, totalRow: check.data.totalRow, statements: sent.length };
    for (const c of [1, connections]) {
      r[`raw${c}`] = await load(raw, c);
      r[`fn${c}`] = await load(fn, c);
      r[`http${c}`] = await http(s, c);
    }
    r.load = os.loadavg()[0];
    rows.push(r);
    console.log(
      `  ${s.name}: raw p50 ${r.raw1.p50.toFixed(1)} ms, function ${r.fn1.p50.toFixed(1)} ms, endpoint ${r.http1.p50} ms (load ${r.load.toFixed(1)})`,
    );
  }
} finally {
  await app.close();
  await database.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
}

const f = (n: number, d = 1) => n.toFixed(d);
const pair = (x: Figures) => `${f(x.p50)} / ${f(x.p99)}`;
const c = connections;
console.log(
  [
    '',
    `| ${dbLabel} | rows | stmts | raw p50 / p99 ms (1) | function (1) | endpoint (1) | endpoint ÷ raw (1) | raw (${c}) | function (${c}) | endpoint (${c}) | raw / function / endpoint per s (${c}) | load |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.scenario} | ${r.totalRow} | ${r.statements} | ${pair(r.raw1)} | ${pair(r.fn1)} | ${pair(r.http1)} | ${f(r.http1.p50 / r.raw1.p50)} | ${pair(r[`raw${c}`])} | ${pair(r[`fn${c}`])} | ${pair(r[`http${c}`])} | ${f(r[`raw${c}`].perSec, 0)} / ${f(r[`fn${c}`].perSec, 0)} / ${f(r[`http${c}`].perSec, 0)} | ${f(r.load)} |`,
    ),
    '',
  ].join('\n'),
);
const out = path.join(import.meta.dirname, 'out');
fs.mkdirSync(out, { recursive: true });
if (plans.length) fs.writeFileSync(path.join(out, `contract-list-plans-${database.kind}.txt`), plans.join('\n'));
fs.writeFileSync(
  path.join(out, `contract-list-${database.kind}.json`),
  JSON.stringify({ db: dbLabel, date: new Date().toISOString(), load: os.loadavg(), rows }, null, 2),
);
