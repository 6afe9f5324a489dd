import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { passwordHashing } from '../auth/tokens.ts';
import { openPglite, openPostgres } from '../db/client.ts';
import { seedDemo } from '../db/seed.ts';
import { ensureSystemData } from '../db/system-data.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a dump of the migrated, seeded database. Postgres: the template database name. */
    dbTemplate: { kind: 'pglite'; dumpPath: string } | { kind: 'postgres'; url: string; template: string };
  }
}

/**
 * Migrate and seed once per run; each test file then starts from a copy: a PGlite data-dir
 * dump, or `CREATE DATABASE ... TEMPLATE` on a real server (DATABASE_URL).
 */
export default async function setup(project: TestProject) {
  // The seeded passwords: bcrypt's minimum cost, as in the test files (harness.ts).
  passwordHashing.cost = TEST_PASSWORD_COST;
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = `crm_test_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const database = openPostgres(withDatabase(url, template), 2);
    await database.migrate();
    await ensureSystemData(database.db);
    await seedDemo(database.db, { living: false });
    await database.close();
    project.provide('dbTemplate', { kind: 'postgres', url, template });
    return async () => {
      await admin.query(`drop database if exists ${template}`).catch(() => {});
      await admin.end();
    };
  }
  const database = openPglite(undefined);
  await database.migrate();
  await ensureSystemData(database.db);
  await seedDemo(database.db, { living: false });
  const dumpPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'crm-test-')), 'template.tar');
  const dump = await (await dumpOf(database)).arrayBuffer();
  fs.writeFileSync(dumpPath, Buffer.from(dump));
  await database.close();
  project.provide('dbTemplate', { kind: 'pglite', dumpPath });
  return () => fs.rmSync(path.dirname(dumpPath), { recursive: true, force: true });
}

/** bcrypt's minimum cost: a login in a test checks its password in a millisecond, not a tenth of a second. */
export const TEST_PASSWORD_COST = 4;

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function dumpOf(database: ReturnType<typeof openPglite>): Promise<Blob> {
  return database.pglite!.dumpDataDir('none');
}
