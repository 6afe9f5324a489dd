/**
 * The server process of the chat-sockets benchmark: the app on DATABASE_URL (PostgreSQL), on a
 * free loopback port it prints as `PORT <n>`, logging to /dev/null as `npm start` logs to its
 * output. Run by chat-sockets.ts as its own process so the clients' work is not counted as the
 * server's; it stops when its parent closes stdin.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { openDatabase } from '../packages/server/src/db/client.ts';
import { localDiskStorage } from '../packages/server/src/files/storage.ts';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('chat-server: DATABASE_URL is required');
// The pool `npm start` opens (openDatabase), so the figures are those of a deployed process.
const database = openDatabase({ databaseUrl });
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-bench-chat-'));
const config = { ...loadConfig({}), webDist: undefined, dataDir: filesDir, databaseUrl };
const app = await buildApp(
  { db: database.db, config, storage: localDiskStorage(filesDir), bus: database.bus },
  { logger: { level: 'info', stream: fs.createWriteStream('/dev/null') } },
);
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`PORT ${(app.server.address() as { port: number }).port}`);
process.stdin.resume();
process.stdin.on('end', async () => {
  await app.close();
  await database.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
  process.exit(0);
});
