import type { Logger } from 'drizzle-orm';
import type { Db } from '../packages/server/src/db/client.ts';

/** One statement as the driver received it. */
export type Statement = { text: string; params: unknown[] };

/**
 * Records every statement the server sends while `record` runs: the query builder's and raw
 * `execute` ones alike (a list's rows and count, a badge's counters, the field permissions it
 * reads). Pass `logger` to `openDatabase`; the bench must be the only caller while recording.
 */
export function statementRecorder() {
  let sink: Statement[] | undefined;
  const logger: Logger = {
    logQuery(text, params) {
      sink?.push({ text, params });
    },
  };
  async function record(fn: () => Promise<unknown>): Promise<Statement[]> {
    const sent: Statement[] = [];
    sink = sent;
    try {
      await fn();
    } finally {
      sink = undefined;
    }
    return sent;
  }
  return { logger, record };
}

const txControl = /^\s*(begin|commit|rollback|savepoint|release)\b/i;
type RawClient = { query(text: string, params: unknown[]): Promise<unknown> };

/**
 * The raw figure: the recorded statements sent one after another through the driver itself
 * (node-postgres pool or PGlite), no query builder, no row mapping.
 */
export function replayer(db: Db) {
  const client = (db as unknown as { $client: RawClient }).$client;
  return async (statements: Statement[]) => {
    // A transaction's own statements would land on different pool connections: left out.
    for (const s of statements) if (!txControl.test(s.text)) await client.query(s.text, s.params);
  };
}

/** The p-th percentile of a list of timings. */
export const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
