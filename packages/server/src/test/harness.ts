import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Input, InputPath } from '@crm/shared';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { passwordHashing } from '../auth/tokens.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Database, openPglite, openPostgres } from '../db/client.ts';
import { DEMO_PASSWORD } from '../db/seed.ts';
import { localDiskStorage } from '../files/storage.ts';
import { TEST_PASSWORD_COST, withDatabase } from './global-setup.ts';

export type Answer<T = any> = { code: number; msg: string; data: T };
/**
 * A test's body for a path: the type of the path's shared input contract (issue 27), so a fixture
 * that disagrees with what the route reads fails tsc. A path without one (an upload, a route a test
 * adds, a path only known at run time) takes any body.
 */
export type BodyOf<U extends string> = string extends U ? unknown : U extends InputPath ? Input<U> : unknown;
/** A body a test sends against the contract on purpose (to see it refused): not type-checked. */
export const raw = (body: unknown): never => body as never;
type CallOptions = {
  token?: string;
  body?: unknown;
  query?: Record<string, string>;
  form?: boolean;
  /** The client address the request comes from. */
  address?: string;
  /** Extra headers (a cookie). */
  headers?: Record<string, string>;
};

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Call the API and answer its parsed `{code, msg, data}`. */
  call<T = any>(method: 'GET' | 'POST', url: string, opts?: CallOptions): Promise<Answer<T> & { status: number }>;
  post<U extends string, T = any>(url: U, body?: BodyOf<U>, token?: string): Promise<Answer<T> & { status: number }>;
  /** Log in a seeded user (password 123456a) and answer the token. */
  login(username: string, password?: string): Promise<string>;
  /**
   * Another server on the same database, as a second process would be (on PostgreSQL with its
   * own pool and listening connection); `extend` may add routes before it starts.
   */
  sibling(extend?: (app: FastifyInstance) => void): Promise<{ app: FastifyInstance; close(): Promise<void> }>;
  close(): Promise<void>;
};

/** A server on its own copy of the migrated, seeded database: one per test file. */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  // Passwords the tests create are hashed at bcrypt's minimum cost, like the seeded ones
  // (global-setup.ts); set here, not on import, as loading a module changes nothing (features.test.ts).
  passwordHashing.cost = TEST_PASSWORD_COST;
  const template = inject('dbTemplate');
  let database: Database;
  let dropDb: (() => Promise<void>) | undefined;
  let dbUrl: string | undefined;
  if (template.kind === 'pglite') {
    const blob = new Blob([fs.readFileSync(template.dumpPath)]);
    const client = new PGlite({ loadDataDir: blob });
    await client.waitReady;
    database = openPglite(client);
  } else {
    const name = `crm_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: template.url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template.template}`);
    await admin.end();
    dbUrl = withDatabase(template.url, name);
    database = openPostgres(dbUrl, 5);
    dropDb = async () => {
      const a = new pg.Client({ connectionString: template.url });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    };
  }
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-files-'));
  const config: Config = { ...loadConfig({}), webDist: undefined, dataDir: filesDir, ...overrides };
  const app = await buildApp({ db: database.db, config, storage: localDiskStorage(filesDir), bus: database.bus });

  const call: TestApp['call'] = async (method, url, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers['admin-token'] = opts.token;
    let payload: string | undefined;
    if (opts.body !== undefined) {
      if (opts.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        payload = new URLSearchParams(opts.body as Record<string, string>).toString();
      } else {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(opts.body);
      }
    }
    const res = await app.inject({ method, url, headers, payload, query: opts.query, remoteAddress: opts.address });
    // The wire rule, held on every call a test makes: a handled outcome of a call is HTTP 200
    // (the outcome is `code`); only a crash is a 5xx. GETs may be file streams, which keep theirs.
    if (method === 'POST' && res.statusCode !== 200 && res.statusCode < 500)
      throw new Error(`${url} answered HTTP ${res.statusCode}: ${res.body.slice(0, 200)}`);
    return { ...(res.json() as Answer), status: res.statusCode };
  };

  return {
    app,
    database,
    config,
    call,
    post: (url, body, token) => call('POST', url, { body: body ?? {}, token }),
    async login(username, password = DEMO_PASSWORD) {
      const res = await call('POST', '/login', { body: { username, password, type: 3 } });
      if (res.code !== 0) throw new Error(`login ${username} failed: ${res.msg}`);
      return res.data['Admin-Token'] as string;
    },
    async sibling(extend) {
      const other = dbUrl ? openPostgres(dbUrl, 5) : database;
      const app2 = await buildApp({ db: other.db, config, storage: localDiskStorage(filesDir), bus: other.bus });
      extend?.(app2);
      await app2.ready();
      return {
        app: app2,
        async close() {
          await app2.close();
          if (other !== database) await other.close();
        },
      };
    },
    async close() {
      await app.close();
      await database.close();
      await dropDb?.();
      fs.rmSync(filesDir, { recursive: true, force: true });
    },
  };
}
