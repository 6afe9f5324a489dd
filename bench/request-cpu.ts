/**
 * The per-request cost as CPU time, which a shared machine disturbs far less than throughput:
 * the app (PGlite, demo data, info log to /dev/null) and a bare node:http server answering the same
 * JSON run in this process; the load comes from a child autocannon process, and the CPU this
 * process spent (user + system, `process.cpuUsage`) is divided by the requests it answered.
 * Targets alternate, --rounds times each; the table keeps each one's median.
 *
 *   npx tsx bench/request-cpu.ts --duration 5 --rounds 5 --connections 20
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { openPglite } from '../packages/server/src/db/client.ts';
import { DEMO_PASSWORD, seedDemo } from '../packages/server/src/db/seed.ts';
import { ensureSystemData } from '../packages/server/src/db/system-data.ts';
import { localDiskStorage } from '../packages/server/src/files/storage.ts';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '20' },
  },
});
const database = openPglite(undefined);
await database.migrate();
await ensureSystemData(database.db);
await seedDemo(database.db);
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-bench-files-'));
const config = { ...loadConfig({}), webDist: undefined, dataDir: filesDir };
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
const login = (await (
  await fetch(`${appBase}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD, type: 3 }),
  })
).json()) as { data: { 'Admin-Token': string } };
const token = login.data['Admin-Token'];

const cannon = path.join(import.meta.dirname, '../node_modules/.bin/autocannon');
/** One autocannon run from a child process: the requests answered and this process's CPU µs meanwhile. */
function run(url: string, headers: string[]): Promise<{ requests: number; cpuUs: number }> {
  const args = ['-j', '-c', values.connections, '-d', values.duration, ...headers.flatMap((h) => ['-H', h]), url];
  const before = process.cpuUsage();
  return new Promise((resolve, reject) => {
    const child = spawn(cannon, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.on('error', reject);
    child.on('exit', () => {
      const cpu = process.cpuUsage(before);
      const r = JSON.parse(out) as { requests: { total: number }; non2xx: number; errors: number };
      if (r.non2xx || r.errors) reject(new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`));
      resolve({ requests: r.requests.total, cpuUs: cpu.user + cpu.system });
    });
  });
}

const targets: [string, string, string[]][] = [
  ['bare node:http', `${bareBase}/achievement/ttl`, []],
  ['GET /achievement/ttl (signed in)', `${appBase}/achievement/ttl`, [`admin-token=${token}`]],
];
const perRequest = new Map<string, number[]>(targets.map(([t]) => [t, []]));
try {
  console.log(
    `load average at the start: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}`,
  );
  for (let round = 1; round <= Number(values.rounds); round++)
    for (const [target, url, headers] of targets) {
      const r = await run(url, headers);
      const us = r.cpuUs / r.requests;
      perRequest.get(target)!.push(us);
      console.log(`  round ${round}: ${target}: ${r.requests} requests, ${us.toFixed(1)} µs CPU each`);
    }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const bareUs = median(perRequest.get(targets[0]![0])!);
  console.log(`\n| ${values.connections} connections | CPU µs a request (median) | ÷ bare |\n|---|---:|---:|`);
  for (const [target] of targets) {
    const us = median(perRequest.get(target)!);
    console.log(`| ${target} | ${us.toFixed(1)} | ${(us / bareUs).toFixed(2)}× |`);
  }
  console.log(
    `load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}`,
  );
} finally {
  bare.close();
  await app.close();
  await database.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
}
