/**
 * Every paged list endpoint against its own SQL, at 1 and 20 connections, on the 10,000-user
 * organisation with 100,000 approvals (generated first when missing).
 *
 * For each list (待我审批, 我已审批, 抄送我的, 我发起的 with and without filters, the tab counts, the
 * workbench badge, the user list and the approval-type list):
 *   - raw SQL: the exact statements the endpoint's query function sends (captured by a stand-in
 *     database), run through the same driver: --runs calls one after another (latency), then
 *     20 callers at once for --seconds (throughput);
 *   - endpoint: the HTTP call (session check, validation, JSON) with autocannon, 1 connection and
 *     20 connections for --seconds each.
 * The ratio columns compare them: endpoint latency / raw latency at 1 connection, raw throughput /
 * endpoint throughput at 20. Markdown to stdout, figures to bench/out/approval-lists-<db>.json.
 *
 *   npm run bench:lists -w bench                       # PGlite in bench/out/pglite
 *   npm run bench:lists:pg -w bench                    # a throwaway PostgreSQL 15
 *   options: --seconds 3 --runs 200 --data-dir <dir> --label <text>
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { categoryListSchema, examineListSchema, userListSchema } from '@crm/shared';
import autocannon from 'autocannon';
import { type SQL, sql } from 'drizzle-orm';
import { buildApp } from '../packages/server/src/app.ts';
import { resolveSession } from '../packages/server/src/auth/session.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { queryRows } from '../packages/server/src/core/sql.ts';
import { type Db, openDatabase } from '../packages/server/src/db/client.ts';
import { DEMO_PASSWORD } from '../packages/server/src/db/seed.ts';
import { ensureSystemData } from '../packages/server/src/db/system-data.ts';
import { localDiskStorage } from '../packages/server/src/files/storage.ts';
import { listCategories } from '../packages/server/src/oa/examine/category/repository.ts';
import { examineCounts, listExamines, waitingCount } from '../packages/server/src/oa/examine/queries.ts';
import { listUsers } from '../packages/server/src/system/users/repository.ts';
import { capturedStatements, percentile } from './capture.ts';
import { generateApprovals } from './generate-approvals.ts';
import { generateOrg } from './generate-org.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '3' },
    runs: { type: 'string', default: '200' },
    label: { type: 'string', default: '' },
    'data-dir': { type: 'string', default: path.join(import.meta.dirname, 'out/pglite') },
  },
});
const seconds = Number(values.seconds);
const runs = Number(values.runs);

const databaseUrl = process.env.DATABASE_URL || undefined;
const database = openDatabase({ databaseUrl, dataDir: path.resolve(values['data-dir']) });
await database.migrate();
const db = database.db;
await ensureSystemData(db);
await generateOrg(db, { users: 10000, depts: 200, reset: false });
await generateApprovals(db, { approvals: 100000, reset: false });
// PostgreSQL's autovacuum would do this after the bulk insert; PGlite runs none (tables as written).
if (database.kind === 'postgres')
  await db.execute(sql`vacuum analyze oa_examine, examine_record, examine_task, examine_log, examine_cc, sys_user`);
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
const first = async (q: SQL) => (await queryRows<{ user_id: number; n: number }>(db, q))[0]!;
const busiest = await first(sql`select user_id, count(*)::int as n from examine_task
  where status = 'pending' and not superseded group by user_id order by n desc, user_id limit 1`);
const typical = await first(sql`with w as (select user_id, count(*)::int as n from examine_task
    where status = 'pending' and not superseded group by user_id)
  select user_id, n from w where n = (select percentile_disc(0.5) within group (order by n) from w) order by user_id limit 1`);
const copied = await first(
  sql`select user_id, count(*)::int as n from examine_cc group by user_id order by n desc, user_id limit 1`,
);
const prolific = await first(sql`select create_user_id as user_id, count(*)::int as n from oa_examine
  where not is_deleted group by create_user_id order by n desc, create_user_id limit 1`);
const [expense] = await queryRows<{ id: number }>(
  db,
  sql`select category_id as id from oa_examine_category where title = '费用报销' limit 1`,
);
const [admin] = await queryRows<{ user_id: number }>(db, sql`select user_id from sys_user where username = 'admin'`);
const who = {
  busiest: await login(busiest.user_id),
  typical: await login(typical.user_id),
  copied: await login(copied.user_id),
  prolific: await login(prolific.user_id),
  admin: await login(admin!.user_id),
};
type Who = keyof typeof who;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
type Scenario = {
  name: string;
  who: Who;
  url: string;
  body: Record<string, unknown>;
  run: (on: Db) => Promise<unknown>;
};
const exam = (kind: 'initiate' | 'waiting' | 'handled' | 'copied', w: Who, body: Record<string, unknown>) => (on: Db) =>
  listExamines(on, kind, who[w].user, examineListSchema.parse(body));
const scenarios: Scenario[] = [
  {
    name: `待我审批, busiest (${busiest.n})`,
    who: 'busiest',
    url: '/OaExamine/myOaExamine',
    body: { type: 1 },
    run: exam('waiting', 'busiest', {}),
  },
  {
    name: `待我审批, typical (${typical.n})`,
    who: 'typical',
    url: '/OaExamine/myOaExamine',
    body: { type: 1 },
    run: exam('waiting', 'typical', {}),
  },
  {
    name: '待我审批, busiest, category 费用报销',
    who: 'busiest',
    url: '/OaExamine/myOaExamine',
    body: { type: 1, categoryId: expense?.id },
    run: exam('waiting', 'busiest', { categoryId: expense?.id }),
  },
  {
    name: '待我审批, busiest, last 7 days',
    who: 'busiest',
    url: '/OaExamine/myOaExamine',
    body: { type: 1, startTime: day(-7), endTime: day(0) },
    run: exam('waiting', 'busiest', { startTime: day(-7), endTime: day(0) }),
  },
  {
    name: '我已审批, busiest',
    who: 'busiest',
    url: '/OaExamine/myOaExamine',
    body: { type: 2 },
    run: exam('handled', 'busiest', {}),
  },
  {
    name: '我已审批, busiest, status 1, page 50',
    who: 'busiest',
    url: '/OaExamine/myOaExamine',
    body: { type: 2, status: 1, page: 50 },
    run: exam('handled', 'busiest', { status: 1, page: 50 }),
  },
  {
    name: `抄送我的, top recipient (${copied.n})`,
    who: 'copied',
    url: '/OaExamine/myCopyExamine',
    body: {},
    run: exam('copied', 'copied', {}),
  },
  {
    name: `我发起的, prolific (${prolific.n})`,
    who: 'prolific',
    url: '/OaExamine/myInitiate',
    body: {},
    run: exam('initiate', 'prolific', {}),
  },
  {
    name: '我发起的, prolific, status 0, last 90 days',
    who: 'prolific',
    url: '/OaExamine/myInitiate',
    body: { status: 0, startTime: day(-90), endTime: day(0) },
    run: exam('initiate', 'prolific', { status: 0, startTime: day(-90), endTime: day(0) }),
  },
  {
    name: 'tab counts, busiest',
    who: 'busiest',
    url: '/OaExamine/queryExamineCounts',
    body: {},
    run: (on) => examineCounts(on, busiest.user_id),
  },
  {
    name: 'workbench badge, busiest',
    who: 'busiest',
    url: '/OaBackLog/num',
    body: {},
    run: (on) => waitingCount(on, busiest.user_id),
  },
  {
    name: 'user list, all users page 1',
    who: 'admin',
    url: '/system/user/queryUserList',
    body: { pageType: 1002 },
    run: (on) => listUsers(on, who.admin.user, userListSchema.parse({ pageType: 1002 })),
  },
  {
    name: 'user list, search 王',
    who: 'admin',
    url: '/system/user/queryUserList',
    body: { pageType: 1002, search: '王' },
    run: (on) => listUsers(on, who.admin.user, userListSchema.parse({ pageType: 1002, search: '王' })),
  },
  {
    name: 'approval types (admin list)',
    who: 'admin',
    url: '/OaExamineCategory/queryExamineCategoryList',
    body: {},
    run: (on) => listCategories(on, who.admin.user, categoryListSchema.parse({})),
  },
];

const statements = (fn: (on: Db) => Promise<unknown>) => capturedStatements(db, fn);
const pct = percentile;
/** Latency of `call` one at a time, then throughput with `parallel` callers for `seconds`. */
async function measure(call: () => Promise<unknown>, parallel: number) {
  for (let i = 0; i < 5; i++) await call();
  const lat: number[] = [];
  const t0 = performance.now();
  while (lat.length < runs && performance.now() - t0 < seconds * 1000) {
    const t = performance.now();
    await call();
    lat.push(performance.now() - t);
  }
  let done = 0;
  const par: number[] = [];
  const t1 = performance.now();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (performance.now() - t1 < seconds * 1000) {
        const t = performance.now();
        await call();
        par.push(performance.now() - t);
        done++;
      }
    }),
  );
  return {
    p50: pct(lat, 50),
    p99: pct(lat, 99),
    mean: lat.reduce((a, b) => a + b, 0) / lat.length,
    perSec: done / ((performance.now() - t1) / 1000),
    p99Parallel: pct(par, 99),
  };
}
async function http(s: Scenario, connections: number) {
  const r = await autocannon({
    url: `${base}${s.url}`,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'admin-token': who[s.who].token },
    body: JSON.stringify(s.body),
    connections,
    duration: seconds,
    workers: 1,
  });
  return {
    p50: r.latency.p50,
    p99: r.latency.p99,
    mean: r.latency.average,
    perSec: r.requests.average,
    errors: r.errors + r.non2xx,
  };
}

const rows: Record<string, any>[] = [];
try {
  console.log(`\n${dbLabel}: ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}\n`);
  for (const s of scenarios) {
    const check = await post(s.url, s.body, who[s.who].token);
    if (check.code !== 0) throw new Error(`${s.name}: ${check.msg}`);
    const total = check.data?.totalRow ?? check.data?.waiting ?? check.data?.examineNum ?? '';
    const sent = await statements(s.run);
    const raw = await measure(async () => {
      for (const q of sent) await db.execute(q);
    }, 20);
    const h1 = await http(s, 1);
    const h20 = await http(s, 20);
    const row = { scenario: s.name, totalRow: total, statements: sent.length, raw, http1: h1, http20: h20 };
    rows.push(row);
    console.log(`  ${s.name}: raw p50 ${raw.p50.toFixed(2)} ms, endpoint p50 ${h1.p50} ms`);
  }
} finally {
  await app.close();
  await database.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
}

const f = (n: number, d = 1) => n.toFixed(d);
const table = [
  `| ${dbLabel} | rows | raw SQL p50 / p99 ms (1 conn) | endpoint p50 / p99 ms (1 conn) | × at 1 | raw q/s (20) | endpoint req/s (20) | × at 20 | endpoint p99 ms (20) |`,
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...rows.map(
    (r) =>
      `| ${r.scenario} | ${r.totalRow} | ${f(r.raw.p50, 2)} / ${f(r.raw.p99, 2)} | ${f(r.http1.p50)} / ${f(r.http1.p99)} | ${f(r.http1.mean / r.raw.mean)} | ${f(r.raw.perSec, 0)} | ${f(r.http20.perSec, 0)} | ${f(r.raw.perSec / r.http20.perSec)} | ${r.http20.p99} |`,
  ),
].join('\n');
const counts = rows.filter((r) => /tab counts|badge/.test(r.scenario));
console.log(`\n${table}\n`);
console.log(
  `tab counts + badge, raw p50: ${f(
    counts.reduce((a, r) => a + r.raw.p50, 0),
    2,
  )} ms; load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
const out = path.join(import.meta.dirname, 'out');
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(
  path.join(out, `approval-lists-${database.kind}${values.label ? `-${values.label.replace(/\W+/g, '-')}` : ''}.json`),
  JSON.stringify({ db: dbLabel, date: new Date().toISOString(), load: os.loadavg(), rows }, null, 2),
);
