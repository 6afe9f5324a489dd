/**
 * Every statistics call at the scale of issue 24 (bench/generate-bi.ts): each analysis of
 * `analysisPaths` (and the wall screen's figures) for a month and for a year, 5 concurrent users
 * (here: 5 loops calling at once, as the administrator, whose data scope is everyone: the widest
 * query), `--rounds` calls each; p50 and p95 per call and period, and which calls exceed the
 * issue's 300 ms p95. In process (prepare + runAnalysis, what the route runs), so the figures are
 * the statement's cost, not HTTP's.
 *
 *   SMALL=1 npx tsx bench/bi-all.ts                                         # PGlite, 1/100 size
 *   SMALL=1 bash scripts/test-postgres.sh npx tsx bench/bi-all.ts           # a throwaway PostgreSQL 15
 *   bash scripts/test-postgres.sh npx tsx bench/bi-all.ts                   # the issue's size (hours to generate)
 *   options: --rounds 4 --users 5 --only biClinic[,biRanking/portrait…] --data-dir bench/out/pglite-bi
 *   --keep: measure the data as it is, generate nothing (a copy whose clinic tables were emptied
 *   to save disk would otherwise be filled again)
 *   --paths /biClinic/department,/largeScreen/figures   (exactly these calls, instead of --only)
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type AnalysisPath, analysisPaths } from '@crm/shared';
import { eq, sql } from 'drizzle-orm';
import { loadRoles, toSessionUser } from '../packages/server/src/auth/session.ts';
import { prepare, runAnalysis } from '../packages/server/src/bi/analyze.ts';
import { screenFigures } from '../packages/server/src/bi/screen.ts';
import { queryRows } from '../packages/server/src/core/sql.ts';
import { createKindRegistry } from '../packages/server/src/crm/records/registry.ts';
import { openDatabase } from '../packages/server/src/db/client.ts';
import { users } from '../packages/server/src/db/schema.ts';
import { biScale, generateBi } from './generate-bi.ts';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '4' },
    users: { type: 'string', default: '5' },
    only: { type: 'string', default: '' },
    paths: { type: 'string', default: '' },
    'data-dir': { type: 'string', default: path.join(import.meta.dirname, 'out/pglite-bi') },
    keep: { type: 'boolean', default: false },
  },
});
const rounds = Number(values.rounds);
const exact = values.paths ? values.paths.split(',') : null;
/** `--only a,b`: the calls whose path contains any of them. */
const only = values.only.split(',').filter(Boolean);
const concurrent = Number(values.users);
const small = process.env.SMALL === '1';

const database = openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: path.resolve(values['data-dir']),
});
await database.migrate();
const counts = values.keep
  ? (
      await queryRows(
        database.db,
        sql`select (select count(*) from crm_customer) as customers, (select count(*) from crm_follow_record) as follow_ups,
          (select count(*) from crm_contract) as contracts, (select count(*) from clinic_order) as orders`,
      )
    )[0]
  : await generateBi(database.db, biScale(small), { reset: false, log: false });
const db = database.db;
const [admin] = await db.select().from(users).where(eq(users.username, 'admin'));
const viewer = toSessionUser(admin!, await loadRoles(db, admin!.id));
// No app is built: no record kind is registered, and the admin has no hidden field to read around.
const kinds = createKindRegistry();

type Call = { name: string; run: (type: string) => Promise<unknown> };
const calls: Call[] = [
  ...analysisPaths
    .filter((p) => (exact ? exact.includes(p) : !values.only || only.some((o) => p.includes(o))))
    .map((p: AnalysisPath) => ({
      name: p,
      run: async (type: string) => runAnalysis(db, await prepare(db, kinds, viewer, p, { type } as never)),
    })),
  // The wall screen reads today and the last seven days whatever the period.
  ...((exact ? exact.includes('/largeScreen/figures') : !values.only || only.some((o) => 'largeScreen'.includes(o)))
    ? [{ name: '/largeScreen/figures', run: () => screenFigures(db, {}) }]
    : []),
];

const pct = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

/**
 * `concurrent` loops calling at once, `rounds` calls each: every call's time, and the process's CPU
 * time per call (on PGlite the database runs in this process, so that is the statements' own cost,
 * which a loaded machine disturbs far less than the wall clock).
 */
async function measure(call: Call, type: string): Promise<{ times: number[]; cpu: number }> {
  // Warm-up (plans, caches): one call per loop at once, so every pooled connection has met the
  // tables before the clock starts (a new backend's first statement loads its catalog caches: that
  // cost fell on the month's first round of every call).
  await Promise.all(Array.from({ length: concurrent }, () => call.run(type)));
  const times: number[] = [];
  const cpu0 = process.cpuUsage();
  await Promise.all(
    Array.from({ length: concurrent }, async () => {
      for (let i = 0; i < rounds; i++) {
        const started = performance.now();
        await call.run(type);
        times.push(performance.now() - started);
      }
    }),
  );
  const used = process.cpuUsage(cpu0);
  return { times, cpu: (used.user + used.system) / 1000 / times.length };
}

const label = `${database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}, ${small ? 'SMALL=1' : 'full size'}`;
console.log(`\n**${label}**: ${JSON.stringify(counts)}; ${concurrent} concurrent users × ${rounds} calls each\n`);
const cpuNote = database.kind === 'pglite' ? ' | month CPU ms | year CPU ms' : '';
console.log(`| call | month p50 ms | month p95 ms | year p50 ms | year p95 ms${cpuNote} |`);
console.log(`|---|---:|---:|---:|---:${cpuNote ? '|---:|---:' : ''}|`);
const slow: string[] = [];
for (const call of calls) {
  const cells: string[] = [];
  const cpu: string[] = [];
  for (const type of ['month', 'year']) {
    const { times, cpu: perCall } = await measure(call, type);
    const p95 = pct(times, 0.95);
    if (p95 > 300) slow.push(`${call.name} (${type}, ${p95.toFixed(0)} ms)`);
    cells.push(pct(times, 0.5).toFixed(1), p95.toFixed(1));
    cpu.push(perCall.toFixed(1));
  }
  console.log(`| ${call.name} | ${[...cells, ...(cpuNote ? cpu : [])].join(' | ')} |`);
}
console.log(
  `\n${slow.length} of ${calls.length * 2} call × period over 300 ms p95${slow.length ? `: ${slow.join(', ')}` : ''}`,
);
await database.close();
