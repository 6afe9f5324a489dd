import { examineListSchema } from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../packages/server/src/auth/session.ts';
import { queryRows } from '../packages/server/src/core/sql.ts';
import { type Db, openDatabase } from '../packages/server/src/db/client.ts';
import { examineCounts, listExamines, waitingCount } from '../packages/server/src/oa/examine/queries.ts';

const database = openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR });
await database.migrate();
const db = database.db;
if (database.kind !== 'pglite') await db.execute(sql`vacuum analyze`);
const me = { userId: Number(process.argv[2] ?? 15), roles: [], isSuper: false } as unknown as SessionUser;
async function captured(run: (db: Db) => Promise<unknown>): Promise<SQL> {
  let q: SQL | undefined;
  await run({
    execute: async (x: SQL) => {
      q = x;
      return { rows: [] };
    },
  } as unknown as Db);
  return q!;
}
const input = examineListSchema.parse({});
const cases: [string, (d: Db) => Promise<unknown>][] = [
  ['waiting', (d) => listExamines(d, 'waiting', me, input)],
  ['handled', (d) => listExamines(d, 'handled', me, input)],
  ['copied', (d) => listExamines(d, 'copied', { ...me, userId: 16 } as SessionUser, input)],
  ['initiate', (d) => listExamines(d, 'initiate', me, input)],
  ['counts', (d) => examineCounts(d, me.userId)],
  ['badge', (d) => waitingCount(d, me.userId)],
];
for (const [name, run] of cases) {
  const q = await captured(run);
  const rows = await queryRows<Record<string, string>>(db, sql`explain (analyze, buffers) ${q}`);
  const text = rows.map((r) => Object.values(r)[0]).join('\n');
  const ts: number[] = [];
  for (let i = 0; i < 30; i++) {
    const t = performance.now();
    await run(db);
    ts.push(performance.now() - t);
  }
  ts.sort((a, b) => a - b);
  console.log(
    `### ${name}: p50 ${ts[15]!.toFixed(2)} ms, max ${ts[29]!.toFixed(2)} ms\n${
      process.argv[3]
        ? text
        : text
            .split('\n')
            .filter((l) => /Seq Scan|Execution/.test(l))
            .join('\n')
    }\n`,
  );
}
await database.close();
