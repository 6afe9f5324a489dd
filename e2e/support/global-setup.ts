import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { failuresFile, startServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A server data folder, migrated and seeded with the demo organisation, stopped cleanly. */
    e2eDataTemplate: string;
    /** The company day the template was seeded on (its demo's "today"): see templateOfToday. */
    e2eSeededOn: string;
  }
}

/** Today in the company's zone (the demo's default, Asia/Shanghai), as the seed dates its demo. */
export const companyToday = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' });

/** Migrate and seed a new data folder with the real server, and stop it cleanly. */
export async function buildTemplate(dir: string) {
  // The one start that creates a database (initdb, migrations, seed): more time than a start on a copy.
  const server = await startServer({ dataDir: dir, timeoutMs: 180_000 });
  await server.stop();
}

/**
 * Migrate and seed once per run: the real server starts on a new data folder and stops; each test
 * file's server then starts on a copy of that folder (useE2E) instead of migrating and seeding
 * (bcrypt-hashing every demo password) again.
 */
export default async function setup(project: TestProject) {
  fs.rmSync(failuresFile, { force: true });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-e2e-template-'));
  const seededOn = companyToday();
  await buildTemplate(dir);
  project.provide('e2eDataTemplate', dir);
  project.provide('e2eSeededOn', seededOn);
  // The template and any later day's (templateOfToday's folder, lock and mark share its name).
  return () => {
    for (const name of fs.readdirSync(path.dirname(dir)))
      if (name.startsWith(path.basename(dir)))
        fs.rmSync(path.join(path.dirname(dir), name), { recursive: true, force: true });
  };
}
