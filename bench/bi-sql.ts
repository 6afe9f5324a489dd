/**
 * The SQL a statistics call runs, with its parameters inlined, and its time (one call, the admin):
 *   DATABASE_URL=… npx tsx bench/bi-sql.ts /biClinic/performancePandect month
 * For EXPLAIN ANALYZE while tuning a call (bench/README.md "Statistics at scale").
 */
import type { AnalysisPath } from '@crm/shared';
import { eq } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { loadRoles, toSessionUser } from '../packages/server/src/auth/session.ts';
import { prepare, runAnalysis } from '../packages/server/src/bi/analyze.ts';
import { createKindRegistry } from '../packages/server/src/crm/records/registry.ts';
import { openDatabase } from '../packages/server/src/db/client.ts';
import { users } from '../packages/server/src/db/schema.ts';

const [path, type = 'month'] = process.argv.slice(2);
const database = openDatabase({ databaseUrl: process.env.DATABASE_URL });
const db = database.db;
const [admin] = await db.select().from(users).where(eq(users.username, 'admin'));
const viewer = toSessionUser(admin!, await loadRoles(db, admin!.id));
const dialect = new PgDialect();
const execute = db.execute.bind(db);
// Inline the parameters so the text runs as is under EXPLAIN.
const literal = (v: unknown) =>
  v === null ? 'null' : typeof v === 'number' ? String(v) : `'${String(v).replaceAll("'", "''")}'`;
const logging = async (q: Parameters<typeof execute>[0]) => {
  const { sql: text, params } = dialect.sqlToQuery(q as never);
  if (!process.env.SQL) return execute(q);
  const started = performance.now();
  const out = await execute(q);
  const inlined = text.replace(/\$(\d+)/g, (_, n) => literal(params[Number(n) - 1]));
  console.log(`-- ${(performance.now() - started).toFixed(0)} ms\n${inlined};\n`);
  return out;
};
(db as { execute: unknown }).execute = logging;
// measureFigures runs its statement in a transaction (set local jit = off): log there too.
const transaction = db.transaction.bind(db);
(db as { transaction: unknown }).transaction = (f: (tx: unknown) => unknown) =>
  transaction(async (tx) => {
    const inner = tx.execute.bind(tx);
    (tx as { execute: unknown }).execute = async (q: Parameters<typeof inner>[0]) => {
      if (!process.env.SQL) return inner(q);
      const { sql: text, params } = dialect.sqlToQuery(q as never);
      console.log(`${text.replace(/\$(\d+)/g, (_, n) => literal(params[Number(n) - 1]))};\n`);
      return inner(q);
    };
    return f(tx);
  });
const prepared = await prepare(db, createKindRegistry(), viewer, path as AnalysisPath, { type } as never);
for (let i = 0; i < 3; i++) {
  const started = performance.now();
  await runAnalysis(db, prepared);
  console.log(`-- call ${i + 1}: ${(performance.now() - started).toFixed(0)} ms`);
}
await database.close?.();
process.exit(0);
