/**
 * The contract list on 200,000 contracts with their product lines (generated first when missing):
 * `CrmContract/queryPageList` over HTTP and the list function (`recordPage`) called directly,
 * against the same SQL run directly, at 1 and 20 connections, in one run.
 *
 * Scenarios: scene 全部 sorted by update time (the default), page 1 and page 500, a search, a
 * filter on the review state (a computed column), sorted by money, the to-do scene 即将到期的合同,
 * as the administrator (every contract) and as the salesperson who owns the most. Raw SQL = every
 * statement one call of the endpoint sends (recorded during a real call: the page, the count a long
 * list needs, the viewer's field permissions and default scene), replayed through the driver. Markdown to stdout, figures to bench/out/contract-list-<db>.json.
 *
 *   npx tsx bench/contract-list.ts                       # PGlite in bench/out/pglite
 *   bash scripts/test-postgres.sh npx tsx bench/contract-list.ts
 *   options: --contracts 200000 --customers 50000 --seconds 4 --connections 20 --data-dir <dir>
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ModuleCode, recordListSchema, systemSceneIds } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { resolveSession } from '../packages/server/src/auth/session.ts';
import { contractComputed, contractServerKind } from '../packages/server/src/crm/contract/kind.ts';
import { recordPage } from '../packages/server/src/crm/records/list.ts';
import { customFieldsOf } from '../packages/server/src/fields/store.ts';
import type { Statement } from './capture.ts';
import { generateContracts } from './generate-contracts.ts';
import {
  adminAndTopSeller,
  databaseLabel,
  type Figures,
  openBenchDatabase,
  startBenchServer,
  writeFigures,
} from './list-harness.ts';

const { values } = parseArgs({
  options: {
    contracts: { type: 'string', default: '200000' },
    customers: { type: 'string', default: '50000' },
    seconds: { type: 'string', default: '4' },
    connections: { type: 'string', default: '20' },
    label: { type: 'string', default: '' },
    /** Also write EXPLAIN (ANALYZE, BUFFERS) of every statement to bench/out/contract-list-plans-<db>.txt. */
    explain: { type: 'boolean', default: false },
    'data-dir': { type: 'string', default: path.join(import.meta.dirname, 'out/pglite') },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);

const opened = await openBenchDatabase(values['data-dir']);
const { database } = opened;
const db = database.db;
await generateContracts(db, {
  contracts: Number(values.contracts),
  customers: Number(values.customers),
  reset: false,
});
if (database.kind === 'postgres')
  await db.execute(
    sql`vacuum analyze crm_contract, crm_customer, crm_product_line, crm_product_total, crm_receivables, crm_team_member`,
  );
// The expiry reminder on, 30 days (setContractConfig), so 即将到期的合同 lists something.
await db.execute(sql`insert into sys_config (key, value) values ('crmContractConfig', '{"status":1,"contractDay":30}')
  on conflict (key) do update set value = excluded.value`);
const dbLabel = await databaseLabel(database, values.label);
const server = await startBenchServer(opened, seconds);
async function login(userId: number) {
  const signed = await server.login(userId);
  return { ...signed, user: (await resolveSession(db, server.config, signed.token))! };
}
const { adminId, seller } = await adminAndTopSeller(db, 'crm_contract');
const who = { admin: await login(adminId), seller: await login(seller.user_id) };
type Who = keyof typeof who;
const custom = await customFieldsOf(db, ModuleCode.contract);

type Scenario = { name: string; who: Who; body: Record<string, unknown> };
const approved = { checkStatus: { condition: 'is', value: 1, formType: 'number' } };
const scenarios: Scenario[] = [
  { name: '全部, page 1 (admin)', who: 'admin', body: { sceneId: -1 } },
  { name: '全部, page 500 (admin)', who: 'admin', body: { sceneId: -1, page: 500 } },
  { name: '全部, search 热玛吉合同12 (admin)', who: 'admin', body: { sceneId: -1, search: '热玛吉合同12' } },
  { name: '全部, filter 审核状态 通过 (admin)', who: 'admin', body: { sceneId: -1, data: approved } },
  { name: '全部, sort 合同金额 (admin)', who: 'admin', body: { sceneId: -1, sortField: 'money', order: 'desc' } },
  { name: '即将到期的合同 (admin)', who: 'admin', body: { sceneId: systemSceneIds.expiring } },
  { name: `全部, page 1 (top seller, ${seller.n})`, who: 'seller', body: { sceneId: -1 } },
  { name: '全部, search 合同 (top seller)', who: 'seller', body: { sceneId: -1, search: '合同' } },
];
const listFn = (s: Scenario) => (on: typeof db) =>
  recordPage(on, contractServerKind, custom, who[s.who].user, recordListSchema.parse(s.body), [], {
    computed: contractComputed,
  });

const url = '/CrmContract/queryPageList';

const rows: Record<string, any>[] = [];
const plans: string[] = [];
const loadBefore = os.loadavg()[0]!;
try {
  console.log(`\n${dbLabel}: ${os.cpus().length} cores, load ${loadBefore.toFixed(1)}\n`);
  for (const s of scenarios) {
    const token = who[s.who].token;
    const { answer, statements } = await server.recordCall(url, s.body, token);
    if (values.explain) await explain(s.name, statements);
    const raw = await server.measureRaw(statements, connections);
    const fn = await server.measureCalls(() => listFn(s)(db), connections);
    const r: Record<string, any> = { scenario: s.name, totalRow: answer.data.totalRow, statements: statements.length };
    r.raw1 = raw.one;
    r[`raw${connections}`] = raw.many;
    r.fn1 = fn.one;
    r[`fn${connections}`] = fn.many;
    r.http1 = await server.measureHttp(url, s.body, token, 1);
    r[`http${connections}`] = await server.measureHttp(url, s.body, token, connections);
    r.load = os.loadavg()[0];
    rows.push(r);
    console.log(
      `  ${s.name}: raw p50 ${r.raw1.p50.toFixed(1)} ms, function ${r.fn1.p50.toFixed(1)} ms, endpoint ${r.http1.p50} ms (load ${r.load.toFixed(1)})`,
    );
  }
} finally {
  await server.close();
}

/** EXPLAIN (ANALYZE, BUFFERS) of the statements that read (not the session's). */
async function explain(name: string, statements: Statement[]) {
  const client = (db as unknown as { $client: { query(t: string, p: unknown[]): Promise<{ rows: any[] }> } }).$client;
  for (const st of statements) {
    if (!/^\s*(select|with)\b/i.test(st.text)) continue;
    const plan = await client.query(`explain (analyze, buffers) ${st.text}`, st.params);
    plans.push(`## ${name}\n${plan.rows.map((p) => p['QUERY PLAN']).join('\n')}\n`);
  }
}

const f = (n: number, d = 1) => n.toFixed(d);
const pair = (x: Figures) => `${f(x.p50)} / ${f(x.p99)}`;
const c = connections;
console.log(
  [
    '',
    `| ${dbLabel} | rows | stmts | raw p50 / p99 ms (1) | function (1) | endpoint (1) | endpoint ÷ raw (1) | raw (${c}) | function (${c}) | endpoint (${c}) | raw / function / endpoint per s (${c}) | load |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.scenario} | ${r.totalRow} | ${r.statements} | ${pair(r.raw1)} | ${pair(r.fn1)} | ${pair(r.http1)} | ${f(r.http1.p50 / r.raw1.p50)} | ${pair(r[`raw${c}`])} | ${pair(r[`fn${c}`])} | ${pair(r[`http${c}`])} | ${f(r[`raw${c}`].perSec, 0)} / ${f(r[`fn${c}`].perSec, 0)} / ${f(r[`http${c}`].perSec, 0)} | ${f(r.load)} |`,
    ),
    '',
  ].join('\n'),
);
if (plans.length) {
  fs.mkdirSync(path.join(import.meta.dirname, 'out'), { recursive: true });
  fs.writeFileSync(path.join(import.meta.dirname, 'out', `contract-list-plans-${database.kind}.txt`), plans.join('\n'));
}
writeFigures(`contract-list-${database.kind}`, {
  db: dbLabel,
  date: new Date().toISOString(),
  load: os.loadavg(),
  rows,
});
