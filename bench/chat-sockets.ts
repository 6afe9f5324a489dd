/**
 * Messaging at scale (issue 10): N WebSocket clients, each a different colleague signed in, on one
 * server process (bench/chat-server.ts, its own process) against PostgreSQL; the clients send
 * one-to-one text messages at a steady rate to random colleagues, and every receiver measures the
 * delivery latency (from the sender's `send` to the receiver's `message` frame, one clock: the
 * clients all run here). Target: 5,000 clients, p99 delivery < 100 ms at 500 messages/s.
 *
 *   bash scripts/test-postgres.sh npx tsx bench/chat-sockets.ts
 *   options: --clients 5000 --rate 500 (messages/s) --duration 20 (s) --warmup 3 (s, not counted)
 *            --confirm (receivers send `delivered` for each message, as the web client does)
 *            --profile (the server writes a CPU profile to bench/out/prof)
 *
 * Each message takes the full path of production: stored in a transaction with its NOTIFY, the
 * ack to the sender, the hub's read of the message and the push to the receiver, and the
 * receiver's unread total. Messages not delivered within 5 s after the end count as lost.
 * Prints markdown tables; writes bench/out/chat-sockets.json.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import WebSocket from 'ws';
import { createSession } from '../packages/server/src/auth/session.ts';
import { CHAT_SOCKET_PATH } from '../packages/server/src/chat/socket.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { queryRows } from '../packages/server/src/core/sql.ts';
import { openPostgres } from '../packages/server/src/db/client.ts';
import { ensureSystemData } from '../packages/server/src/db/system-data.ts';
import { generateOrg } from './generate-org.ts';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '5000' },
    rate: { type: 'string', default: '500' },
    duration: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '3' },
    /** Receivers confirm each message with `delivered`, as the web client does. */
    confirm: { type: 'boolean', default: false },
    /** Write a CPU profile of the server process to bench/out/prof (node --cpu-prof). */
    profile: { type: 'boolean', default: false },
  },
});
const clients = Number(values.clients);
const rate = Number(values.rate);
const duration = Number(values.duration);
const warmup = Number(values.warmup);

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl)
  throw new Error('chat-sockets runs on PostgreSQL: bash scripts/test-postgres.sh npx tsx bench/chat-sockets.ts');
const database = openPostgres(databaseUrl);
await database.migrate();
await ensureSystemData(database.db);
await generateOrg(database.db, {
  users: Math.max(Math.ceil(clients * 1.1) + 100, 1000),
  depts: 200,
  reset: false,
  log: false,
});
const [version] = await queryRows<{ v: string }>(database.db, sql`select current_setting('server_version') as v`);

// One signed-in colleague per client (sessions written directly: logging in 5,000 times would
// measure password hashing).
const people = await queryRows<{ user_id: number }>(
  database.db,
  sql`select user_id from sys_user where status = 1 order by user_id limit ${clients}`,
);
if (people.length < clients) throw new Error(`only ${people.length} active users for ${clients} clients`);
const config = loadConfig({});
const tokens: string[] = [];
for (const p of people) tokens.push(await createSession(database.db, config, p.user_id, 3));
await database.close();

// The server in its own process.
const server: ChildProcess = spawn(
  process.execPath,
  [
    ...(values.profile ? ['--cpu-prof', '--cpu-prof-dir', path.join(import.meta.dirname, 'out/prof')] : []),
    '--import',
    'tsx',
    path.join(import.meta.dirname, 'chat-server.ts'),
  ],
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
const url = `ws://127.0.0.1:${port}${CHAT_SOCKET_PATH}`;
/** CPU seconds (user + system) a process has used so far (0 once it is gone). */
const procCpu = (pid: number) => {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
};
const serverCpu = () => procCpu(server.pid!);
/** PostgreSQL's processes (the server's backends and the background ones), when on this machine. */
const pgPids = async () => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const res = await client.query<{ pid: number }>('select pid from pg_stat_activity where pid <> pg_backend_pid()');
    return res.rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
};
const ownCpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
const rssMb = () => {
  const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
};

type Client = { ws: WebSocket; userId: number };
/** Sent messages by their client id: when, and whether counted. */
const pending = new Map<string, { at: number; counted: boolean; acked: boolean }>();
const delivery: number[] = [];
const acks: number[] = [];
let errors = 0;

function connect(token: string, userId: number): Promise<Client> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const timer = setTimeout(() => reject(new Error('connect timeout')), 60_000);
    ws.once('open', () => ws.send(JSON.stringify({ type: 'auth', token })));
    ws.once('error', reject);
    ws.on('message', (data: Buffer) => {
      const f = JSON.parse(String(data)) as {
        type: string;
        clientMsgId?: string;
        message?: { clientMsgId: string; fromUserId: number; conversationId: number; messageId: number };
      };
      if (f.type === 'ready') {
        clearTimeout(timer);
        resolve({ ws, userId });
      } else if (f.type === 'message' && f.message && f.message.fromUserId !== userId) {
        if (values.confirm)
          ws.send(
            JSON.stringify({
              type: 'delivered',
              conversationId: f.message.conversationId,
              messageId: f.message.messageId,
            }),
          );
        const sent = pending.get(f.message.clientMsgId);
        if (!sent) return;
        if (sent.counted) delivery.push(performance.now() - sent.at);
        pending.delete(f.message.clientMsgId);
      } else if (f.type === 'ack' && f.clientMsgId) {
        const sent = pending.get(f.clientMsgId);
        if (sent && !sent.acked) {
          sent.acked = true;
          if (sent.counted) acks.push(performance.now() - sent.at);
        }
      } else if (f.type === 'error') errors += 1;
    });
  });
}

const pct = (xs: number[], p: number) => {
  if (!xs.length) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};
const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '—');

const all: Client[] = [];
const t0 = performance.now();
const BATCH = 100;
try {
  for (let i = 0; i < clients; i += BATCH) {
    const batch = tokens.slice(i, i + BATCH).map((tk, j) => connect(tk, people[i + j]!.user_id));
    all.push(...(await Promise.all(batch)));
  }
  const connectSeconds = (performance.now() - t0) / 1000;
  const rssConnected = rssMb();

  // A steady rate: every 10 ms the messages due by now, from random senders to random others.
  let seq = 0;
  let sent = 0;
  const start = performance.now();
  const postgres = await pgPids();
  const pgCpu = () => postgres.reduce((sum, pid) => sum + procCpu(pid), 0);
  const cpuAtStart = { server: serverCpu(), bench: ownCpu(), postgres: pgCpu() };
  const total = warmup + duration;
  let load1 = 0;
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const elapsed = (performance.now() - start) / 1000;
      if (elapsed >= total) {
        clearInterval(tick);
        return resolve();
      }
      const due = Math.floor(elapsed * rate);
      while (seq < due) {
        seq += 1;
        // Two different clients by index (no search: the bench's own cost stays constant in N).
        const i = Math.floor(Math.random() * all.length);
        const j = (i + 1 + Math.floor(Math.random() * (all.length - 1))) % all.length;
        const from = all[i]!;
        const to = all[j]!;
        const clientMsgId = `b${seq}`;
        const counted = elapsed >= warmup;
        pending.set(clientMsgId, { at: performance.now(), counted, acked: false });
        if (counted) sent += 1;
        from.ws.send(
          JSON.stringify({
            type: 'send',
            clientMsgId,
            toUserId: to.userId,
            msgType: 'txt',
            content: `压测消息 ${seq}`,
          }),
        );
      }
      if (elapsed >= warmup + duration / 2 && !load1) load1 = os.loadavg()[0]!;
    }, 10);
  });
  const rssLoaded = rssMb();
  // Share of one core each process used while sending (warm-up included).
  const wall = (performance.now() - start) / 1000;
  const cpu = {
    server: (serverCpu() - cpuAtStart.server) / wall,
    bench: (ownCpu() - cpuAtStart.bench) / wall,
    postgres: (pgCpu() - cpuAtStart.postgres) / wall,
  };
  // Stragglers: up to 5 s to arrive.
  const drainUntil = performance.now() + 5000;
  while ([...pending.values()].some((p) => p.counted) && performance.now() < drainUntil)
    await new Promise((r) => setTimeout(r, 50));
  const lost = [...pending.values()].filter((p) => p.counted).length;

  const result = {
    database: `PostgreSQL ${String(version?.v ?? '?').split(' ')[0]}`,
    clients: all.length,
    connectSeconds,
    rate,
    duration,
    sent,
    delivered: delivery.length,
    lost,
    errors,
    delivery: { p50: pct(delivery, 50), p90: pct(delivery, 90), p99: pct(delivery, 99), max: pct(delivery, 100) },
    ack: { p50: pct(acks, 50), p99: pct(acks, 99) },
    rssConnected,
    rssLoaded,
    load1,
    cpu,
    cpus: os.cpus().length,
    confirm: values.confirm,
  };
  fs.mkdirSync(path.join(import.meta.dirname, 'out'), { recursive: true });
  fs.writeFileSync(path.join(import.meta.dirname, 'out/chat-sockets.json'), JSON.stringify(result, null, 2));

  console.log(
    `\nMessaging: ${result.clients} WebSocket clients on one server process, ${result.database}${values.confirm ? ', receivers confirm each message (delivered)' : ''}`,
  );
  console.log(
    '| clients | connect (s) | rate (msg/s) | measured (s) | sent | delivered | lost | delivery p50 (ms) | p90 | p99 | max | ack p50 (ms) | ack p99 | server RSS connected / loaded (MB) | load (1 min) |',
  );
  console.log(
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  console.log(
    `| ${result.clients} | ${connectSeconds.toFixed(1)} | ${rate} | ${duration} | ${sent} | ${delivery.length} | ${lost} | ${ms(result.delivery.p50)} | ${ms(result.delivery.p90)} | ${ms(result.delivery.p99)} | ${ms(result.delivery.max)} | ${ms(result.ack.p50)} | ${ms(result.ack.p99)} | ${rssConnected} / ${rssLoaded} | ${load1.toFixed(1)} on ${result.cpus} cores |`,
  );
  console.log(
    `CPU while sending: server ${(cpu.server * 100).toFixed(0)}% of a core, PostgreSQL ${(cpu.postgres * 100).toFixed(0)}%, bench clients ${(cpu.bench * 100).toFixed(0)}%`,
  );
  if (errors) console.log(`${errors} error frames`);
} finally {
  for (const c of all) c.ws.terminate();
  server.stdin!.end();
  await new Promise((r) => server.once('exit', r));
}
