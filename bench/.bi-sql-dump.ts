// temp: dump the statements of one analysis (params inlined) for EXPLAIN
import { eq } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { loadRoles, toSessionUser } from '../packages/server/src/auth/session.ts';
import { prepare, runAnalysis } from '../packages/server/src/bi/analyze.ts';
import { createKindRegistry } from '../packages/server/src/crm/records/registry.ts';
import { openDatabase } from '../packages/server/src/db/client.ts';
import { users } from '../packages/server/src/db/schema.ts';
const [path, type] = process.argv.slice(2);
const database = openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: "/tmp/none" });
const db = database.db;
const [admin] = await db.select().from(users).where(eq(users.username, 'admin'));
const viewer = toSessionUser(admin!, await loadRoles(db, admin!.id));
const dialect = new PgDialect();
const orig = db.execute.bind(db);
const out: string[] = [];
(db as any).execute = async (q: any) => {
  const { sql: text, params } = dialect.sqlToQuery(q);
  const inl = text.replace(/\$(\d+)/g, (_, n) => { const v = params[Number(n) - 1]; return typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`; });
  const t = Date.now(); const r = await orig(q); out.push(`-- ${Date.now() - t} ms\n${inl};`); return r;
};
await runAnalysis(db, await prepare(db, createKindRegistry(), viewer, path as any, { type } as never));
console.log(out.join('\n\n'));
process.exit(0);
