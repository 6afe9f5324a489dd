import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import { localDiskStorage } from '../files/storage.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { defineRoute } from './route.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('sunli');
});
afterAll(() => t.close());

type Line = { level: number; msg: string; url?: string; status?: number; reqId?: string };

/** An app logging at info into `lines`, with a slow route and a failing one. */
async function loggingApp(overrides: Partial<Config>): Promise<{ app: FastifyInstance; lines: Line[] }> {
  const lines: Line[] = [];
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-log-'));
  const app = await buildApp(
    {
      db: t.database.db,
      config: { ...t.config, ...overrides },
      storage: localDiskStorage(filesDir),
      bus: t.database.bus,
    },
    { logger: { level: 'info', stream: { write: (l: string) => lines.push(JSON.parse(l)) } } },
  );
  defineRoute(app, {
    method: 'GET',
    url: '/test/slow',
    access: 'login',
    handler: () => new Promise((r) => setTimeout(() => r(null), 400)),
  });
  defineRoute(app, {
    method: 'GET',
    url: '/test/broken',
    access: 'login',
    handler: () => {
      throw new Error('broken on purpose');
    },
  });
  app.addHook('onClose', async () => fs.rmSync(filesDir, { recursive: true, force: true }));
  return { app, lines };
}

const get = (app: FastifyInstance, url: string) =>
  app.inject({ method: 'GET', url, headers: { 'admin-token': token } });
const requestLines = (lines: Line[]) => lines.filter((l) => l.url !== undefined).map((l) => [l.level, l.msg, l.url]);

describe('request logs', () => {
  it('log nothing for an ordinary request; server errors and slow requests always', async () => {
    const { app, lines } = await loggingApp({ accessLog: false, slowRequestMs: 250 });
    try {
      await get(app, '/achievement/ttl'); // warm: the first call of a process prepares its queries
      lines.length = 0;
      expect((await get(app, '/achievement/ttl')).json().code).toBe(0);
      expect(requestLines(lines)).toEqual([]);
      expect(lines.filter((l) => l.level <= 30)).toEqual([]);
      await get(app, '/test/slow');
      await get(app, '/test/broken');
      expect(requestLines(lines)).toEqual([
        [40, 'slow request', '/test/slow'],
        [50, 'request failed', '/test/broken'],
      ]);
    } finally {
      await app.close();
    }
  });

  it('log every request at info with ACCESS_LOG', async () => {
    const { app, lines } = await loggingApp({ accessLog: true, slowRequestMs: 1000 });
    try {
      await get(app, '/achievement/ttl');
      expect(requestLines(lines)).toEqual([[30, 'request', '/achievement/ttl']]);
      // The request's logger is made on first use (core/lazy-logger.ts) and still names the request.
      await get(app, '/achievement/ttl');
      const ids = lines.filter((l) => l.url !== undefined).map((l) => l.reqId);
      expect(ids).toHaveLength(2);
      expect(ids[0]).toMatch(/^req-/);
      expect(ids[1]).not.toBe(ids[0]);
    } finally {
      await app.close();
    }
  });
});
