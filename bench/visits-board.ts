/**
 * The booking board and the station queues on 1,000,000 past visits (issue 23): each call over
 * HTTP against the same SQL replayed raw, at 1 and 20 connections. The data (visits-generate.ts:
 * a year of visits and bookings at 客服部, today's board and a queue at every station) is
 * generated first when missing. Target: every endpoint within 1.5× of its SQL.
 *
 * Raw SQL = every statement one call of the endpoint sends (recorded during a real call), replayed
 * through the driver. Markdown to stdout, figures to bench/out/visits-board-<db>.json.
 *
 *   npx tsx bench/visits-board.ts                          # PGlite in bench/out/pglite
 *   bash scripts/test-postgres.sh npx tsx bench/visits-board.ts
 *   SMALL=1 npx tsx bench/visits-board.ts                  # 10,000 visits, for a quick check
 *   options: --visits 1000000 --customers 200000 --seconds 4 --connections 20 --data-dir <dir>
 */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { todayIn } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { queryRows } from '../packages/server/src/core/sql.ts';
import { databaseLabel, type Figures, openBenchDatabase, startBenchServer, writeFigures } from './list-harness.ts';
import { generateVisits } from './visits-generate.ts';

const small = process.env.SMALL === '1';
const { values } = parseArgs({
  options: {
    visits: { type: 'string', default: small ? '10000' : '1000000' },
    customers: { type: 'string', default: small ? '2000' : '200000' },
    users: { type: 'string', default: small ? '1000' : '10000' },
    seconds: { type: 'string', default: small ? '2' : '4' },
    connections: { type: 'string', default: '20' },
    label: { type: 'string', default: '' },
    'data-dir': {
      type: 'string',
      default: path.join(import.meta.dirname, small ? 'out/pglite-visits-small' : 'out/pglite'),
    },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);

const opened = await openBenchDatabase(values['data-dir']);
const { database } = opened;
const db = database.db;
const tGen = performance.now();
const data = await generateVisits(db, {
  visits: Number(values.visits),
  customers: Number(values.customers),
  users: Number(values.users),
  reset: false,
});
const generatedSeconds = (performance.now() - tGen) / 1000;
if (database.kind === 'postgres') await db.execute(sql`vacuum analyze clinic_visit, clinic_appointment`);
const dbLabel = await databaseLabel(database, values.label);
const server = await startBenchServer(opened, seconds);
const [admin] = await queryRows<{ user_id: number }>(db, sql`select user_id from sys_user where username = 'admin'`);
const { token } = await server.login(admin!.user_id);

const storeId = data.store;
const day = todayIn();
type Scenario = { name: string; url: string; body: Record<string, unknown> };
const scenarios: Scenario[] = [
  {
    name: 'board: today by doctor',
    url: '/clinic/booking/board',
    body: { storeId, day, span: 'day', column: 'doctor' },
  },
  {
    name: 'board: this week by doctor',
    url: '/clinic/booking/board',
    body: { storeId, day, span: 'week', column: 'doctor' },
  },
  { name: 'board: today by room', url: '/clinic/booking/board', body: { storeId, day, span: 'day', column: 'room' } },
  { name: 'triage: today’s bookings', url: '/clinic/visit/today', body: { storeId } },
  { name: 'triage: the queue', url: '/clinic/visit/queue', body: { storeId } },
  { name: 'photograph room: the queue', url: '/clinic/photo/queue', body: { storeId } },
  { name: 'nurses’ station: the queue', url: '/clinic/nurse/queue', body: { storeId } },
  { name: 'inpatients: who may be admitted', url: '/clinic/ward/candidates', body: { storeId } },
];

const rows: Record<string, any>[] = [];
try {
  console.log(
    `\n${dbLabel}: ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}, ${data.past} past visits\n`,
  );
  for (const s of scenarios) {
    const { answer, statements } = await server.recordCall(s.url, s.body, token);
    const raw = await server.measureRaw(statements, connections);
    const d = answer.data;
    const r: Record<string, any> = {
      scenario: s.name,
      rows: Array.isArray(d) ? d.length : (d?.appointments?.length ?? ''),
      statements: statements.length,
      raw1: raw.one,
      rawN: raw.many,
      http1: await server.measureHttp(s.url, s.body, token, 1),
      httpN: await server.measureHttp(s.url, s.body, token, connections),
      load: os.loadavg()[0],
    };
    rows.push(r);
    console.log(
      `  ${s.name}: raw p50 ${r.raw1.p50.toFixed(1)} ms, endpoint ${r.http1.p50} ms (load ${r.load.toFixed(1)})`,
    );
  }
} finally {
  await server.close();
}

const f = (n: number, d = 1) => n.toFixed(d);
const pair = (x: Figures) => `${f(x.p50)} / ${f(x.p99)}`;
const c = connections;
console.log(
  [
    '',
    `| ${dbLabel}, ${data.past} past visits | rows | stmts | raw p50 / p99 ms (1) | endpoint (1) | endpoint ÷ raw p50 (1) | raw (${c}) | endpoint (${c}) | endpoint ÷ raw p50 (${c}) | raw / endpoint per s (${c}) | load |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.scenario} | ${r.rows} | ${r.statements} | ${pair(r.raw1)} | ${pair(r.http1)} | ${f(r.http1.p50 / r.raw1.p50)} | ${pair(r.rawN)} | ${pair(r.httpN)} | ${f(r.httpN.p50 / r.rawN.p50)} | ${f(r.rawN.perSec, 0)} / ${f(r.httpN.perSec, 0)} | ${f(r.load)} |`,
    ),
    '',
    `Data generated in this run: ${generatedSeconds > 5 ? `${f(generatedSeconds, 0)} s` : 'no (reused)'}.`,
    '',
  ].join('\n'),
);
writeFigures(`visits-board-${database.kind}${small ? '-small' : ''}`, {
  db: dbLabel,
  date: new Date().toISOString(),
  load: os.loadavg(),
  pastVisits: data.past,
  rows,
});
