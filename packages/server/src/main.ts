import path from 'node:path';
import { passwordSchema } from '@crm/shared';
import { buildApp } from './app.ts';
import { writeDemoPhotoBytes } from './clinic/photos/living-seed.ts';
import { loadConfig } from './config.ts';
import { writeDemoCallRecordings } from './crm/call-centre/living-seed.ts';
import { failAbandonedJobs } from './crm/records/excel/jobs.ts';
import { openDatabase } from './db/client.ts';
import { hasUsers, seedDemo, seedInitialAdmin } from './db/seed.ts';
import { ensureSystemData } from './db/system-data.ts';
import { localDiskStorage } from './files/storage.ts';

const config = loadConfig();
const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
await ensureSystemData(database.db);
// Excel imports a stopped process left running are failed now, not at their next poll.
await failAbandonedJobs(database.db);
if (config.seedDemo) {
  if (await seedDemo(database.db)) console.log('demo data seeded: log in as admin / 123456a');
} else if (!(await hasUsers(database.db))) {
  // A production database starts with one super administrator whose password the operator sets.
  const password = passwordSchema.safeParse(process.env.ADMIN_PASSWORD ?? '');
  if (!password.success) {
    console.error(
      'empty database: set ADMIN_PASSWORD (6-20 characters, letters and digits) for the first administrator "admin"',
    );
    await database.close();
    process.exit(1);
  }
  await seedInitialAdmin(database.db, password.data);
  console.log('first administrator created: log in as admin with ADMIN_PASSWORD');
}

// Start-up work (initdb of a new PGlite database, migrations, the seed) leaves garbage, much of it
// WebAssembly memory outside the JS heap that V8 is slow to collect: collect it once now when the
// process allows it (`npm start` runs node with --expose-gc).
(globalThis as { gc?: () => void }).gc?.();

const storage = localDiskStorage(path.join(config.dataDir, 'files'));
// The living demo's photos (issue 23, h-visit23): their bytes are drawn here, once, not committed.
if (config.seedDemo) await writeDemoPhotoBytes(database.db, storage);
// The call centre's demo recordings (issue 25, h-call): generated here, not committed.
if (config.seedDemo) await writeDemoCallRecordings(database.db, storage);
const app = await buildApp(
  { db: database.db, config, storage, bus: database.bus },
  { logger: { level: config.logLevel } },
);

const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host });
console.log(`客户管理系统 running at http://${config.host}:${config.port} (${database.kind})`);
