import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { serverDir } from '../paths.ts';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

// `npm start` runs the compiled server (packages/server/dist/main.js, @crm/shared bundled in), not
// TypeScript through tsx: build it and start it on an empty PGlite folder as production would.
it('builds the server to plain JavaScript that migrates, seeds and answers', { timeout: 180_000 }, async () => {
  execFileSync(process.execPath, [path.join(serverDir, 'scripts/build.mjs')], { stdio: 'pipe' });
  const main = path.join(serverDir, 'dist/main.js');
  expect(fs.readFileSync(main, 'utf8')).not.toMatch(/from ["']@crm\/shared["']/);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-compiled-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    WEB_DIST: '',
    SEED_DEMO: '0',
    ADMIN_PASSWORD: 'start2026',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  // Plain node, no loader: TypeScript anywhere in the bundle would fail here.
  const child = spawn(process.execPath, [main], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  child.stderr.on('data', (d) => {
    out += d;
  });
  try {
    let answer: { code: number; data: unknown } | undefined;
    for (let i = 0; i < 600 && !answer && child.exitCode === null; i++) {
      answer = await fetch(`http://127.0.0.1:${port}/healthz`)
        .then((r) => r.json() as Promise<{ code: number; data: unknown }>)
        .catch(() => undefined);
      if (!answer) await new Promise((r) => setTimeout(r, 200));
    }
    expect(answer, out).toEqual({ code: 0, msg: 'success', data: { status: 'ok' } });
    const login = await fetch(`http://127.0.0.1:${port}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'start2026', type: 3 }),
    }).then((r) => r.json() as Promise<{ code: number }>);
    expect(login.code).toBe(0);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
