/**
 * The per-request cost: an authenticated trivial call (GET /achievement/ttl) beside a bare
 * node:http server answering the same JSON, both on a loopback port of this process, measured
 * with autocannon at 1 and 20 connections. The bare server is the anchor: the target is the app
 * within 1.5× of it (issue 20). Beside them, one list call (the user list, a page of 15) sent as
 * JSON and as the original client sends it (qs form-encoded): the two should cost the same.
 *
 *   npx tsx bench/request-cost.ts                                # PGlite (in memory, demo data)
 *   bash scripts/test-postgres.sh npx tsx bench/request-cost.ts  # a throwaway PostgreSQL
 *   options: --duration 5 (seconds per run), --rounds 3
 *
 * On a shared machine outside load swings from run to run, so the bare server and the app are
 * measured in alternation, --rounds times each, and the table keeps each one's best round (the
 * least disturbed); the JSON has every round.
 *
 * The app logs at info to /dev/null as `npm start` would log to its output, so the figures
 * include what logging costs. Then times the uncached session lookup (what a cache miss costs).
 * Prints a markdown table; writes bench/out/request-cost-<db>.json.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { buildApp } from '../packages/server/src/app.ts';
import { lookupSession } from '../packages/server/src/auth/session.ts';
import { hashToken } from '../packages/server/src/auth/tokens.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { queryRows } from '../packages/server/src/core/sql.ts';
import { openPglite, openPostgres } from '../packages/server/src/db/client.ts';
import { DEMO_PASSWORD, seedDemo } from '../packages/server/src/db/seed.ts';
import { ensureSystemData } from '../packages/server/src/db/system-data.ts';
import { localDiskStorage } from '../packages/server/src/files/storage.ts';

const { values } = parseArgs({
  options: { duration: { type: 'string', default: '5' }, rounds: { type: 'string', default: '3' } },
});
const duration = Number(values.duration);
const rounds = Number(values.rounds);
const connectionCounts = [1, 20];

const databaseUrl = process.env.DATABASE_URL || undefined;
const database = databaseUrl ? openPostgres(databaseUrl) : openPglite(undefined);
await database.migrate();
await ensureSystemData(database.db);
await seedDemo(database.db);
const [version] = await queryRows<{ v: string }>(database.db, sql`select current_setting('server_version') as v`);
const dbLabel = `${database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} ${String(version?.v ?? '?').split(' ')[0]}`;

const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-bench-files-'));
const config = { ...loadConfig({}), webDist: undefined, dataDir: filesDir, databaseUrl };
const app = await buildApp(
  { db: database.db, config, storage: localDiskStorage(filesDir), bus: database.bus },
  { logger: { level: 'info', stream: fs.createWriteStream('/dev/null') } },
);
await app.listen({ port: 0, host: '127.0.0.1' });
const appBase = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

const body = JSON.stringify({ code: 0, msg: 'success', data: null });
const bare = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
const bareBase = `http://127.0.0.1:${(bare.address() as { port: number }).port}`;

type Row = { target: string; connections: number; reqPerSec: number; p50: number; p99: number; errors: number };
const rows: Row[] = [];
const allRounds: (Row & { round: number })[] = [];
try {
  const login = (await (
    await fetch(`${appBase}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD, type: 3 }),
    })
  ).json()) as { code: number; msg: string; data: { 'Admin-Token': string } };
  if (login.code !== 0) throw new Error(`admin login failed: ${login.msg}`);
  const headers = { 'admin-token': login.data['Admin-Token'] };
  const check = (await (await fetch(`${appBase}/achievement/ttl`, { headers })).json()) as { code: number };
  if (check.code !== 0) throw new Error(`GET /achievement/ttl answered ${JSON.stringify(check)}`);

  console.log(`\n${dbLabel}; ${os.cpus().length} cores; ${duration} s a run, best of ${rounds}\n`);
  const list = { page: 1, limit: 15, search: '', sortField: 'realname', order: 1 };
  const targets: [string, string, Record<string, string>, { method: 'POST'; body: string }?][] = [
    ['bare node:http', `${bareBase}/achievement/ttl`, {}],
    ['GET /achievement/ttl (signed in)', `${appBase}/achievement/ttl`, headers],
    [
      'POST /system/user/queryUserList (JSON)',
      `${appBase}/system/user/queryUserList`,
      { ...headers, 'content-type': 'application/json' },
      { method: 'POST', body: JSON.stringify(list) },
    ],
    [
      'POST /system/user/queryUserList (form, qs)',
      `${appBase}/system/user/queryUserList`,
      { ...headers, 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
      {
        method: 'POST',
        body: new URLSearchParams(Object.entries(list).map(([k, v]): [string, string] => [k, String(v)])).toString(),
      },
    ],
  ];
  for (const connections of connectionCounts) {
    const best = new Map<string, Row>();
    for (let round = 1; round <= rounds; round++) {
      for (const [target, url, h, send] of targets) {
        const r = await autocannon({ url, headers: h, connections, duration, workers: 1, ...send });
        const row = {
          target,
          connections,
          reqPerSec: r.requests.average,
          p50: r.latency.p50,
          p99: r.latency.p99,
          errors: r.errors + r.timeouts + r.non2xx,
        };
        allRounds.push({ ...row, round });
        if (row.reqPerSec > (best.get(target)?.reqPerSec ?? -1)) best.set(target, row);
        console.log(`  round ${round}: ${target}, ${connections} conn: ${row.reqPerSec.toFixed(0)} req/s`);
      }
    }
    for (const [target] of targets) rows.push(best.get(target)!);
  }
  // What a cache miss costs: the one prepared round trip that resolves a session.
  const tokenHash = hashToken(headers['admin-token']);
  const lookups: number[] = [];
  for (let i = 0; i < 500; i++) {
    const t0 = performance.now();
    if (!(await lookupSession(database.db, tokenHash))) throw new Error('no session for the admin token');
    lookups.push(performance.now() - t0);
  }
  lookups.sort((a, b) => a - b);
  const lookupMs = { p50: lookups[250]!, p99: lookups[495]! };
  console.log(`  uncached session lookup: p50 ${lookupMs.p50.toFixed(2)} ms, p99 ${lookupMs.p99.toFixed(2)} ms`);
  // The trivial call against the bare server; the form-encoded list against its JSON twin.
  const ratio = (r: Row) => {
    const same = rows.filter((x) => x.connections === r.connections);
    const anchor = r.target.includes('(form') ? same.find((x) => x.target.includes('(JSON)')) : same[0];
    return anchor ? anchor.reqPerSec / r.reqPerSec : Number.NaN;
  };
  const table = [
    `| ${dbLabel} | connections | req/s | p50 ms | p99 ms | errors | anchor ÷ this |`,
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.target} | ${r.connections} | ${r.reqPerSec.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.errors} | ${
          r.target.startsWith('bare') || r.target.includes('(JSON)') ? '' : `${ratio(r).toFixed(2)}×`
        } |`,
    ),
  ].join('\n');
  console.log(
    `\n${table}\n\nuncached session lookup (cache miss): p50 ${lookupMs.p50.toFixed(2)} ms, p99 ${lookupMs.p99.toFixed(2)} ms\n`,
  );
  const outDir = path.join(import.meta.dirname, 'out');
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(
    path.join(outDir, `request-cost-${database.kind}.json`),
    JSON.stringify(
      { db: dbLabel, date: new Date().toISOString(), duration, rounds, rows, allRounds, lookupMs },
      null,
      2,
    ),
  );
} finally {
  bare.close();
  await app.close();
  await database.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
}
