import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
export const artifactsDir = path.join(repoRoot, 'e2e/artifacts');
/** The failed tests' gist (toasts, the server's last lines), one block each; emptied when a run starts. */
export const failuresFile = path.join(artifactsDir, 'failures.txt');
/** Screenshots kept for a person to look at (the layout test), gitignored like the artifacts. */
export const screenshotsDir = path.join(repoRoot, 'e2e/screenshots');
/** The built web bundle the server serves; E2E_WEB_DIST points elsewhere (e.g. to try the harness). */
const webDist = path.resolve(process.env.E2E_WEB_DIST ?? path.join(repoRoot, 'packages/web/dist'));

export type RunningServer = {
  /** Base address, e.g. http://127.0.0.1:40123 (no trailing slash). */
  url: string;
  port: number;
  dataDir: string;
  /** Everything the server printed so far. */
  output(): string;
  stop(): Promise<void>;
};

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Start the real server (`node --import tsx packages/server/src/main.ts`) on a free port with a fresh
 * PGlite data folder: it migrates, seeds the demo organisation (admin / 123456a) and serves the built
 * web bundle. Resolves once `GET /` answers. `env` overrides the server's environment (e.g. SESSION_IDLE_MINUTES).
 * `from`: a data folder to start from, copied (one already migrated and seeded: see global-setup.ts);
 * `dataDir`: the folder to use and keep (not removed when the server stops).
 */
export async function startServer(
  opts: { env?: Record<string, string>; timeoutMs?: number; from?: string; dataDir?: string } = {},
): Promise<RunningServer> {
  if (!fs.existsSync(path.join(webDist, 'index.html')))
    throw new Error(`${webDist}/index.html is missing: run \`npm run build -w packages/web\` (npm run test:e2e does)`);
  const port = await freePort();
  const keep = opts.dataDir !== undefined;
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'crm-e2e-'));
  if (opts.from) fs.cpSync(opts.from, dataDir, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    SEED_DEMO: '1',
    LOG_LEVEL: 'warn',
    ...opts.env,
  };
  // Browser tests always run on their own embedded database, never on a DATABASE_URL that CI set for other tests.
  if (!opts.env?.DATABASE_URL) delete env.DATABASE_URL;

  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => {
    out += d;
  });
  child.stderr!.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const url = `http://127.0.0.1:${port}`;
  const server: RunningServer = {
    url,
    port,
    dataDir,
    output: () => out,
    stop: () => stopChild(child, exited, keep ? undefined : dataDir),
  };

  const deadline = Date.now() + (opts.timeoutMs ?? 90_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      if (!keep) fs.rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`server exited (${child.exitCode ?? child.signalCode}) before answering:\n${out}`);
    }
    try {
      const res = await fetch(`${url}/`, { headers: { accept: 'text/html' }, signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.ok) return server;
      await server.stop();
      throw new Error(`GET / answered ${res.status}; is the web bundle built?\n${out}`);
    } catch (err) {
      if (err instanceof Error && err.message.startsWith('GET /')) throw err;
    }
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`server did not answer on ${url} in time:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function stopChild(child: ChildProcess, exited: Promise<number | null>, dataDir?: string): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
