/**
 * Live queues at scale (issue 23): `screens` station screens (WebSocket clients of the messaging
 * socket, each watching the demo store with `watchVisits`) on one server process
 * (bench/chat-server.ts, its own process) against PostgreSQL; the triage desk reassigns visits at
 * a steady `rate` a second (`/clinic/visit/assign` over HTTP: each a real move, its row's trigger
 * NOTIFYs, the bus hears it, the server pushes `{type: 'visit'}` to every watching socket). Per
 * move and screen: the time from sending the move to that screen's frame (one clock: every client
 * runs here); per move: until the last screen had it. A move's frame missing on a screen 5 s after
 * the end counts as lost. Target: 200 screens, 50 moves/s for 30 s, p99 within a second.
 *
 *   bash scripts/test-postgres.sh npx tsx bench/visits-live.ts
 *   SMALL=1 bash scripts/test-postgres.sh npx tsx bench/visits-live.ts     # 50 screens, 20 moves/s, 10 s
 *   options: --screens 200 --rate 50 (moves/s) --duration 30 (s) --warmup 3 (s, not counted) --pool 300 (visits)
 *
 * The screens are generated colleagues given the triage desk, with sessions written directly (200
 * logins would measure password hashing); the desk's moves are the administrator's. Prints a markdown table; writes
 * bench/out/visits-live.json.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { createSession } from '../packages/server/src/auth/session.ts';
import { CHAT_SOCKET_PATH } from '../packages/server/src/chat/socket.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { queryRows } from '../packages/server/src/core/sql.ts';
import { openPostgres } from '../packages/server/src/db/client.ts';
import { ensureSystemData } from '../packages/server/src/db/system-data.ts';
import { generateCustomers } from './generate-customers.ts';
import { generateOrg } from './generate-org.ts';

const small = process.env.SMALL === '1';
const { values } = parseArgs({
  options: {
    screens: { type: 'string', default: small ? '50' : '200' },
    rate: { type: 'string', default: small ? '20' : '50' },
    duration: { type: 'string', default: small ? '10' : '30' },
    warmup: { type: 'string', default: '3' },
    pool: { type: 'string', default: '300' },
  },
});
const screens = Number(values.screens);
const rate = Number(values.rate);
const duration = Number(values.duration);
const warmup = Number(values.warmup);
const poolSize = Number(values.pool);

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl)
  throw new Error('visits-live runs on PostgreSQL: bash scripts/test-postgres.sh npx tsx bench/visits-live.ts');
const database = openPostgres(databaseUrl);
await database.migrate();
await ensureSystemData(database.db);
await generateOrg(database.db, { users: Math.max(1000, screens + 100), depts: 200, reset: false, log: false });
// Customers enough for a pool where a visit moves again only seconds later.
await generateCustomers(database.db, { customers: Math.max(2000, poolSize * 4), reset: false, log: false });
const db = database.db;
const [version] = await queryRows<{ v: string }>(db, sql`select current_setting('server_version') as v`);
if (poolSize < rate * 3) throw new Error('--pool must hold at least 3 s of moves');
const [store] = await queryRows<{ id: number }>(
  db,
  sql`select s.store_id as id from clinic_booking_setting s join sys_dept d on d.dept_id = s.store_id
      where d.name = '客服部' order by s.store_id limit 1`,
);
const named = async (username: string) =>
  Number(
    (await queryRows<{ id: number }>(db, sql`select user_id as id from sys_user where username = ${username}`))[0]!.id,
  );
const [admin, hexue, sunli] = [await named('admin'), await named('hexue'), await named('sunli')];
// The pool of visits the desk moves: today's, 已分诊, each reassigned between two consultants in turn.
const BATCH = 'bench-live-';
await db.execute(sql`delete from clinic_visit where batch_id like ${`${BATCH}%`}`);
const customers = await queryRows<{ id: number }>(
  db,
  sql`select customer_id as id from crm_customer where owner_user_id is not null order by customer_id limit ${poolSize}`,
);
const pool = await queryRows<{ id: number }>(
  db,
  sql`insert into clinic_visit (customer_id, store_id, visit_type, status, consultant_id, batch_id, create_user_id)
      select c, ${store!.id}, 2, 3, ${hexue}, ${BATCH} || n, ${admin}
      from unnest(${`{${customers.map((c) => c.id).join(',')}}`}::int[]) with ordinality as x(c, n)
      returning visit_id as id`,
);
// One colleague per screen (a new session of a user ends the user's older one), each given the
// triage desk: the watch needs a station's leaf.
await db.execute(sql`insert into sys_role (role_name, role_type)
  select '压测分诊台', 2 where not exists (select 1 from sys_role where role_name = '压测分诊台')`);
const [role] = await queryRows<{ id: number }>(
  db,
  sql`select role_id as id from sys_role where role_name = '压测分诊台'`,
);
await db.execute(sql`insert into sys_role_permission (role_id, permission) values (${role!.id}, 'oa:workflow:triage')
  on conflict do nothing`);
const people = await queryRows<{ id: number }>(
  db,
  sql`select user_id as id from sys_user where status = 1 and username like 'u%' order by user_id limit ${screens}`,
);
if (people.length < screens) throw new Error(`only ${people.length} active users for ${screens} screens`);
await db.execute(sql`insert into sys_user_role (user_id, role_id)
  select u, ${role!.id} from unnest(${`{${people.map((p) => p.id).join(',')}}`}::int[]) u on conflict do nothing`);
const config = loadConfig({});
const tokens: string[] = [];
for (const p of people) tokens.push(await createSession(db, config, Number(p.id), 3));
tokens.push(await createSession(db, config, admin, 3));
await database.close();

const server: ChildProcess = spawn(
  process.execPath,
  ['--import', 'tsx', path.join(import.meta.dirname, 'chat-server.ts')],
  {
    env: { ...process.env },
    stdio: ['pipe', 'pipe', 'inherit'],
  },
);
const port = await new Promise<number>((resolve, reject) => {
  let out = '';
  server.stdout!.on('data', (d: Buffer) => {
    out += d;
    const m = /PORT (\d+)/.exec(out);
    if (m) resolve(Number(m[1]));
  });
  server.once('exit', (code) => reject(new Error(`server exited (${code})`)));
});
const base = `http://127.0.0.1:${port}`;

/** The moves by sequence: sent when, counted or warm-up, and its deliveries. */
type Move = { at: number; counted: boolean; got: number; last: number; answered: number };
const moves: Move[] = [];
/** The move each visit is in now (a visit moves again only seconds later: the pool is large). */
const current = new Map<number, number>();
const deliveries: number[] = [];
let errors = 0;

function connect(token: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${CHAT_SOCKET_PATH}`);
    const timer = setTimeout(() => reject(new Error('connect timeout')), 60_000);
    ws.once('open', () => ws.send(JSON.stringify({ type: 'auth', token })));
    ws.once('error', reject);
    ws.on('message', (data: Buffer) => {
      const f = JSON.parse(String(data)) as { type: string; visitId?: number };
      if (f.type === 'ready') ws.send(JSON.stringify({ type: 'watchVisits', storeIds: [store!.id] }));
      else if (f.type === 'watchingVisits') {
        clearTimeout(timer);
        resolve(ws);
      } else if (f.type === 'visit' && f.visitId !== undefined) {
        const k = current.get(f.visitId);
        if (k === undefined) return;
        const m = moves[k]!;
        const now = performance.now();
        m.got += 1;
        m.last = now;
        if (m.counted) deliveries.push(now - m.at);
      } else if (f.type === 'error') {
        errors += 1;
        if (process.env.DEBUG) console.log(String(data));
      }
    });
  });
}

const pct = (xs: number[], p: number) => {
  if (!xs.length) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};
const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '—');

const all: WebSocket[] = [];
const deskToken = tokens.pop()!;
try {
  const t0 = performance.now();
  for (let i = 0; i < screens; i += 50) all.push(...(await Promise.all(tokens.slice(i, i + 50).map(connect))));
  const connectSeconds = (performance.now() - t0) / 1000;

  const consultantOf = new Map(pool.map((v) => [Number(v.id), hexue]));
  const answers: number[] = [];
  const inFlight: Promise<void>[] = [];
  const move = (k: number, counted: boolean) => {
    const visitId = Number(pool[k % pool.length]!.id);
    const next = consultantOf.get(visitId) === hexue ? sunli : hexue;
    consultantOf.set(visitId, next);
    const m: Move = { at: performance.now(), counted, got: 0, last: 0, answered: 0 };
    moves[k] = m;
    current.set(visitId, k);
    inFlight.push(
      fetch(`${base}/clinic/visit/assign`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'admin-token': deskToken },
        body: JSON.stringify({ visitId, consultantId: next, doctorId: null }),
      })
        .then((r) => r.json() as Promise<{ code: number; msg: string }>)
        .then((a) => {
          m.answered = performance.now() - m.at;
          if (a.code !== 0) {
            errors += 1;
            if (process.env.DEBUG) console.log(`move of visit ${visitId}: ${a.msg}`);
          } else if (counted) answers.push(m.answered);
        }),
    );
  };
  let seq = 0;
  const start = performance.now();
  let load1 = 0;
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const elapsed = (performance.now() - start) / 1000;
      if (elapsed >= warmup + duration) {
        clearInterval(tick);
        return resolve();
      }
      const due = Math.floor(elapsed * rate);
      while (seq < due) move(seq++, elapsed >= warmup);
      if (elapsed >= warmup + duration / 2 && !load1) load1 = os.loadavg()[0]!;
    }, 10);
  });
  await Promise.all(inFlight);
  // Stragglers: up to 5 s to arrive.
  const counted = moves.filter((m) => m.counted);
  const drainUntil = performance.now() + 5000;
  while (counted.some((m) => m.got < screens) && performance.now() < drainUntil)
    await new Promise((r) => setTimeout(r, 50));
  const everyScreen = counted.filter((m) => m.got >= screens).map((m) => m.last - m.at);
  // The fan-out alone: from the move's answer (committed, the NOTIFY sent) to the last screen's frame.
  const fanOut = counted
    .filter((m) => m.got >= screens && m.answered > 0)
    .map((m) => Math.max(0, m.last - (m.at + m.answered)));
  const lost = counted.reduce((sum, m) => sum + Math.max(0, screens - m.got), 0);
  const result = {
    database: `PostgreSQL ${String(version?.v ?? '?').split(' ')[0]}`,
    screens: all.length,
    connectSeconds,
    rate,
    duration,
    moves: counted.length,
    deliveries: deliveries.length,
    lost,
    errors,
    delivery: { p50: pct(deliveries, 50), p99: pct(deliveries, 99), max: pct(deliveries, 100) },
    everyScreen: { p50: pct(everyScreen, 50), p99: pct(everyScreen, 99) },
    move: { p50: pct(answers, 50), p99: pct(answers, 99) },
    fanOut: { p50: pct(fanOut, 50), p99: pct(fanOut, 99) },
    load1,
    cpus: os.cpus().length,
  };
  fs.mkdirSync(path.join(import.meta.dirname, 'out'), { recursive: true });
  fs.writeFileSync(path.join(import.meta.dirname, 'out/visits-live.json'), JSON.stringify(result, null, 2));
  console.log(`\nLive queues: ${result.screens} screens watching one store, one server process, ${result.database}`);
  console.log(
    '| screens | connect (s) | moves/s | measured (s) | moves | deliveries | lost | move → a screen p50 (ms) | p99 | max | move → every screen p50 (ms) | p99 | the move call p50 / p99 (ms) | its answer → every screen p50 / p99 (ms) | errors | load (1 min) |',
  );
  console.log(
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  console.log(
    `| ${result.screens} | ${connectSeconds.toFixed(1)} | ${rate} | ${duration} | ${result.moves} | ${result.deliveries} | ${lost} | ${ms(result.delivery.p50)} | ${ms(result.delivery.p99)} | ${ms(result.delivery.max)} | ${ms(result.everyScreen.p50)} | ${ms(result.everyScreen.p99)} | ${ms(result.move.p50)} / ${ms(result.move.p99)} | ${ms(result.fanOut.p50)} / ${ms(result.fanOut.p99)} | ${errors} | ${load1.toFixed(1)} on ${result.cpus} cores |`,
  );
  if (lost || errors) process.exitCode = 1;
} finally {
  for (const ws of all) ws.terminate();
  server.stdin!.end();
  await new Promise((r) => server.once('exit', r));
}
