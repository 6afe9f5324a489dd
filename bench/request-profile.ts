/**
 * The server side of bench/request-cost.ts alone, for a CPU profile of the per-request path
 * without the load generator in the same process: starts the app (PGlite, demo data, info log to
 * /dev/null), signs admin in, loads `GET /achievement/ttl` from a child autocannon process for
 * --duration seconds at --connections, then exits (so `--cpu-prof` writes its profile).
 *
 *   node --cpu-prof --cpu-prof-dir bench/out/prof --import tsx bench/request-profile.ts --duration 10
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
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
  options: { duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '20' } },
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
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const login = (await (
  await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD, type: 3 }),
  })
).json()) as { data: { 'Admin-Token': string } };
const token = login.data['Admin-Token'];
// The load comes from another process, so the profile holds the server's work only.
const bin = path.join(import.meta.dirname, '../node_modules/.bin/autocannon');
const args = ['-c', values.connections, '-d', values.duration, '-H', `admin-token=${token}`, `${base}/achievement/ttl`];
await new Promise<void>((resolve) => {
  const child = spawn(bin, args, { stdio: 'inherit' });
  child.on('exit', () => resolve());
});
await app.close();
await database.close();
fs.rmSync(filesDir, { recursive: true, force: true });
