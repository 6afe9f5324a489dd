import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedDemo } from './db/seed.ts';
import { localDiskStorage } from './files/storage.ts';
import { ensureSystemCategories } from './oa/examine/system-categories.ts';

const config = loadConfig();
const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
await ensureSystemCategories(database.db);
if (config.seedDemo && (await seedDemo(database.db))) console.log('demo data seeded: log in as admin / 123456a');

const storage = localDiskStorage(path.join(config.dataDir, 'files'));
const app = await buildApp({ db: database.db, config, storage }, { logger: { level: config.logLevel } });

const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host });
console.log(`客户管理系统 running at http://${config.host}:${config.port} (${database.kind})`);
