/**
 * Benchmark of the user list (POST /system/user/queryUserList, pageType 1002) on a large organisation.
 *
 * Starts the server app in-process (buildApp) on a loopback port against the benchmark database
 * (generated first when it is empty), logs in as admin, then for each scenario:
 *   - HTTP: autocannon (in a worker thread) for --duration seconds with --connections connections;
 *   - direct: the endpoint's own query function (listUsers: the same SQL and row mapping), called
 *     --runs times one after another (latency), then --runs times with --connections in flight.
 * Prints a markdown table and writes the figures to bench/out/user-list-<db>.json.
 *
 *   npx tsx bench/user-list.ts                                 # PGlite in bench/out/pglite
 *   DATABASE_URL=postgres://... npx tsx bench/user-list.ts     # a PostgreSQL server
 *   options: --duration 10 --connections 10 --runs 200 --users 10000
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { UserListInput } from '@crm/shared';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { buildApp } from '../packages/server/src/app.ts';
import { resolveSession } from '../packages/server/src/auth/session.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { queryRows } from '../packages/server/src/core/sql.ts';
import { openDatabase } from '../packages/server/src/db/client.ts';
import { DEMO_PASSWORD } from '../packages/server/src/db/seed.ts';
import { localDiskStorage } from '../packages/server/src/files/storage.ts';
import { listUsers } from '../packages/server/src/system/users/repository.ts';
import { generateOrg } from './generate-org.ts';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    runs: { type: 'string', default: '200' },
    users: { type: 'string', default: '10000' },
    'data-dir': { type: 'string', default: path.join(import.meta.dirname, 'out/pglite') },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const runs = Number(values.runs);

const databaseUrl = process.env.DATABASE_URL || undefined;
const database = openDatabase({ databaseUrl, dataDir: path.resolve(values['data-dir']) });
const dbLabel = database.kind === 'pglite' ? 'PGlite' : await serverVersion();
await database.migrate();
await generateOrg(database.db, { users: Number(values.users), depts: 200, reset: false });
const db = database.db;

const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-bench-files-'));
const config = { ...loadConfig({}), webDist: undefined, dataDir: filesDir, databaseUrl };
const app = await buildApp({ db, config, storage: localDiskStorage(filesDir), bus: database.bus });
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as { port: number };
const base = `http://127.0.0.1:${port}`;

try {
  const login = (await (
    await fetch(`${base}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD, type: 3 }),
    })
  ).json()) as { code: number; msg: string; data: { 'Admin-Token': string } };
  if (login.code !== 0) throw new Error(`admin login failed: ${login.msg}`);
  const token = login.data['Admin-Token'];
  const user = await resolveSession(db, config, token);
  if (!user) throw new Error('no session for the admin token');

  const [branch] = await queryRows<{ dept_id: number; name: string }>(
    db,
    sql`select d.dept_id, d.name from sys_dept d where d.name like '%分公司' order by d.dept_id limit 1`,
  );
  const [stats] = await queryRows<{ users: number; depts: number }>(
    db,
    sql`select (select count(*) from sys_user)::int as users, (select count(*) from sys_dept)::int as depts`,
  );
  const scenarios: { name: string; body: Record<string, unknown> }[] = [
    { name: 'all users, page 1', body: { pageType: 1002, page: 1, limit: 15 } },
    { name: 'search "王"', body: { pageType: 1002, page: 1, limit: 15, search: '王' } },
    {
      name: `dept ${branch?.name ?? '?'} + children`,
      body: { pageType: 1002, page: 1, limit: 15, deptId: branch?.dept_id ?? 1 },
    },
    { name: 'all users, page 500', body: { pageType: 1002, page: 500, limit: 15 } },
  ];

  console.log(
    `\n${dbLabel}: ${stats?.users} users, ${stats?.depts} departments; ${os.cpus().length} cores; ` +
      `HTTP ${duration} s × ${connections} connections; direct ${runs} calls\n`,
  );
  const rows: Record<string, unknown>[] = [];
  for (const s of scenarios) {
    const body = JSON.stringify(s.body);
    const headers = { 'content-type': 'application/json', 'admin-token': token };
    const check = (await (
      await fetch(`${base}/system/user/queryUserList`, { method: 'POST', headers, body })
    ).json()) as { code: number; msg: string; data: { totalRow: number; list: unknown[] } };
    if (check.code !== 0) throw new Error(`${s.name}: ${check.msg}`);

    const http = await autocannon({
      url: `${base}/system/user/queryUserList`,
      method: 'POST',
      headers,
      body,
      connections,
      duration,
      workers: 1,
    });
    const input = { includeChildDepts: true, ...s.body } as UserListInput;
    const seq: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      await listUsers(db, user, input);
      seq.push(performance.now() - t);
    }
    const t0 = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (next++ < runs) await listUsers(db, user, input);
      }),
    );
    const parallelQps = runs / ((performance.now() - t0) / 1000);

    const row = {
      scenario: s.name,
      totalRow: check.data.totalRow,
      httpReqPerSec: http.requests.average,
      httpP50: http.latency.p50,
      httpP99: http.latency.p99,
      httpErrors: http.errors + http.timeouts + http.non2xx,
      directMean: mean(seq),
      directP50: pct(seq, 50),
      directP99: pct(seq, 99),
      directParallelQps: parallelQps,
    };
    rows.push(row);
    console.log(`  ${s.name}: ${row.httpReqPerSec.toFixed(0)} req/s over HTTP, ${row.directMean.toFixed(2)} ms direct`);
  }

  const f = (n: unknown, d = 1) => (typeof n === 'number' ? n.toFixed(d) : String(n));
  const table = [
    `| scenario (${dbLabel}) | totalRow | HTTP req/s | HTTP p50 ms | HTTP p99 ms | HTTP errors | direct mean ms | direct p50 ms | direct p99 ms | direct q/s (${connections} in flight) |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.scenario} | ${r.totalRow} | ${f(r.httpReqPerSec, 0)} | ${f(r.httpP50, 0)} | ${f(r.httpP99, 0)} | ${r.httpErrors} | ${f(r.directMean, 2)} | ${f(r.directP50, 2)} | ${f(r.directP99, 2)} | ${f(r.directParallelQps, 0)} |`,
    ),
  ].join('\n');
  console.log(`\n${table}\n`);
  const outDir = path.join(import.meta.dirname, 'out');
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(
    path.join(outDir, `user-list-${database.kind}.json`),
    JSON.stringify({ db: dbLabel, date: new Date().toISOString(), duration, connections, runs, stats, rows }, null, 2),
  );
} finally {
  await app.close();
  await database.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
}

function mean(xs: number[]): number {
  return xs.reduce((a, b) => a + b, 0) / xs.length;
}
function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}
async function serverVersion(): Promise<string> {
  const probe = openDatabase({ databaseUrl });
  try {
    const [v] = await queryRows<{ v: string }>(probe.db, sql`select current_setting('server_version') as v`);
    return `PostgreSQL ${String(v?.v ?? '?').split(' ')[0]}`;
  } finally {
    await probe.close();
  }
}
