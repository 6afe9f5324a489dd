import path from 'node:path';
import { repoRoot as root } from './paths.ts';

/** Runtime settings, all from the environment so several processes can share one config. */
export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Idle minutes before a session expires (sliding). */
  sessionIdleMinutes: number;
  uploadMaxMb: number;
  /** Built web bundle to serve; absent in API-only runs and tests. */
  webDist: string | undefined;
  seedDemo: boolean;
  logLevel: string;
  /** Mark the session cookie `Secure` (the server is reached over HTTPS). */
  cookieSecure: boolean;
  /** Log every request at info (an access log); otherwise only failures and slow requests. */
  accessLog: boolean;
  /** A request slower than this is logged (warn) even without the access log. */
  slowRequestMs: number;
  /**
   * Which peers may state the client address in X-Forwarded-For: `loopback` (a proxy on the
   * same machine), addresses or CIDRs separated by commas, or false. The login throttle counts
   * per client address, so a client must never be able to pick its own.
   */
  trustProxy: string | false;
};

const num = (v: string | undefined, fallback: number) => (v && Number.isFinite(Number(v)) ? Number(v) : fallback);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: num(env.PORT, 8080),
    host: env.HOST ?? '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(root, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    sessionIdleMinutes: num(env.SESSION_IDLE_MINUTES, 60),
    uploadMaxMb: num(env.UPLOAD_MAX_MB, 20),
    webDist: env.WEB_DIST === '' ? undefined : path.resolve(env.WEB_DIST ?? path.join(root, 'packages/web/dist')),
    seedDemo: env.SEED_DEMO !== '0',
    logLevel: env.LOG_LEVEL ?? 'info',
    cookieSecure: env.COOKIE_SECURE === '1',
    accessLog: env.ACCESS_LOG === '1',
    slowRequestMs: num(env.SLOW_REQUEST_MS, 1000),
    trustProxy: env.TRUST_PROXY === '0' || env.TRUST_PROXY === '' ? false : (env.TRUST_PROXY ?? 'loopback'),
  };
}
