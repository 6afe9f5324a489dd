/**
 * What the list benchmarks share (approval-lists, customer-list, contract-list): a database whose
 * statements can be recorded, the server app on a loopback port, sign-in, one endpoint call's
 * statements recorded and replayed raw, and the load loops for the raw and HTTP figures.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { queryRows } from '../packages/server/src/core/sql.ts';
import { type Database, openDatabase } from '../packages/server/src/db/client.ts';
import { DEMO_PASSWORD } from '../packages/server/src/db/seed.ts';
import { ensureSystemData } from '../packages/server/src/db/system-data.ts';
import { localDiskStorage } from '../packages/server/src/files/storage.ts';
import { percentile, replayer, type Statement, statementRecorder } from './capture.ts';

export type Figures = { p50: number; p99: number; mean: number; perSec: number };
export type HttpFigures = Figures & { errors: number };
type Answer = { code: number; msg: string; data: any };

/** Opens the database (`DATABASE_URL`, else PGlite in `dataDir`) with migrations and system data. */
export async function openBenchDatabase(dataDir: string) {
  const recorder = statementRecorder();
  const databaseUrl = process.env.DATABASE_URL || undefined;
  // The server's own pool (10 connections on PostgreSQL) serves the raw replay too: at 20 callers
  // both wait for a connection the same way.
  const database = openDatabase({ databaseUrl, dataDir: path.resolve(dataDir), logger: recorder.logger });
  await database.migrate();
  await ensureSystemData(database.db);
  return { database, recorder, databaseUrl };
}

/** "PostgreSQL 15.18 (label)" or "PGlite 18.6". */
export async function databaseLabel(database: Database, label: string) {
  const [v] = await queryRows<{ v: string }>(database.db, sql`select current_setting('server_version') as v`);
  const name = database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  return `${name} ${String(v?.v ?? '').split(' ')[0]}${label ? ` (${label})` : ''}`;
}

/** The server app on 127.0.0.1 over the bench database, and the calls a bench makes to it. */
export async function startBenchServer(opened: Awaited<ReturnType<typeof openBenchDatabase>>, seconds: number) {
  const { database, recorder, databaseUrl } = opened;
  const db = database.db;
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-bench-files-'));
  const config = { ...loadConfig({}), webDist: undefined, dataDir: filesDir, databaseUrl };
  const app = await buildApp({ db, config, storage: localDiskStorage(filesDir), bus: database.bus });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const replay = replayer(db);

  async function post(url: string, body: unknown, token?: string): Promise<Answer> {
    const res = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { 'admin-token': token } : {}) },
      body: JSON.stringify(body),
    });
    return (await res.json()) as Answer;
  }

  async function login(userId: number) {
    const [u] = await queryRows<{ username: string }>(db, sql`select username from sys_user where user_id = ${userId}`);
    const res = await post('/login', { username: u!.username, password: DEMO_PASSWORD, type: 3 });
    if (res.code !== 0) throw new Error(`login ${u!.username}: ${res.msg}`);
    return { token: res.data['Admin-Token'] as string, userId, username: u!.username };
  }

  /**
   * Calls the endpoint once to warm it (and to check it answers), then records every statement a
   * second call sends: the raw figure's statements.
   */
  async function recordCall(url: string, body: unknown, token: string) {
    const answer = await post(url, body, token);
    if (answer.code !== 0) throw new Error(`${url}: ${answer.msg}`);
    const statements = await recorder.record(() => post(url, body, token));
    return { answer, statements };
  }

  /** Latency one call at a time (`runs` calls or `seconds`), then throughput with `parallel` callers. */
  async function measureCalls(call: () => Promise<unknown>, parallel: number, runs = 200) {
    for (let i = 0; i < 5; i++) await call();
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
      Array.from({ length: parallel }, async () => {
        while (performance.now() - t1 < seconds * 1000) {
          const t = performance.now();
          await call();
          par.push(performance.now() - t);
        }
      }),
    );
    const one: Figures = {
      p50: percentile(lat, 50),
      p99: percentile(lat, 99),
      mean: lat.reduce((a, b) => a + b, 0) / lat.length,
      perSec: 1000 / (lat.reduce((a, b) => a + b, 0) / lat.length),
    };
    const many: Figures = {
      p50: percentile(par, 50),
      p99: percentile(par, 99),
      mean: par.reduce((a, b) => a + b, 0) / par.length,
      perSec: par.length / ((performance.now() - t1) / 1000),
    };
    return { one, many };
  }

  /** The recorded statements replayed raw, as `measureCalls` measures. */
  const measureRaw = (statements: Statement[], parallel: number, runs = 200) =>
    measureCalls(() => replay(statements), parallel, runs);

  /** The endpoint under autocannon with `connections` connections for `seconds`. */
  async function measureHttp(url: string, body: unknown, token: string, connections: number): Promise<HttpFigures> {
    const r = await autocannon({
      url: `${base}${url}`,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'admin-token': token },
      body: JSON.stringify(body),
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

  async function close() {
    await app.close();
    await database.close();
    fs.rmSync(filesDir, { recursive: true, force: true });
  }

  return { db, config, post, login, recordCall, measureCalls, measureRaw, measureHttp, replay, close };
}

/**
 * The administrator and the salesperson (role 销售, own records only) who owns the most rows of a
 * CRM table: the two viewers the CRM list benchmarks compare (every row, and a short scoped list).
 */
export async function adminAndTopSeller(db: Database['db'], table: 'crm_customer' | 'crm_contract') {
  const [admin] = await queryRows<{ user_id: number }>(db, sql`select user_id from sys_user where username = 'admin'`);
  const [seller] = await queryRows<{ user_id: number; n: number }>(
    db,
    sql`select c.owner_user_id as user_id, count(*)::int as n from ${sql.identifier(table)} c
        join sys_user_role ur on ur.user_id = c.owner_user_id
        join sys_role r on r.role_id = ur.role_id and r.role_name = '销售'
        group by c.owner_user_id order by n desc limit 1`,
  );
  return { adminId: admin!.user_id, seller: seller! };
}

/** Writes a bench's figures to bench/out/<name>.json. */
export function writeFigures(name: string, data: unknown) {
  const out = path.join(import.meta.dirname, 'out');
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, `${name}.json`), JSON.stringify(data, null, 2));
}
