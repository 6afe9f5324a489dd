import path from 'node:path';
import { defineProject } from 'vitest/config';

// Browser tests: real server (packages/server) + Debian chromium, two files at a time.
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
    // Two files at a time (each has its own server, data folder, port and browser): 20 min instead of 32
    // on the 2-core machine. It once lost clicks to antd's opening motion, now off in the browser tests
    // (docs/testing.md, "Lost clicks"). E2E_WORKERS=1 runs them one at a time.
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
  },
});
