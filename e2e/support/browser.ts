import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page, type Response } from 'playwright-core';
import { beforeEach, expect } from 'vitest';
import { artifactsDir } from './server.ts';

/** Debian's chromium (apt-get install chromium fonts-wqy-microhei); never `playwright install`. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export type BrowserSession = {
  context: BrowserContext;
  page: Page;
  /** What the server's Content-Security-Policy blocked so far, as the console said it (useE2E fails on any). */
  cspViolations: string[];
  /** Every toast (antd message) the page showed, in order: a failed test prints those of its own time. */
  toasts: string[];
  close(): Promise<void>;
};

/**
 * Launch headless chromium with a fresh profile (--user-data-dir) and one open page.
 * Playwright adds --headless itself; `baseURL` lets tests write `page.goto('/login')`.
 */
/** A screen other than the 1366 px laptop (phone.test.ts: 390 × 844, touch, a mobile browser). */
export type Device = {
  viewport: { width: number; height: number };
  isMobile?: boolean;
  hasTouch?: boolean;
  deviceScaleFactor?: number;
};

export async function launchBrowser(
  opts: { baseURL?: string; locale?: string; timezoneId?: string; device?: Device } = {},
): Promise<BrowserSession> {
  if (!fs.existsSync(CHROMIUM))
    throw new Error(`${CHROMIUM} not found: apt-get install -y --no-install-recommends chromium fonts-wqy-microhei`);
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    baseURL: opts.baseURL,
    locale: opts.locale ?? 'zh-CN',
    ...(opts.timezoneId ? { timezoneId: opts.timezoneId } : {}),
    viewport: { width: 1366, height: 800 },
    // The app then turns antd's motion off (shell/theme.ts): a click on a dialog, drawer or dropdown
    // still zooming or sliding in could press the button where it was and be let go where it is, and
    // be lost (seen on loaded CI machines: 退款, 确定, a quick-add entry).
    reducedMotion: 'reduce',
    ...opts.device,
    timeout: 60_000,
  });
  context.setDefaultTimeout(15_000);
  // Chromium logs a blocked load itself; the event also catches what it reports only to the page.
  const cspViolations: string[] = [];
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP violation: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'}`),
    );
  });
  // A toast is on screen for 3 s: a refusal's message is long gone when a wait for what should have
  // followed fails. Each new one is told to the console, and kept here.
  const toasts: string[] = [];
  await context.addInitScript(() => {
    const seen = new WeakSet<Element>();
    setInterval(() => {
      for (const notice of Array.from(document.querySelectorAll('.ant-message-notice'))) {
        if (seen.has(notice)) continue;
        seen.add(notice);
        console.debug(`[toast] ${(notice.textContent ?? '').trim()}`);
      }
    }, 200);
  });
  context.on('console', (msg) => {
    const text = msg.text();
    if (msg.type() === 'error' && /Content Security Policy|CSP violation/.test(text)) cspViolations.push(text);
    else if (msg.type() === 'debug' && text.startsWith('[toast] ')) toasts.push(text.slice(8));
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    cspViolations,
    toasts,
    async close() {
      await context.close().catch(() => {});
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Log in through the login page: fill the account and password fields and press 登录.
 * Does not wait for what follows; the caller asserts the outcome (workbench or an error message).
 */
export async function login(page: Page, username: string, password: string): Promise<void> {
  if (!new URL(page.url(), 'http://x').pathname.startsWith('/login')) await page.goto('/login');
  const form = page.locator('form').filter({ has: page.locator('input[type="password"]') });
  await form.locator('input:not([type="password"]):not([type="checkbox"]):not([type="hidden"])').first().fill(username);
  await form.locator('input[type="password"]').first().fill(password);
  // antd puts a space between two Chinese characters of a button: "登 录".
  await form.getByRole('button', { name: /登\s*录/ }).click();
}

/** The demo users' password (packages/server/src/db/seed.ts). */
export const DEMO_PASSWORD = '123456a';

/**
 * Start signed out (the previous user's token cleared), log in as a demo user, and wait until
 * the shell is there: any first page but the login page, with the user menu.
 */
export async function loginAs(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await page.locator('input[type="password"]').waitFor({ state: 'visible' });
  const reminders = page
    .waitForResponse((r) => new URL(r.url()).pathname === '/OaBackLog/queryReminders', { timeout: 20_000 })
    .catch(() => undefined);
  await login(page, username, password);
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).not.toBe('/login');
  await page.getByTestId('user-menu').waitFor({ state: 'visible' });
  await closeSignInReminders(page, reminders);
}

/**
 * Living demo (issue 26): the demo company's tasks due today or overdue pop up at sign-in, over
 * the header's right side (chat, user menu) that tests click. Close what the first reminder
 * call brought; a reminder a test causes later still pops up (reminders.test.ts).
 */
async function closeSignInReminders(page: Page, first: Promise<Response | undefined>) {
  const res = await Promise.race([first, new Promise<undefined>((r) => setTimeout(() => r(undefined), 3000))]);
  const due = res ? (((await res.json().catch(() => ({}))) as { data?: unknown[] }).data ?? []) : [];
  if (!due.length) return;
  const notices = page.locator('.ant-notification-notice');
  await notices
    .first()
    .waitFor({ state: 'visible', timeout: 5000 })
    .catch(() => undefined);
  // Every close button at once, in the page (one round trip, not a click and a wait each), again
  // until none is left: a summary or a late one may render after the first few.
  const close = page.locator('.ant-notification-notice-close');
  await expect
    .poll(
      async () => {
        await close
          .evaluateAll((buttons) => {
            for (const b of buttons) (b as HTMLElement).click();
          })
          .catch(() => undefined);
        return notices.count();
      },
      { timeout: 10_000, interval: 400 },
    )
    .toBe(0);
}

/** Save a full-page PNG into `dir` (e2e/artifacts/ unless told) and answer its path. */
export async function screenshot(page: Page, name: string, dir = artifactsDir): Promise<string> {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name.replace(/[^\p{L}\p{N}_-]+/gu, '_').slice(0, 120)}.png`);
  await page.screenshot({ path: file, fullPage: true, timeout: 10_000 });
  return file;
}

/** Register a hook that saves a screenshot of `getPage()` for every failed test of the file. */
export function screenshotOnFailure(getPage: () => Page | undefined): void {
  beforeEach(({ task, onTestFailed }) => {
    onTestFailed(async () => {
      const page = getPage();
      if (!page || page.isClosed()) return;
      const file = await screenshot(page, `${path.basename(task.file.name, '.test.ts')}--${task.name}`).catch(
        () => undefined,
      );
      if (file) console.error(`screenshot of the failure: ${path.relative(process.cwd(), file)}`);
    });
  });
}
