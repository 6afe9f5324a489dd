import type { SQL } from 'drizzle-orm';
import type { Db } from '../packages/server/src/db/client.ts';

/**
 * The statements a query function sends with `execute`, captured on their way to the real
 * database (so a statement that depends on an earlier answer, like a list's count after a full
 * first page, is sent and captured as in production; a stand-in answering no rows used to skip
 * it and made the raw figure too small). Its other reads (the query builder's, e.g. a viewer's
 * field permissions) are not part of the raw figure.
 */
export async function capturedStatements(db: Db, fn: (on: Db) => Promise<unknown>): Promise<SQL[]> {
  const sent: SQL[] = [];
  const capture = (q: SQL) => {
    sent.push(q);
    return db.execute(q);
  };
  const fake = new Proxy(db, { get: (target, key) => (key === 'execute' ? capture : Reflect.get(target, key)) });
  await fn(fake).catch(() => undefined);
  return sent;
}

/** The p-th percentile of a list of timings. */
export const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
