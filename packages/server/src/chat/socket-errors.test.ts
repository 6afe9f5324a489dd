import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { localDiskStorage } from '../files/storage.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { openSocket } from './test-helpers.ts';

/** A socket error the client caused is a warning in the log, not a server error. */
let t: TestApp;
let app: FastifyInstance;
let token: string;
const lines: { level: number; msg: string; code?: string }[] = [];
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-socket-log-'));
beforeAll(async () => {
  t = await createTestApp();
  app = await buildApp(
    { db: t.database.db, config: t.config, storage: localDiskStorage(filesDir), bus: t.database.bus },
    { logger: { level: 'info', stream: { write: (l: string) => lines.push(JSON.parse(l)) } } },
  );
  token = await t.login('admin');
});
afterAll(async () => {
  await app.close();
  await t.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

describe('an oversized chat frame', () => {
  it('closes the socket with 1009 and is logged as a warning, not an error', async () => {
    const socket = await openSocket(app, token);
    socket.sendRaw(JSON.stringify({ type: 'send', content: 'x'.repeat(70 * 1024) }));
    expect(await socket.closed).toBe(1009);
    await expect
      .poll(() => lines.filter((l) => l.level === 40).map((l) => l.code))
      .toContain('WS_ERR_UNSUPPORTED_MESSAGE_LENGTH');
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
  });
});
