import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { failuresFile, startServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A server data folder, migrated and seeded with the demo organisation, stopped cleanly. */
    e2eDataTemplate: string;
  }
}

/**
 * Migrate and seed once per run: the real server starts on a new data folder and stops; each test
 * file's server then starts on a copy of that folder (useE2E) instead of migrating and seeding
 * (bcrypt-hashing every demo password) again.
 */
export default async function setup(project: TestProject) {
  fs.rmSync(failuresFile, { force: true });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-e2e-template-'));
  // The one start that creates a database (initdb, migrations, seed): more time than a start on a copy.
  const server = await startServer({ dataDir: dir, timeoutMs: 180_000 });
  await server.stop();
  project.provide('e2eDataTemplate', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
