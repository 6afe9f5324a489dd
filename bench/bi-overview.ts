/**
 * The performance overview's cost (issue 24, h-bi3): the analyses of /bi/performancePandect (money
 * overview, bookings/visits/deals, visits by type) for a month and a year on the living demo, as
 * the administrator, in sequence, many times; and how many SQL statements one page costs. The
 * page's figures come from one statement per analysis (every base measure, every period and
 * grouping in one `union all`), where they were one statement per measure, period and grouping.
 *
 *   npx tsx bench/bi-overview.ts                                # PGlite (in memory, demo data)
 *   bash scripts/test-postgres.sh npx tsx bench/bi-overview.ts  # a throwaway PostgreSQL
 *   options: --rounds 30
 */
import { parseArgs } from 'node:util';
import { type AnalysisPath, biPages } from '@crm/shared';
import { eq, sql } from 'drizzle-orm';
import { loadRoles, toSessionUser } from '../packages/server/src/auth/session.ts';
import { prepare, runAnalysis } from '../packages/server/src/bi/analyze.ts';
import { queryRows } from '../packages/server/src/core/sql.ts';
import { createKindRegistry } from '../packages/server/src/crm/records/registry.ts';
import { type Db, openPglite, openPostgres } from '../packages/server/src/db/client.ts';
import { users } from '../packages/server/src/db/schema.ts';
import { seedDemo } from '../packages/server/src/db/seed.ts';
import { ensureSystemData } from '../packages/server/src/db/system-data.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '30' } } });
const rounds = Number(values.rounds);

const databaseUrl = process.env.DATABASE_URL || undefined;
const database = databaseUrl ? openPostgres(databaseUrl) : openPglite(undefined);
await database.migrate();
await ensureSystemData(database.db);
await seedDemo(database.db);
const [version] = await queryRows<{ v: string }>(database.db, sql`select current_setting('server_version') as v`);
const dbLabel = `${database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} ${String(version?.v ?? '?').split(' ')[0]}`;

const [admin] = await database.db.select().from(users).where(eq(users.username, 'admin'));
const viewer = toSessionUser(admin!, await loadRoles(database.db, admin!.id));
// No app is built: no record kind is registered, and the admin has no hidden field to read around.
const kinds = createKindRegistry();
const page = biPages.find((p) => p.path === 'performancePandect')!;

/** Count the statements the page sends: every query goes through the database's `execute`. */
let statements = 0;
const counted = new Proxy(database.db, {
  get(target, prop, receiver) {
    const v = Reflect.get(target, prop, receiver);
    if (prop === 'execute' && typeof v === 'function')
      return (...args: unknown[]) => {
        statements++;
        return v.apply(target, args);
      };
    return typeof v === 'function' ? v.bind(target) : v;
  },
}) as Db;

async function openPage(type: string) {
  for (const path of page.analyses as AnalysisPath[]) {
    const p = await prepare(counted, kinds, viewer, path, { type } as never);
    await runAnalysis(counted, p);
  }
}

const pct = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
console.log(`\n**${dbLabel}**, ${rounds} rounds each, the page's ${page.analyses.length} analyses in sequence\n`);
console.log('| period | statements per page | mean ms | p50 ms | p95 ms |');
console.log('|---|---:|---:|---:|---:|');
for (const type of ['month', 'year']) {
  await openPage(type); // warm-up
  statements = 0;
  await openPage(type);
  const perPage = statements;
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    await openPage(type);
    times.push(performance.now() - started);
  }
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  console.log(
    `| ${type} | ${perPage} | ${mean.toFixed(1)} | ${pct(times, 0.5).toFixed(1)} | ${pct(times, 0.95).toFixed(1)} |`,
  );
}
await database.close();
