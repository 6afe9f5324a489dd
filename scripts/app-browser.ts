/**
 * The running app in a headless browser, for the scripts that look at it (the README screenshot,
 * the shop form's open time): the real server on a fresh demo database (e2e/support/server.ts,
 * the built web bundle) and Debian's chromium, signed in through the login page. No vitest here,
 * so a script runs with plain `npx tsx`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { type RunningServer, startServer } from '../e2e/support/server.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const MAP_HOSTS = ['*.openstreetmap.org', '*.amap.com', '*.baidu.com', '*.bdimg.com', '*.tianditu.gov.cn'];

export type AppBrowser = { server: RunningServer; context: BrowserContext; page: Page; close(): Promise<void> };

export async function openApp(
  opts: { width?: number; height?: number; env?: Record<string, string> } = {},
): Promise<AppBrowser> {
  // The first start on a new folder migrates and seeds the living demo: minutes on a loaded machine.
  // APP_DATA_DIR keeps the folder (and reuses it on the next run: a start on existing data).
  const keep = process.env.APP_DATA_DIR;
  const server = await startServer({ timeoutMs: 300_000, env: opts.env, ...(keep ? { dataDir: keep } : {}) });
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-script-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      // No map service is configured in the demo: its tile hosts resolve nowhere, so nothing waits on them.
      // (Not a request route: routing turns the browser's HTTP cache off, and the timing scripts need it.)
      `--host-resolver-rules=${MAP_HOSTS.map((h) => `MAP ${h} ~NOTFOUND`).join(', ')}`,
    ],
    baseURL: server.url,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: opts.width ?? 1366, height: opts.height ?? 768 },
  });
  context.setDefaultTimeout(60_000);
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    server,
    context,
    page,
    async close() {
      await context.close().catch(() => {});
      fs.rmSync(profile, { recursive: true, force: true });
      await server.stop();
    },
  };
}

/** Sign in through the login page and wait for the shell (the user menu); close sign-in reminders. */
export async function signIn(page: Page, username: string, password = '123456a'): Promise<void> {
  await page.goto('/login');
  const form = page.locator('form').filter({ has: page.locator('input[type="password"]') });
  await form.locator('input:not([type="password"]):not([type="checkbox"]):not([type="hidden"])').first().fill(username);
  await form.locator('input[type="password"]').first().fill(password);
  await form.getByRole('button', { name: /登\s*录/ }).click();
  await page.getByTestId('user-menu').waitFor({ state: 'visible' });
  // The living demo's due tasks pop up at sign-in: let them come, then close them all.
  await page.waitForTimeout(2500);
  await page.locator('.ant-notification-notice-close').evaluateAll((buttons) => {
    for (const b of buttons) (b as HTMLElement).click();
  });
  await page.waitForTimeout(500);
}
