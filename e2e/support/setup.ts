import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest';
import { type BrowserSession, type Device, launchBrowser, screenshotOnFailure } from './browser.ts';
import { buildTemplate, companyToday } from './global-setup.ts';
import { artifactsDir, failuresFile, type RunningServer, startServer } from './server.ts';

export type E2E = {
  readonly server: RunningServer;
  readonly browser: BrowserSession;
  /** The open page of the browser, with baseURL set to the server. */
  readonly page: Page;
};

/**
 * One server (its own copy of the migrated database with the demo data) and one browser for the whole
 * test file, both stopped after it,
 * with a screenshot in e2e/artifacts/ of every failed test; a test fails if the Content-Security-Policy
 * blocked anything during it. Call at the top of a test file:
 *
 *   const e2e = useE2E();
 *   it('...', async () => { await e2e.page.goto('/login'); ... });
 */
export function useE2E(opts: { env?: Record<string, string>; device?: Device } = {}): E2E {
  let server: RunningServer | undefined;
  let browser: BrowserSession | undefined;
  beforeAll(async () => {
    server = await startServer({ env: opts.env, from: await templateOfToday() });
    browser = await launchBrowser({ baseURL: server.url, device: opts.device });
    // More than the usual hook time: after midnight the first file seeds a new template (see below).
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  screenshotOnFailure(() => browser?.page);
  // A failed test prints what the server logged (crashes, slow requests) and the toasts shown while it ran,
  // and adds the gist to e2e/artifacts/failures.txt, which .ci/run prints last (CI keeps only its tail).
  beforeEach(({ onTestFailed, task }) => {
    const logFrom = server?.output().length ?? 0;
    const toastsFrom = browser?.toasts.length ?? 0;
    onTestFailed(() => {
      const log = server?.output().slice(logFrom).trim() ?? '';
      if (log) console.error(`the server logged during the test:\n${log.slice(-4000)}`);
      const shown = browser?.toasts.slice(toastsFrom) ?? [];
      const toasts = `toasts during the test: ${shown.length ? shown.join(' | ') : 'none'}`;
      console.error(toasts);
      const lastLines = log
        .split('\n')
        .filter(Boolean)
        .slice(-8)
        .map((l) => `    ${l.slice(0, 240)}`);
      const gist = [
        `${task.file?.name ?? ''} > ${task.name}`,
        `  ${toasts}`,
        lastLines.length ? '  the server logged (last lines):' : '  the server logged nothing',
        ...lastLines,
      ];
      fs.mkdirSync(artifactsDir, { recursive: true });
      fs.appendFileSync(failuresFile, `${gist.join('\n')}\n`);
    });
  });
  // Every step of every browser test runs under the server's Content-Security-Policy: nothing the
  // app loads or runs may be blocked by it.
  afterEach(() => {
    const blocked = browser?.cspViolations.splice(0) ?? [];
    expect(blocked, 'blocked by the Content-Security-Policy').toEqual([]);
  });
  const need = <T>(v: T | undefined, what: string): T => {
    if (v === undefined) throw new Error(`${what} is not started (use it inside tests or hooks)`);
    return v;
  };
  return {
    get server() {
      return need(server, 'server');
    },
    get browser() {
      return need(browser, 'browser');
    },
    get page() {
      return need(browser, 'browser').page;
    },
  };
}

/**
 * The seeded data folder whose demo is of today. The run's template was seeded on the day the run
 * started, and the demo's data is relative to its day (today's positions, visits, schedule): a run
 * that crosses midnight in the company's zone seeds a template of the new day once, for the files
 * that start after it. The first worker to get the lock builds it; the others wait for its mark.
 */
async function templateOfToday(): Promise<string> {
  const template = inject('e2eDataTemplate');
  const today = companyToday();
  if (today === inject('e2eSeededOn')) return template;
  const dir = `${template}-${today}`;
  const ready = `${dir}.ready`;
  try {
    fs.mkdirSync(`${dir}.lock`);
    await buildTemplate(dir);
    fs.writeFileSync(ready, today);
    return dir;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const deadline = Date.now() + 240_000;
  while (!fs.existsSync(ready)) {
    if (Date.now() > deadline) throw new Error(`no template of ${today} after 240 s (another worker builds it)`);
    await new Promise((r) => setTimeout(r, 500));
  }
  return dir;
}
