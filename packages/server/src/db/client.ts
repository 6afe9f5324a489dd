import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type Bus, pgliteBus, postgresBus } from '../core/bus.ts';
import { serverDir } from '../paths.ts';
// No schema is given to Drizzle: nothing uses its relational queries (`db.query.…`), so the app
// needs no list of every feature's tables; each module imports the tables it reads.
export type Db = PgDatabase<PgQueryResultHKT>;
/** A database handle or an open transaction: repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export type Database = {
  db: Db;
  /** The embedded instance, when on PGlite (tests dump and clone it). */
  pglite?: PGlite;
  kind: 'pglite' | 'postgres';
  /** Publish/subscribe between the processes of this database (LISTEN/NOTIFY). */
  bus: Bus;
  migrate(): Promise<void>;
  close(): Promise<void>;
};

export const migrationsFolder = path.join(serverDir, 'drizzle');

/**
 * PGlite runs PostgreSQL inside this process, in WebAssembly memory that grows to its peak and never
 * shrinks. Its defaults (initdb's 128 MB shared buffers, 64 MB per index build) took the server to
 * ~900 MB resident; these bound the peak. Pages beyond the buffers are still read from the data
 * folder through the operating system's cache. See docs/deploy.md (Memory).
 */
export const PGLITE_SETTINGS: Record<string, string> = {
  shared_buffers: '32MB',
  work_mem: '4MB',
  maintenance_work_mem: '16MB',
  temp_buffers: '2MB',
};
const pgliteStartParams = [
  ...PGlite.defaultStartParams,
  ...Object.entries(PGLITE_SETTINGS).flatMap(([k, v]) => ['-c', `${k}=${v}`]),
];

/** Optional for both databases: `logger` sees every statement sent (benchmarks record them). */
type OpenOptions = { logger?: Logger };

/** Open PGlite on a data folder (or in memory when `dataDir` is undefined), or a pre-built instance. */
export function openPglite(dataDir: string | undefined | PGlite, { logger }: OpenOptions = {}): Database {
  let client: PGlite;
  if (dataDir instanceof PGlite) client = dataDir;
  else {
    if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
    client = new PGlite(dataDir, { startParams: pgliteStartParams });
  }
  const db = drizzlePglite(client, { logger }) as unknown as Db;
  const bus = pgliteBus(client);
  return {
    db,
    pglite: client,
    kind: 'pglite',
    bus,
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    close: async () => {
      await bus.close();
      await client.close();
    },
  };
}

export function openPostgres(url: string, max = 10, { logger }: OpenOptions = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  let closing = false;
  // The server may end an idle connection (restart, failover, pg_terminate_backend, a dropped test
  // database); the pool reports it here and replaces the connection. Without a listener it would be
  // an uncaught exception that stops the process.
  pool.on('error', (err) => {
    if (!closing) console.error(`PostgreSQL: idle connection lost: ${err.message}`);
  });
  const db = drizzlePg(pool, { logger }) as unknown as Db;
  const bus = postgresBus(url, pool);
  return {
    db,
    kind: 'postgres',
    bus,
    async migrate() {
      // Several processes may start at once: one migrates, the others wait on the lock.
      const conn = await pool.connect();
      try {
        await conn.query('select pg_advisory_lock(727001)');
        await migratePg(drizzlePg(conn), { migrationsFolder });
      } finally {
        await conn.query('select pg_advisory_unlock(727001)').catch(() => {});
        conn.release();
      }
    },
    close: async () => {
      closing = true;
      await bus.close();
      await pool.end();
    },
  };
}

export function openDatabase(opts: { databaseUrl?: string; dataDir?: string } & OpenOptions): Database {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl, 10, opts)
    : openPglite(path.join(opts.dataDir ?? 'data', 'pg'), opts);
}
