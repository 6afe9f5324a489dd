import { describe, expect, it } from 'vitest';
import { loginAs } from '../support/browser.ts';
import { useE2E } from '../support/setup.ts';

// The app under its own Content-Security-Policy: pages built with antd's run-time styles, the
// lazy chunks and the chat socket work with nothing blocked (useE2E fails a test on any blocked
// load), and a page of another site cannot frame the app.

const e2e = useE2E();

describe('the app under its security headers', () => {
  it('sends them with the page and works with nothing blocked: workbench, customers, administration', async () => {
    const { page } = e2e;
    const first = await page.goto('/login');
    const headers = first!.headers();
    expect(headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(headers).toMatchObject({ 'x-frame-options': 'SAMEORIGIN', 'x-content-type-options': 'nosniff' });
    await loginAs(page, 'admin');
    for (const [path, ready] of [
      ['/workbench', '[data-testid="user-menu"]'],
      ['/crm/customer', '.ant-table'],
      ['/manager/employee-dep', '.ant-table'],
    ] as const) {
      await page.goto(path);
      await page.locator(ready).first().waitFor({ state: 'visible' });
    }
  });

  it('opens the chat socket under the policy', async () => {
    const { page } = e2e;
    const sockets: string[] = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));
    await page.goto('/chat');
    await page.getByTestId('chat-page').waitFor({ state: 'visible' });
    await expect.poll(() => sockets.some((u) => u.includes('/api/message/socket'))).toBe(true);
  });

  it('can be framed by its own pages only', async () => {
    const { page, browser, server } = e2e;
    // The app's own page frames it: the app renders inside.
    await page.goto('/login');
    await page.evaluate(() => {
      const frame = document.createElement('iframe');
      frame.id = 'app';
      frame.src = '/login';
      document.body.append(frame);
    });
    await page.frameLocator('#app').locator('#root > *').first().waitFor({ state: 'visible' });
    // Another site's page does not: the browser puts its error page in the frame instead.
    await page.route('http://other-site.test/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><iframe id="app" src="${server.url}/login" width="800" height="600"></iframe>`,
      }),
    );
    await page.goto('http://other-site.test/');
    await expect
      .poll(
        () =>
          page
            .frames()
            .find((f) => f !== page.mainFrame())
            ?.url(),
        { timeout: 10_000 },
      )
      .toMatch(/^chrome-error:/);
    expect(await page.frameLocator('#app').locator('#root').count()).toBe(0);
    // That refusal is the policy at work, not something the app's pages were denied.
    const rest = browser.cspViolations.filter((v) => !v.includes('frame-ancestors'));
    browser.cspViolations.splice(0, browser.cspViolations.length, ...rest);
  });
});
