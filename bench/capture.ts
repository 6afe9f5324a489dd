import type { SQL } from 'drizzle-orm';
import type { Db } from '../packages/server/src/db/client.ts';

/**
 * The statements a query function sends with `execute`, captured by a stand-in for `db` that
 * answers no rows; its other reads (the query builder's, e.g. a viewer's field permissions) go
 * to the real database and are not part of the raw figure.
 */
export async function capturedStatements(db: Db, fn: (on: Db) => Promise<unknown>): Promise<SQL[]> {
  const sent: SQL[] = [];
  const capture = async (q: SQL) => {
    sent.push(q);
    return { rows: [] };
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
