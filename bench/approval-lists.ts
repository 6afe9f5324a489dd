/**
 * Every paged list endpoint against its own SQL, at 1 and 20 connections, on the 10,000-user
 * organisation with 100,000 approvals (generated first when missing).
 *
 * For each list (待我审批, 我已审批, 抄送我的, 我发起的 with and without filters, the tab counts, the
 * workbench badge, the user list and the approval-type list):
 *   - raw SQL: every statement one call of the endpoint sends (recorded by the database's logger
 *     during a real call, after a warm-up), replayed through the driver itself: --runs calls one
 *     after another (latency), then 20 callers at once for --seconds (throughput);
 *   - endpoint: the HTTP call (session check, validation, JSON) with autocannon, 1 connection and
 *     20 connections for --seconds each.
 * The ratio columns compare them: endpoint latency / raw latency at 1 connection, raw throughput /
 * endpoint throughput at 20. Markdown to stdout, figures to bench/out/approval-lists-<db>.json.
 *
 *   npm run bench:lists -w bench                       # PGlite in bench/out/pglite
 *   npm run bench:lists:pg -w bench                    # a throwaway PostgreSQL 15
 *   options: --seconds 3 --runs 200 --data-dir <dir> --label <text>
 */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows } from '../packages/server/src/core/sql.ts';
import { generateApprovals } from './generate-approvals.ts';
import { generateOrg } from './generate-org.ts';
import { databaseLabel, openBenchDatabase, startBenchServer, writeFigures } from './list-harness.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '3' },
    runs: { type: 'string', default: '200' },
    label: { type: 'string', default: '' },
    'data-dir': { type: 'string', default: path.join(import.meta.dirname, 'out/pglite') },
  },
});
const seconds = Number(values.seconds);
const runs = Number(values.runs);

const opened = await openBenchDatabase(values['data-dir']);
const { database } = opened;
const db = database.db;
await generateOrg(db, { users: 10000, depts: 200, reset: false });
await generateApprovals(db, { approvals: 100000, reset: false });
// PostgreSQL's autovacuum would do this after the bulk insert; PGlite runs none (tables as written).
if (database.kind === 'postgres')
  await db.execute(sql`vacuum analyze oa_examine, examine_record, examine_task, examine_log, examine_cc, sys_user`);
const dbLabel = await databaseLabel(database, values.label);
const server = await startBenchServer(opened, seconds);
const { login } = server;

const first = async (q: SQL) => (await queryRows<{ user_id: number; n: number }>(db, q))[0]!;
const busiest = await first(sql`select user_id, count(*)::int as n from examine_task
  where status = 'pending' and not superseded group by user_id order by n desc, user_id limit 1`);
const typical = await first(sql`with w as (select user_id, count(*)::int as n from examine_task
    where status = 'pending' and not superseded group by user_id)
  select user_id, n from w where n = (select percentile_disc(0.5) within group (order by n) from w) order by user_id limit 1`);
const copied = await first(
  sql`select user_id, count(*)::int as n from examine_cc group by user_id order by n desc, user_id limit 1`,
);
const prolific = await first(sql`select create_user_id as user_id, count(*)::int as n from oa_examine
  where not is_deleted group by create_user_id order by n desc, create_user_id limit 1`);
const [expense] = await queryRows<{ id: number }>(
  db,
  sql`select category_id as id from oa_examine_category where title = '费用报销' limit 1`,
);
const [admin] = await queryRows<{ user_id: number }>(db, sql`select user_id from sys_user where username = 'admin'`);
const who = {
  busiest: await login(busiest.user_id),
  typical: await login(typical.user_id),
  copied: await login(copied.user_id),
  prolific: await login(prolific.user_id),
  admin: await login(admin!.user_id),
};
type Who = keyof typeof who;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
type Scenario = {
  name: string;
  who: Who;
  url: string;
  body: Record<string, unknown>;
};
const scenarios: Scenario[] = [
  {
    name: `待我审批, busiest (${busiest.n})`,
    who: 'busiest',
    url: '/OaExamine/myOaExamine',
    body: { type: 1 },
  },
  {
    name: `待我审批, typical (${typical.n})`,
    who: 'typical',
    url: '/OaExamine/myOaExamine',
    body: { type: 1 },
  },
  {
    name: '待我审批, busiest, category 费用报销',
    who: 'busiest',
    url: '/OaExamine/myOaExamine',
    body: { type: 1, categoryId: expense?.id },
  },
  {
    name: '待我审批, busiest, last 7 days',
    who: 'busiest',
    url: '/OaExamine/myOaExamine',
    body: { type: 1, startTime: day(-7), endTime: day(0) },
  },
  {
    name: '我已审批, busiest',
    who: 'busiest',
    url: '/OaExamine/myOaExamine',
    body: { type: 2 },
  },
  {
    name: '我已审批, busiest, status 1, page 50',
    who: 'busiest',
    url: '/OaExamine/myOaExamine',
    body: { type: 2, status: 1, page: 50 },
  },
  {
    name: `抄送我的, top recipient (${copied.n})`,
    who: 'copied',
    url: '/OaExamine/myCopyExamine',
    body: {},
  },
  {
    name: `我发起的, prolific (${prolific.n})`,
    who: 'prolific',
    url: '/OaExamine/myInitiate',
    body: {},
  },
  {
    name: '我发起的, prolific, status 0, last 90 days',
    who: 'prolific',
    url: '/OaExamine/myInitiate',
    body: { status: 0, startTime: day(-90), endTime: day(0) },
  },
  {
    name: 'tab counts, busiest',
    who: 'busiest',
    url: '/OaExamine/queryExamineCounts',
    body: {},
  },
  {
    name: 'workbench badge, busiest',
    who: 'busiest',
    url: '/OaBackLog/num',
    body: {},
  },
  {
    name: 'user list, all users page 1',
    who: 'admin',
    url: '/system/user/queryUserList',
    body: { pageType: 1002 },
  },
  {
    name: 'user list, search 王',
    who: 'admin',
    url: '/system/user/queryUserList',
    body: { pageType: 1002, search: '王' },
  },
  {
    // As the settings page asks: every category on one page (it reorders them as a whole).
    name: 'approval types (admin list, all)',
    who: 'admin',
    url: '/OaExamineCategory/queryExamineCategoryList',
    body: { page: 1, limit: 1000 },
  },
];

const rows: Record<string, any>[] = [];
try {
  console.log(`\n${dbLabel}: ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}\n`);
  for (const s of scenarios) {
    const token = who[s.who].token;
    const { answer, statements } = await server.recordCall(s.url, s.body, token);
    const total = answer.data?.totalRow ?? answer.data?.waiting ?? answer.data?.examineNum ?? '';
    const raw = await server.measureRaw(statements, 20, runs);
    const http1 = await server.measureHttp(s.url, s.body, token, 1);
    const http20 = await server.measureHttp(s.url, s.body, token, 20);
    rows.push({
      scenario: s.name,
      totalRow: total,
      statements: statements.length,
      raw: raw.one,
      raw20: raw.many,
      http1,
      http20,
    });
    console.log(
      `  ${s.name}: ${statements.length} statements, raw p50 ${raw.one.p50.toFixed(2)} ms, endpoint p50 ${http1.p50} ms`,
    );
  }
} finally {
  await server.close();
}

const f = (n: number, d = 1) => n.toFixed(d);
const table = [
  `| ${dbLabel} | rows | statements | raw SQL p50 / p99 ms (1 conn) | endpoint p50 / p99 ms (1 conn) | × at 1 | raw q/s (20) | endpoint req/s (20) | × at 20 | endpoint p99 ms (20) |`,
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...rows.map(
    (r) =>
      `| ${r.scenario} | ${r.totalRow} | ${r.statements} | ${f(r.raw.p50, 2)} / ${f(r.raw.p99, 2)} | ${f(r.http1.p50)} / ${f(r.http1.p99)} | ${f(r.http1.mean / r.raw.mean)} | ${f(r.raw20.perSec, 0)} | ${f(r.http20.perSec, 0)} | ${f(r.raw20.perSec / r.http20.perSec)} | ${r.http20.p99} |`,
  ),
].join('\n');
const counts = rows.filter((r) => /tab counts|badge/.test(r.scenario));
console.log(`\n${table}\n`);
console.log(
  `tab counts + badge, raw p50: ${f(
    counts.reduce((a, r) => a + r.raw.p50, 0),
    2,
  )} ms; load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
writeFigures(`approval-lists-${database.kind}${values.label ? `-${values.label.replace(/\W+/g, '-')}` : ''}`, {
  db: dbLabel,
  date: new Date().toISOString(),
  load: os.loadavg(),
  rows,
});
