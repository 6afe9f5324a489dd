/**
 * The clinic's money path at scale (issue 22): the cashier's unpaid list, a customer's deal
 * records and a deal's timeline over HTTP against the same SQL replayed raw, at 1 and 20
 * connections; then charging throughput with 20 cashiers charging distinct orders at once, the
 * same order charged 20 times at once (exactly one may win), and `ledgerAgrees` over everything
 * at the end. The data (generate-money.ts) is generated first when missing.
 *
 * Raw SQL = every statement one call of the endpoint sends (recorded during a real call: the
 * session check is in memory, so these are the page, its count, the customers' fields the viewer
 * may read), replayed through the driver. Markdown to stdout, figures to bench/out/money-<db>.json.
 *
 *   npx tsx bench/money-paths.ts                          # PGlite in bench/out/pglite
 *   bash scripts/test-postgres.sh npx tsx bench/money-paths.ts
 *   SMALL=1 npx tsx bench/money-paths.ts                  # 1/100 of the data, for a quick check
 *   options: --orders 1000000 --customers 200000 --seconds 4 --connections 20 --charges 400 --data-dir <dir>
 */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { ledgerAgrees } from '../packages/server/src/clinic/money/agree.ts';
import { queryRows } from '../packages/server/src/core/sql.ts';
import { generateMoney } from './generate-money.ts';
import { databaseLabel, type Figures, openBenchDatabase, startBenchServer, writeFigures } from './list-harness.ts';

const small = process.env.SMALL === '1';
const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: small ? '10000' : '1000000' },
    customers: { type: 'string', default: small ? '2000' : '200000' },
    users: { type: 'string', default: small ? '1000' : '10000' },
    seconds: { type: 'string', default: small ? '2' : '4' },
    connections: { type: 'string', default: '20' },
    charges: { type: 'string', default: small ? '100' : '400' },
    label: { type: 'string', default: '' },
    'data-dir': {
      type: 'string',
      default: path.join(import.meta.dirname, small ? 'out/pglite-money-small' : 'out/pglite'),
    },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);

const opened = await openBenchDatabase(values['data-dir']);
const { database } = opened;
const db = database.db;
const tGen = performance.now();
await generateMoney(db, {
  orders: Number(values.orders),
  customers: Number(values.customers),
  users: Number(values.users),
  unpaidEvery: 50,
  reset: false,
});
const generatedSeconds = (performance.now() - tGen) / 1000;
if (database.kind === 'postgres')
  await db.execute(
    sql`vacuum analyze clinic_order, clinic_order_line, clinic_payment, clinic_allocation, crm_customer_project_deal_record, clinic_treatment, clinic_customer_account`,
  );
const dbLabel = await databaseLabel(database, values.label);
const server = await startBenchServer(opened, seconds);
const [admin] = await queryRows<{ user_id: number }>(db, sql`select user_id from sys_user where username = 'admin'`);
const { token } = await server.login(admin!.user_id);

// The customer with the most deals and, of theirs, a deal with treatments (the timeline's rows).
const [busiest] = await queryRows<{ customer_id: number; n: number }>(
  db,
  sql`select customer_id, count(*)::int as n from crm_customer_project_deal_record
      group by customer_id having bool_or(sessions_used > 0) order by n desc, customer_id limit 1`,
);
const [treated] = await queryRows<{ deal_id: number }>(
  db,
  sql`select deal_id from crm_customer_project_deal_record where customer_id = ${busiest!.customer_id}
      and sessions_used > 0 order by deal_id limit 1`,
);
const [someone] = await queryRows<{ name: string }>(
  db,
  sql`select c.customer_name as name from clinic_order o join crm_customer c using (customer_id)
      where o.status = 2 order by o.order_id desc limit 1`,
);

type Scenario = { name: string; url: string; body: Record<string, unknown> };
const scenarios: Scenario[] = [
  { name: 'cashier: unpaid orders, page 1', url: '/clinic/cashier/queryUnpaid', body: { page: 1, limit: 15 } },
  { name: 'cashier: unpaid orders, page 100', url: '/clinic/cashier/queryUnpaid', body: { page: 100, limit: 15 } },
  {
    name: `cashier: unpaid orders, search ${someone!.name}`,
    url: '/clinic/cashier/queryUnpaid',
    body: { page: 1, limit: 15, search: someone!.name },
  },
  {
    name: `a customer's deal records (${busiest!.n})`,
    url: '/CrmCustomerProjectDealRecord/getDealRecord',
    body: { customerId: busiest!.customer_id },
  },
  {
    name: 'a deal’s timeline (queryTrackingRecord)',
    url: '/CrmCustomerProjectDealRecord/queryTrackingRecord',
    body: { dealId: treated!.deal_id },
  },
];

const rows: Record<string, any>[] = [];
let charging: Record<string, any> = {};
try {
  console.log(`\n${dbLabel}: ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}\n`);
  for (const s of scenarios) {
    const { answer, statements } = await server.recordCall(s.url, s.body, token);
    const raw = await server.measureRaw(statements, connections);
    const r: Record<string, any> = {
      scenario: s.name,
      rows: answer.data?.totalRow ?? (Array.isArray(answer.data) ? answer.data.length : answer.data?.list?.length),
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
  charging = await measureCharging();
} finally {
  await server.close();
}

/**
 * 20 cashiers charging distinct unpaid orders in full at once (each order once), then one order
 * charged by 20 at once: exactly one answer may succeed and the order has one set of payments.
 */
async function measureCharging() {
  const count = Number(values.charges);
  const unpaid = await queryRows<{ order_id: number; payable: string }>(
    db,
    sql`select order_id, payable::text from clinic_order where status = 2 and kind = 1 order by order_id limit ${count + 1}`,
  );
  if (unpaid.length < count + 1)
    throw new Error(`only ${unpaid.length} unpaid orders left: generate again with --reset`);
  const race = unpaid.pop()!;
  const queue = [...unpaid];
  const answers: number[] = [];
  const refusals = new Map<string, number>();
  const latencies: number[] = [];
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      for (let o = queue.shift(); o; o = queue.shift()) {
        const t = performance.now();
        const res = await server.post(
          '/clinic/cashier/charge',
          { orderId: o.order_id, payments: [{ method: 'cash', amount: o.payable }] },
          token,
        );
        latencies.push(performance.now() - t);
        answers.push(res.code);
        if (res.code !== 0) refusals.set(res.msg, (refusals.get(res.msg) ?? 0) + 1);
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  const raced = await Promise.all(
    Array.from({ length: connections }, () =>
      server.post(
        '/clinic/cashier/charge',
        { orderId: race.order_id, payments: [{ method: 'cash', amount: race.payable }] },
        token,
      ),
    ),
  );
  const [paid] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from clinic_payment where order_id = ${race.order_id}`,
  );
  const tAgree = performance.now();
  const agreement = await ledgerAgrees(db);
  latencies.sort((a, b) => a - b);
  return {
    charges: count,
    succeeded: answers.filter((c) => c === 0).length,
    refusals: Object.fromEntries(refusals),
    perSec: count / elapsed,
    p50: latencies[Math.floor(latencies.length * 0.5)]!,
    p99: latencies[Math.floor(latencies.length * 0.99)]!,
    raceWinners: raced.filter((a) => a.code === 0).length,
    raceRefusals: [...new Set(raced.filter((a) => a.code !== 0).map((a) => a.msg))],
    racePayments: paid!.n,
    ledgerAgrees: agreement.ok,
    ledgerProblems: agreement.ok ? [] : agreement.problems.slice(0, 5),
    agreeSeconds: (performance.now() - tAgree) / 1000,
  };
}

const f = (n: number, d = 1) => n.toFixed(d);
const pair = (x: Figures) => `${f(x.p50)} / ${f(x.p99)}`;
const c = connections;
console.log(
  [
    '',
    `| ${dbLabel} | rows | stmts | raw p50 / p99 ms (1) | endpoint (1) | endpoint ÷ raw p50 (1) | raw (${c}) | endpoint (${c}) | endpoint ÷ raw p50 (${c}) | raw / endpoint per s (${c}) | load |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.scenario} | ${r.rows ?? ''} | ${r.statements} | ${pair(r.raw1)} | ${pair(r.http1)} | ${f(r.http1.p50 / r.raw1.p50)} | ${pair(r.rawN)} | ${pair(r.httpN)} | ${f(r.httpN.p50 / r.rawN.p50)} | ${f(r.rawN.perSec, 0)} / ${f(r.httpN.perSec, 0)} | ${f(r.load)} |`,
    ),
    '',
    `| charging (${dbLabel}) | charges | succeeded | charges/s (${c} at once) | p50 / p99 ms | one order × ${c} at once: winners | its payments | ledgerAgrees | agree s |`,
    '|---|---:|---:|---:|---:|---:|---:|---|---:|',
    `| distinct orders in full, cash | ${charging.charges} | ${charging.succeeded}${charging.succeeded < charging.charges ? ` (refused: ${JSON.stringify(charging.refusals)})` : ''} | ${f(charging.perSec)} | ${f(charging.p50)} / ${f(charging.p99)} | ${charging.raceWinners} (others: ${charging.raceRefusals.join('、')}) | ${charging.racePayments} | ${charging.ledgerAgrees ? 'ok' : `FAILED: ${charging.ledgerProblems.join('; ')}`} | ${f(charging.agreeSeconds)} |`,
    '',
    `Data generated in this run: ${generatedSeconds > 5 ? `${f(generatedSeconds, 0)} s` : 'no (reused)'}.`,
    '',
  ].join('\n'),
);
writeFigures(`money-${database.kind}${small ? '-small' : ''}`, {
  db: dbLabel,
  date: new Date().toISOString(),
  load: os.loadavg(),
  rows,
  charging,
});
if (!charging.ledgerAgrees || charging.raceWinners !== 1 || charging.succeeded !== charging.charges)
  process.exitCode = 1;
