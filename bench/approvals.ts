/**
 * Benchmark of approvals (审批) on a large organisation with many approvals.
 *
 * Starts the server app in-process (buildApp) on a loopback port against the benchmark database:
 * the 10,000-user organisation (generate-org.ts) and 100,000 approvals (generate-approvals.ts) are
 * generated first when missing. Then:
 *   1. cycles: sunli submits a 普通审批 with three approver levels (zhaoqiang → liming → wangzong),
 *      who approve in turn: saveOaExamine + three examineAction('approve') calls (what
 *      /OaExamine/setOaExamine and /OaExamine/auditExamine run), --cycles one after another
 *      (latency per cycle and per action), then --cycles with --in-flight cycles at once
 *      (throughput); then the same over HTTP for --http-cycles. The cycles' approvals are deleted
 *      again afterwards.
 *   2. lists: 待我审批, 我已审批, 抄送我的, 我发起的 and the tab counts for the busiest, a typical and
 *      a prolific user, with filters: HTTP with autocannon (in a worker thread) for --duration
 *      seconds with --connections connections, and direct (listExamines, the endpoint's query and
 *      row mapping) --runs calls in sequence and --runs with --connections in flight (each phase
 *      bounded by --direct-seconds). Then EXPLAIN (ANALYZE, BUFFERS) of the list queries.
 * Prints markdown tables and writes the figures to bench/out/approvals-<db>.json, the plans to
 * bench/out/approvals-explain-<db>.txt.
 *
 *   npx tsx bench/approvals.ts                                 # PGlite in bench/out/pglite
 *   DATABASE_URL=postgres://... npx tsx bench/approvals.ts     # a PostgreSQL server
 *   options: --cycles 200 --in-flight 10 --http-cycles 50 --duration 5 --connections 10 --runs 200
 *            --direct-seconds 3 --approvals 100000 --users 10000 --reset (regenerate the approvals)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { examineListSchema, oaExamineSaveSchema } from '@crm/shared';
import autocannon from 'autocannon';
import { type SQL, sql } from 'drizzle-orm';
import { buildApp } from '../packages/server/src/app.ts';
import { resolveSession, type SessionUser } from '../packages/server/src/auth/session.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { queryRows } from '../packages/server/src/core/sql.ts';
import { type Db, openDatabase } from '../packages/server/src/db/client.ts';
import { DEMO_PASSWORD } from '../packages/server/src/db/seed.ts';
import { ensureSystemData } from '../packages/server/src/db/system-data.ts';
import { localDiskStorage } from '../packages/server/src/files/storage.ts';
import { examineAction } from '../packages/server/src/oa/examine/actions.ts';
import { examineDetail } from '../packages/server/src/oa/examine/detail.ts';
import { saveOaExamine } from '../packages/server/src/oa/examine/form.ts';
import { examineCounts, type ListKind, listExamines, waitingCount } from '../packages/server/src/oa/examine/queries.ts';
import { generateApprovals } from './generate-approvals.ts';
import { generateOrg } from './generate-org.ts';

const { values } = parseArgs({
  options: {
    cycles: { type: 'string', default: '200' },
    'in-flight': { type: 'string', default: '10' },
    'http-cycles': { type: 'string', default: '50' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    runs: { type: 'string', default: '200' },
    'direct-seconds': { type: 'string', default: '3' },
    approvals: { type: 'string', default: '100000' },
    users: { type: 'string', default: '10000' },
    reset: { type: 'boolean', default: false },
    'data-dir': { type: 'string', default: path.join(import.meta.dirname, 'out/pglite') },
  },
});
const cycles = Number(values.cycles);
const inFlight = Number(values['in-flight']);
const httpCycles = Number(values['http-cycles']);
const duration = Number(values.duration);
const connections = Number(values.connections);
const runs = Number(values.runs);
const directMs = Number(values['direct-seconds']) * 1000;

/** batch_id prefix of the cycles' approvals, deleted after the cycles. */
const CYCLE_BATCH = 'bench:cycle:';

const tStart = performance.now();
const databaseUrl = process.env.DATABASE_URL || undefined;
const database = openDatabase({ databaseUrl, dataDir: path.resolve(values['data-dir']) });
const dbLabel = database.kind === 'pglite' ? 'PGlite' : await serverVersion();
await database.migrate();
await ensureSystemData(database.db);
await generateOrg(database.db, { users: Number(values.users), depts: 200, reset: false });
const genT0 = performance.now();
const approvalStats = await generateApprovals(database.db, {
  approvals: Number(values.approvals),
  reset: values.reset,
});
const genSeconds = (performance.now() - genT0) / 1000;
const db = database.db;

const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-bench-files-'));
const config = { ...loadConfig({}), webDist: undefined, dataDir: filesDir, databaseUrl };
const storage = localDiskStorage(filesDir);
const app = await buildApp({ db, config, storage, bus: database.bus });
await app.listen({ port: 0, host: '127.0.0.1' });
// The logins' keep-alive connections wait through the direct phase, which on PGlite under load
// outlasts Fastify's 72 s idle timeout: the server then closes them as fetch reuses them (ECONNRESET).
app.server.keepAliveTimeout = 30 * 60_000;
const { port } = app.server.address() as { port: number };
const base = `http://127.0.0.1:${port}`;

type Answer<T = unknown> = { code: number; msg: string; data: T };
async function post<T>(url: string, body: unknown, token?: string): Promise<Answer<T>> {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'admin-token': token } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Answer<T>;
}
const tokens = new Map<string, { token: string; user: SessionUser }>();
async function login(username: string) {
  const known = tokens.get(username);
  if (known) return known;
  const res = await post<{ 'Admin-Token': string }>('/login', { username, password: DEMO_PASSWORD, type: 3 });
  if (res.code !== 0) throw new Error(`${username} login failed: ${res.msg}`);
  const token = res.data['Admin-Token'];
  const user = await resolveSession(db, config, token);
  if (!user) throw new Error(`no session for ${username}`);
  const session = { token, user };
  tokens.set(username, session);
  return session;
}

try {
  console.log(
    `\n${dbLabel}: ${approvalStats.approvals} approvals (${approvalStats.waiting} waiting tasks), ` +
      `${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}\n`,
  );

  // ---- 1. submit + three-level approval cycles ---------------------------------------------------

  const [general] = await queryRows<{ id: number }>(
    db,
    sql`select category_id as id from oa_examine_category where type = 'general' and not is_deleted order by category_id limit 1`,
  );
  if (!general) throw new Error('the 普通审批 category is missing');
  const categoryId = Number(general.id);
  const applicant = await login('sunli');
  const chain = [await login('zhaoqiang'), await login('liming'), await login('wangzong')];
  const approverIds = chain.map((c) => c.user.userId);
  await deleteCycles();

  let cycleNo = 0;
  const formBody = () => {
    const n = ++cycleNo;
    return {
      oaExamine: {
        categoryId,
        batchId: `${CYCLE_BATCH}${Date.now()}:${n}`,
        content: `采购办公用品 ${n}`,
        detail: '打印纸 20 箱',
      },
      oaExamineRelation: {},
      field: [],
      checkUserId: approverIds.join(','),
      ccUserId: [],
    };
  };
  type Cycle = { total: number; steps: number[] };
  const directCycle = async (): Promise<Cycle> => {
    const input = oaExamineSaveSchema.parse(formBody());
    const t0 = performance.now();
    const saved = await saveOaExamine(db, storage, app.registry.kinds, applicant.user, input);
    const steps = [performance.now() - t0];
    let status = saved.status;
    for (const a of chain) {
      const t = performance.now();
      status = (
        await examineAction(db, app.registry.subjects, saved.recordId, {
          type: 'approve',
          userId: a.user.userId,
          remarks: '同意',
        })
      ).status;
      steps.push(performance.now() - t);
    }
    if (status !== 1) throw new Error(`cycle ended in status ${status}`);
    return { total: performance.now() - t0, steps };
  };
  const httpCycle = async (): Promise<Cycle> => {
    const t0 = performance.now();
    const saved = await post<{ recordId: number }>('/OaExamine/setOaExamine', formBody(), applicant.token);
    if (saved.code !== 0) throw new Error(`setOaExamine: ${saved.msg}`);
    const steps = [performance.now() - t0];
    let status = -1;
    for (const a of chain) {
      const t = performance.now();
      const res = await post<{ status: number }>(
        '/OaExamine/auditExamine',
        { recordId: saved.data.recordId, status: 1, remarks: '同意' },
        a.token,
      );
      if (res.code !== 0) throw new Error(`auditExamine: ${res.msg}`);
      status = res.data.status;
      steps.push(performance.now() - t);
    }
    if (status !== 1) throw new Error(`cycle ended in status ${status}`);
    return { total: performance.now() - t0, steps };
  };
  const cycleRows: Record<string, unknown>[] = [];
  const measureCycles = async (via: string, run: () => Promise<Cycle>, n: number) => {
    await run(); // warm-up
    const seq: Cycle[] = [];
    for (let i = 0; i < n; i++) seq.push(await run());
    const t0 = performance.now();
    const par: Cycle[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: inFlight }, async () => {
        while (next++ < n) par.push(await run());
      }),
    );
    const secs = (performance.now() - t0) / 1000;
    const totals = seq.map((c) => c.total);
    const parTotals = par.map((c) => c.total);
    const col = (i: number) => seq.map((c) => c.steps[i]!);
    const row = {
      via,
      cycles: n,
      cycleMean: mean(totals),
      cycleP50: pct(totals, 50),
      cycleP95: pct(totals, 95),
      steps: ['submit', 'approve 1', 'approve 2', 'approve 3'].map((name, i) => ({
        name,
        mean: mean(col(i)),
        p50: pct(col(i), 50),
        p95: pct(col(i), 95),
      })),
      sequentialPerSec: n / (totals.reduce((a, b) => a + b, 0) / 1000),
      parallelCyclesPerSec: n / secs,
      parallelActionsPerSec: (4 * n) / secs,
      parallelCycleP50: pct(parTotals, 50),
      parallelCycleP95: pct(parTotals, 95),
    };
    cycleRows.push(row);
    console.log(
      `  cycles ${via}: ${row.cycleMean.toFixed(1)} ms per cycle in sequence, ` +
        `${row.parallelCyclesPerSec.toFixed(1)} cycles/s with ${inFlight} in flight`,
    );
  };
  await measureCycles('direct', directCycle, cycles);
  if (httpCycles > 0) await measureCycles('HTTP', httpCycle, httpCycles);
  const removed = await deleteCycles();
  console.log(`  (removed the ${removed} approvals the cycles made)`);

  // ---- 2. the lists on 100,000 approvals ----------------------------------------------------------

  // PostgreSQL's autovacuum processes a table after a bulk insert or delete; do it now rather than
  // in the middle of a measurement. PGlite runs no autovacuum: its tables stay as written.
  if (database.kind === 'postgres')
    await db.execute(sql`vacuum analyze oa_examine, examine_record, examine_task, examine_log, examine_cc`);

  const one = async (q: SQL) => (await queryRows<{ user_id: number; n: number }>(db, q))[0]!;
  const busiest = await one(
    sql`select user_id, count(*)::int as n from examine_task where status = 'pending' and not superseded
        group by user_id order by n desc, user_id limit 1`,
  );
  // A typical approver: the median of those with something waiting.
  const typical = await one(
    sql`with w as (select user_id, count(*)::int as n from examine_task where status = 'pending' and not superseded group by user_id)
        select user_id, n from w where n = (select percentile_disc(0.5) within group (order by n) from w) order by user_id limit 1`,
  );
  const copied = await one(
    sql`select user_id, count(*)::int as n from examine_cc group by user_id order by n desc, user_id limit 1`,
  );
  const prolific = await one(
    sql`select create_user_id as user_id, count(*)::int as n from oa_examine where not is_deleted
        group by create_user_id order by n desc, create_user_id limit 1`,
  );
  const [expense] = await queryRows<{ id: number; title: string }>(
    db,
    sql`select category_id as id, title from oa_examine_category where title = '费用报销' and not is_deleted limit 1`,
  );
  const usernameOf = async (id: number) =>
    (await queryRows<{ username: string }>(db, sql`select username from sys_user where user_id = ${id}`))[0]!.username;
  const who = {
    busiest: await login(await usernameOf(busiest.user_id)),
    typical: await login(await usernameOf(typical.user_id)),
    copied: await login(await usernameOf(copied.user_id)),
    prolific: await login(await usernameOf(prolific.user_id)),
  };
  // The generated data must be valid engine state: the busiest approver may act on what waits (the
  // detail view of an approval not copied to them, so that nothing is marked read).
  const [waitingOne] = await queryRows<{ examine_id: number }>(
    db,
    sql`select e.examine_id from oa_examine e join examine_task t on t.record_id = e.record_id
        where t.user_id = ${busiest.user_id} and t.status = 'pending'
          and not exists (select 1 from examine_cc c where c.record_id = e.record_id and c.user_id = t.user_id)
        limit 1`,
  );
  const detail = await examineDetail(db, Number(waitingOne?.examine_id), who.busiest.user);
  if (!detail.permitted.approve) throw new Error('a generated waiting approval cannot be approved by its approver');

  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const page = { page: 1, limit: 15 };
  type Scenario = {
    name: string;
    who: keyof typeof who;
    url: string;
    body: Record<string, unknown>;
    kind: ListKind | 'counts' | 'waitingCount';
  };
  const scenarios: Scenario[] = [
    {
      name: `待我审批, busiest approver (${busiest.n} waiting)`,
      who: 'busiest',
      url: '/OaExamine/myOaExamine',
      body: { ...page, type: 1 },
      kind: 'waiting',
    },
    {
      name: `待我审批, typical approver (${typical.n} waiting)`,
      who: 'typical',
      url: '/OaExamine/myOaExamine',
      body: { ...page, type: 1 },
      kind: 'waiting',
    },
    {
      name: `待我审批, busiest, category ${expense?.title ?? '?'}`,
      who: 'busiest',
      url: '/OaExamine/myOaExamine',
      body: { ...page, type: 1, categoryId: expense?.id },
      kind: 'waiting',
    },
    {
      name: '待我审批, busiest, last 7 days',
      who: 'busiest',
      url: '/OaExamine/myOaExamine',
      body: { ...page, type: 1, startTime: day(-7), endTime: day(0) },
      kind: 'waiting',
    },
    {
      name: '我已审批, busiest approver',
      who: 'busiest',
      url: '/OaExamine/myOaExamine',
      body: { ...page, type: 2 },
      kind: 'handled',
    },
    {
      name: '我已审批, busiest, status 1, page 50',
      who: 'busiest',
      url: '/OaExamine/myOaExamine',
      body: { page: 50, limit: 15, type: 2, status: 1 },
      kind: 'handled',
    },
    {
      name: `抄送我的, top recipient (${copied.n} copies)`,
      who: 'copied',
      url: '/OaExamine/myCopyExamine',
      body: { ...page },
      kind: 'copied',
    },
    {
      name: `我发起的, prolific applicant (${prolific.n})`,
      who: 'prolific',
      url: '/OaExamine/myInitiate',
      body: { ...page },
      kind: 'initiate',
    },
    {
      name: '我发起的, prolific, status 0, last 90 days',
      who: 'prolific',
      url: '/OaExamine/myInitiate',
      body: { ...page, status: 0, startTime: day(-90), endTime: day(0) },
      kind: 'initiate',
    },
    {
      name: 'tab counts, busiest approver',
      who: 'busiest',
      url: '/OaExamine/queryExamineCounts',
      body: {},
      kind: 'counts',
    },
    {
      name: 'workbench badge (OaBackLog/num), busiest',
      who: 'busiest',
      url: '/OaBackLog/num',
      body: {},
      kind: 'waitingCount',
    },
  ];
  /** The query function behind a scenario (what the endpoint runs after the session check). */
  const directOf = (
    kind: Scenario['kind'],
    me: SessionUser,
    input: ReturnType<typeof examineListSchema.parse>,
    on: Db = db,
  ) =>
    kind === 'counts'
      ? examineCounts(on, me.userId)
      : kind === 'waitingCount'
        ? waitingCount(on, me.userId)
        : listExamines(on, kind, me, input);

  const listRows: Record<string, unknown>[] = [];
  for (const s of scenarios) {
    const me = who[s.who];
    const input = examineListSchema.parse(s.body);
    const direct = () => directOf(s.kind, me.user, input);
    const check = await post<{ totalRow?: number; waiting?: number; examineNum?: number }>(s.url, s.body, me.token);
    if (check.code !== 0) throw new Error(`${s.name}: ${check.msg}`);
    const total = check.data.totalRow ?? check.data.waiting ?? check.data.examineNum;
    const http = await autocannon({
      url: `${base}${s.url}`,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'admin-token': me.token },
      body: JSON.stringify(s.body),
      connections,
      duration,
      workers: 1,
    });
    const seq: number[] = [];
    const tSeq = performance.now();
    while (seq.length < runs && (seq.length < 10 || performance.now() - tSeq < directMs)) {
      const t = performance.now();
      await direct();
      seq.push(performance.now() - t);
    }
    const t0 = performance.now();
    let done = 0;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (done < runs && (done < 10 || performance.now() - t0 < directMs)) {
          done++;
          await direct();
        }
      }),
    );
    const row = {
      scenario: s.name,
      user: me.user.username,
      totalRow: total,
      httpReqPerSec: http.requests.average,
      httpP50: http.latency.p50,
      httpP97_5: http.latency.p97_5,
      httpErrors: http.errors + http.timeouts + http.non2xx,
      directCalls: seq.length,
      directMean: mean(seq),
      directP50: pct(seq, 50),
      directP95: pct(seq, 95),
      directParallelQps: done / ((performance.now() - t0) / 1000),
    };
    listRows.push(row);
    console.log(`  ${s.name}: ${row.httpReqPerSec.toFixed(0)} req/s over HTTP, ${row.directMean.toFixed(2)} ms direct`);
  }

  // ---- plans ---------------------------------------------------------------------------------------

  const plans: string[] = [];
  const planned = [0, 1, 4, 6, 7, 9, 10].map((i) => scenarios[i]!);
  const meOf = (s: Scenario) => who[s.who].user;
  /** EXPLAIN ANALYZE of a scenario's query: the plan (with BUFFERS) and the execution time without per-node timing. */
  const explain = async (s: Scenario, on: Db, label = '') => {
    const query = await capturedQuery((fake) => directOf(s.kind, meOf(s), examineListSchema.parse(s.body), fake));
    const text = (q: SQL) =>
      queryRows<Record<string, string>>(on, q).then((rows) => rows.map((r) => Object.values(r)[0]!).join('\n'));
    const plan = await text(sql`explain (analyze, buffers) ${query}`);
    const timed = await text(sql`explain (analyze, timing off) ${query}`);
    plans.push(`## ${s.name}${label} (user ${meOf(s).userId})\n\n${plan}\n`);
    return Number(/Execution Time: ([\d.]+)/.exec(timed)?.[1] ?? Number.NaN);
  };
  const planTimes: Record<string, number> = {};
  for (const s of planned) planTimes[s.name] = await explain(s, db);

  // ---- index check: oa_examine_record_idx on (record_id) or (record_id, is_deleted) ---------------

  // Every list and count joins oa_examine on record_id and skips deleted forms. With is_deleted in
  // the index, the counts become index-only scans instead of a sequential scan of oa_examine. The
  // other form of the index is measured inside a transaction that is rolled back.
  const [recordIdx] = await queryRows<{ def: string }>(
    db,
    sql`select indexdef as def from pg_indexes where indexname = 'oa_examine_record_idx'`,
  );
  const widened = /\(record_id, is_deleted\)/.test(recordIdx?.def ?? '');
  const shapes = { narrow: '(record_id)', wide: '(record_id, is_deleted)' };
  const otherShape = widened ? shapes.narrow : shapes.wide;
  const checked = [0, 9, 10, 4, 6, 1].map((i) => scenarios[i]!);
  const timeDirect = async (s: Scenario, on: Db) => {
    const input = examineListSchema.parse(s.body);
    const xs: number[] = [];
    const t0 = performance.now();
    await directOf(s.kind, meOf(s), input, on);
    while (xs.length < runs && (xs.length < 10 || performance.now() - t0 < directMs / 2)) {
      const t = performance.now();
      await directOf(s.kind, meOf(s), input, on);
      xs.push(performance.now() - t);
    }
    return { mean: mean(xs), p50: pct(xs, 50), calls: xs.length };
  };
  const indexRows: Record<string, unknown>[] = [];
  const current: Record<string, { mean: number; p50: number; calls: number }> = {};
  for (const s of checked) current[s.name] = await timeDirect(s, db);
  const other: typeof current = {};
  const otherPlanTimes: Record<string, number> = {};
  const rollback = new Error('rollback');
  await db
    .transaction(async (tx) => {
      const on = tx as unknown as Db;
      await on.execute(sql`drop index oa_examine_record_idx`);
      await on.execute(sql.raw(`create index oa_examine_record_idx on oa_examine ${otherShape}`));
      for (const s of checked) other[s.name] = await timeDirect(s, on);
      for (const s of [scenarios[0]!, scenarios[9]!, scenarios[10]!])
        otherPlanTimes[s.name] = await explain(s, on, ` — index on ${otherShape}`);
      throw rollback;
    })
    .catch((err) => {
      if (err !== rollback) throw err;
    });
  for (const s of checked) {
    const [narrow, wide] = widened ? [other[s.name]!, current[s.name]!] : [current[s.name]!, other[s.name]!];
    indexRows.push({
      scenario: s.name,
      narrowMean: narrow.mean,
      narrowP50: narrow.p50,
      wideMean: wide.mean,
      wideP50: wide.p50,
      speedup: narrow.mean / wide.mean,
    });
  }

  // ---- output ------------------------------------------------------------------------------------

  const f = (n: unknown, d = 1) => (typeof n === 'number' ? n.toFixed(d) : String(n));
  const cycleTable = [
    `| cycles (${dbLabel}) | n | cycle mean ms | p50 | p95 | submit mean / p95 ms | approve 1 | approve 2 | approve 3 | cycles/s in sequence | cycles/s (${inFlight} in flight) | actions/s (${inFlight} in flight) | cycle p50 / p95 ms in flight |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...cycleRows.map((r) => {
      const steps = r.steps as { mean: number; p95: number }[];
      return `| ${r.via} | ${r.cycles} | ${f(r.cycleMean)} | ${f(r.cycleP50)} | ${f(r.cycleP95)} | ${steps.map((s) => `${f(s.mean)} / ${f(s.p95)}`).join(' | ')} | ${f(r.sequentialPerSec)} | ${f(r.parallelCyclesPerSec)} | ${f(r.parallelActionsPerSec, 0)} | ${f(r.parallelCycleP50, 0)} / ${f(r.parallelCycleP95, 0)} |`;
    }),
  ].join('\n');
  const listTable = [
    `| list (${dbLabel}) | user | totalRow | HTTP req/s | HTTP p50 ms | HTTP p97.5 ms | HTTP errors | direct mean ms | direct p50 ms | direct p95 ms | direct q/s (${connections} in flight) |`,
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...listRows.map(
      (r) =>
        `| ${r.scenario} | ${r.user} | ${r.totalRow} | ${f(r.httpReqPerSec, 0)} | ${f(r.httpP50, 0)} | ${f(r.httpP97_5, 0)} | ${r.httpErrors} | ${f(r.directMean, 2)} | ${f(r.directP50, 2)} | ${f(r.directP95, 2)} | ${f(r.directParallelQps, 0)} |`,
    ),
  ].join('\n');
  const planTable = [
    `| EXPLAIN ANALYZE (${dbLabel}), timing off | execution ms | with the index on ${otherShape} |`,
    '|---|---:|---:|',
    ...Object.entries(planTimes).map(([k, v]) => `| ${k} | ${f(v, 2)} | ${f(otherPlanTimes[k] ?? '', 2)} |`),
  ].join('\n');
  const indexTable = [
    `| oa_examine_record_idx (${dbLabel}; schema has ${widened ? shapes.wide : shapes.narrow}) | ${shapes.narrow}: mean / p50 ms | ${shapes.wide}: mean / p50 ms | speed-up |`,
    '|---|---:|---:|---:|',
    ...indexRows.map(
      (r) =>
        `| ${r.scenario} | ${f(r.narrowMean, 2)} / ${f(r.narrowP50, 2)} | ${f(r.wideMean, 2)} / ${f(r.wideP50, 2)} | ${f(r.speedup, 1)}× |`,
    ),
  ].join('\n');
  console.log(`\n${cycleTable}\n\n${listTable}\n\n${planTable}\n\n${indexTable}\n`);
  const totalSeconds = (performance.now() - tStart) / 1000;
  console.log(
    `whole run ${totalSeconds.toFixed(0)} s (generation ${genSeconds.toFixed(1)} s), load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const outDir = path.join(import.meta.dirname, 'out');
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, `approvals-explain-${database.kind}.txt`), `# ${dbLabel}\n\n${plans.join('\n')}`);
  fs.writeFileSync(
    path.join(outDir, `approvals-${database.kind}.json`),
    JSON.stringify(
      {
        db: dbLabel,
        date: new Date().toISOString(),
        load: os.loadavg(),
        options: values,
        approvalStats,
        generationSeconds: genSeconds,
        totalSeconds,
        cycles: cycleRows,
        lists: listRows,
        planTimes,
        indexCheck: { schema: widened ? shapes.wide : shapes.narrow, rows: indexRows, otherPlanTimes },
      },
      null,
      2,
    ),
  );
} finally {
  await app.close();
  await database.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
}

/** Delete the approvals the cycles made (their records, tasks, log and copies go with them). */
async function deleteCycles(): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`delete from examine_record where subject_type = 'oa' and subject_id in
      (select examine_id from oa_examine where batch_id like ${`${CYCLE_BATCH}%`})`);
    const gone = await queryRows<{ id: number }>(
      tx,
      sql`delete from oa_examine where batch_id like ${`${CYCLE_BATCH}%`} returning examine_id as id`,
    );
    return gone.length;
  });
}

/** The SQL a query function sends, captured by a stand-in database that answers no rows. */
async function capturedQuery(run: (db: Db) => Promise<unknown>): Promise<SQL> {
  let captured: SQL | undefined;
  const fake = {
    execute: async (q: SQL) => {
      captured = q;
      return { rows: [] };
    },
  } as unknown as Db;
  await run(fake);
  if (!captured) throw new Error('no query captured');
  return captured;
}

function mean(xs: number[]): number {
  return xs.reduce((a, b) => a + b, 0) / xs.length;
}
function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}
async function serverVersion(): Promise<string> {
  const probe = openDatabase({ databaseUrl });
  try {
    const [v] = await queryRows<{ v: string }>(probe.db, sql`select current_setting('server_version') as v`);
    return `PostgreSQL ${String(v?.v ?? '?').split(' ')[0]}`;
  } finally {
    await probe.close();
  }
}
