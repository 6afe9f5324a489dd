import path from 'node:path';
import { defineProject } from 'vitest/config';

// Browser tests: real server (packages/server) + Debian chromium, one file at a time.
// Run with `npm run test:e2e` from the root (builds packages/web first).
export default defineProject({
  // The English walk (issue 26) reads the web's route tables, whose modules import through `@/`.
  resolve: { alias: { '@': path.resolve(import.meta.dirname, '../packages/web/src') } },
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/**/*.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 60_000,
    // A page's state after a click waits for its server answer: on a loaded machine that takes more than
    // expect.poll's default second (an approval's 通过 was read before its answer had come).
    expect: { poll: { timeout: 15_000 } },
    hookTimeout: 120_000,
    // One file at a time. Two at a time (E2E_WORKERS=2) took 20 min instead of 33 here, but four files
    // failed on waits that hold at one (docs/testing.md, "Browser tests two at a time").
    maxWorkers: Number(process.env.E2E_WORKERS ?? 1),
  },
});
