/**
 * Start-up time and memory of the production server (packages/server/dist/main.js, built by
 * `npm run build`), each in its own process as `npm start` runs it:
 *   1. first start on an empty database (migrations, demo seed) — time to the first answer;
 *   2. restart on that data — compiled, and from source through tsx (what `npm start` did before);
 *   3. restart on the benchmark's large organisation (10,000 users; generated when missing), then
 *      resident memory idle, its peak during --duration seconds of user-list load with
 *      --connections connections, and after the load.
 * "First answer" is from spawning the process to the first 200 of GET /healthz (which queries the
 * database). Resident memory is VmRSS of the server process.
 *
 *   npx tsx bench/startup.ts                                 # PGlite (bench/out/pglite for step 3)
 *   DATABASE_URL=postgres://... npx tsx bench/startup.ts     # a PostgreSQL server
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../packages/server/src/db/client.ts';
import { DEMO_PASSWORD } from '../packages/server/src/db/seed.ts';
import { generateOrg } from './generate-org.ts';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    'data-dir': { type: 'string', default: path.join(import.meta.dirname, 'out/pglite') },
  },
});
const root = path.resolve(import.meta.dirname, '..');
const compiled = path.join(root, 'packages/server/dist/main.js');
if (!fs.existsSync(compiled)) throw new Error(`${compiled} is missing: run \`npm run build\` first`);
const databaseUrl = process.env.DATABASE_URL || undefined;
const dbLabel = databaseUrl ? 'PostgreSQL' : 'PGlite';

type Server = { child: ChildProcess; url: string; firstAnswerMs: number; stop(): Promise<void> };

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Spawn the server and wait for its first answer. */
async function start(mode: 'compiled' | 'tsx', env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const args =
    mode === 'compiled'
      ? ['--enable-source-maps', '--expose-gc', compiled]
      : ['--import', 'tsx', path.join(root, 'packages/server/src/main.ts')];
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ...env,
  };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const t0 = performance.now();
  const child = spawn(process.execPath, args, { cwd: root, env: childEnv, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/healthz`);
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const firstAnswerMs = performance.now() - t0;
  const exited = new Promise((r) => child.once('exit', r));
  return {
    child,
    url,
    firstAnswerMs,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Resident memory of a process in MB. */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function withDatabase<T>(fn: (env: Record<string, string>) => Promise<T>): Promise<T> {
  if (!databaseUrl) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-bench-start-'));
    try {
      return await fn({ DATA_DIR: dir });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  const name = `crm_bench_start_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-bench-start-'));
  try {
    return await fn({ DATABASE_URL: url.toString(), DATA_DIR: filesDir });
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    fs.rmSync(filesDir, { recursive: true, force: true });
  }
}

const rows: { case: string; firstAnswer: number; idle?: number; peak?: number; after?: number }[] = [];
const f0 = (n: number | undefined) => (n === undefined ? '' : n.toFixed(0));

await withDatabase(async (env) => {
  const first = await start('compiled', env);
  await sleep(3000);
  rows.push({
    case: 'first start, empty database (migrate + demo seed)',
    firstAnswer: first.firstAnswerMs,
    idle: rssMb(first.child.pid!),
  });
  await first.stop();
  const again = await start('compiled', env);
  await sleep(3000);
  rows.push({
    case: 'restart on that data (compiled)',
    firstAnswer: again.firstAnswerMs,
    idle: rssMb(again.child.pid!),
  });
  await again.stop();
  const source = await start('tsx', env);
  rows.push({
    case: 'restart on that data, from source through tsx (before)',
    firstAnswer: source.firstAnswerMs,
    idle: rssMb(source.child.pid!),
  });
  await source.stop();
});

// The large organisation, as the user-list benchmark leaves it.
const dataDir = path.resolve(values['data-dir']);
{
  const database = openDatabase({ databaseUrl, dataDir });
  await database.migrate();
  await generateOrg(database.db, { users: 10000, depts: 200, reset: false });
  await database.close();
}
const big = await start('compiled', databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir });
try {
  await sleep(3000);
  const idle = rssMb(big.child.pid!);
  const login = (await (
    await fetch(`${big.url}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD, type: 3 }),
    })
  ).json()) as { code: number; msg: string; data: { 'Admin-Token': string } };
  if (login.code !== 0) throw new Error(`admin login failed: ${login.msg}`);
  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(big.child.pid!));
  }, 200);
  const load = await autocannon({
    url: `${big.url}/system/user/queryUserList`,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'admin-token': login.data['Admin-Token'] },
    // A search: the heaviest list query (it reads every user).
    body: JSON.stringify({ pageType: 1002, page: 1, limit: 15, search: '王' }),
    connections: Number(values.connections),
    duration: Number(values.duration),
    workers: 1,
  });
  clearInterval(sampler);
  await sleep(2000);
  rows.push({
    case: `restart on 10,000 users; user-list search load ${values.duration} s × ${values.connections} connections (${load.requests.average.toFixed(0)} req/s, ${load.non2xx + load.errors} errors)`,
    firstAnswer: big.firstAnswerMs,
    idle,
    peak,
    after: rssMb(big.child.pid!),
  });
} finally {
  await big.stop();
}

console.log(
  [
    '',
    `| start-up (${dbLabel}) | first answer ms | resident MB idle | resident MB peak under load | resident MB after load |`,
    '|---|---:|---:|---:|---:|',
    ...rows.map((r) => `| ${r.case} | ${f0(r.firstAnswer)} | ${f0(r.idle)} | ${f0(r.peak)} | ${f0(r.after)} |`),
    '',
  ].join('\n'),
);
