import { afterAll, describe, expect, it } from 'vitest';
import { type BrowserSession, launchBrowser, loginAs } from '../support/browser.ts';
import { useE2E } from '../support/setup.ts';

// Issue 26 (item 4): one company time zone (the setting, Asia/Shanghai in the demo) decides what
// "today" is on every page, whatever the browser's zone. Two browsers far from Shanghai on either
// side: at any hour at least one of them has another date than Shanghai, so a page that used the
// browser's date would fail here at any time of day.
const e2e = useE2E();
const zones = ['Pacific/Pago_Pago', 'Pacific/Kiritimati'];
const opened: BrowserSession[] = [];
afterAll(async () => {
  for (const b of opened) await b.close();
});

/** Today in the company's zone, as yyyy-mm-dd. */
const shanghaiToday = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' });
const browserToday = (zone: string) => new Date().toLocaleDateString('sv-SE', { timeZone: zone });

describe('today is the company’s, not the browser’s', () => {
  it.each(zones)('a browser in %s shows Shanghai’s today on the workbench and the calendar', async (zone) => {
    const browser = await launchBrowser({ baseURL: e2e.server.url, timezoneId: zone });
    opened.push(browser);
    const { page } = browser;
    // The browser really is elsewhere.
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(zone);
    await loginAs(page, 'sunli');
    const today = shanghaiToday();
    const [y, m, d] = today.split('-').map(Number);
    await page.getByText(`今天是 ${y}年${m}月${d}日`).waitFor();

    await page.goto('/workbench/schedule-new');
    await page.locator(`[data-testid="schedule-cell-${today}"].schedule-cell--today`).waitFor();
    expect(await page.locator('.schedule-cell--today').count()).toBe(1);
    // When the browser's date differs, its day is not marked.
    const own = browserToday(zone);
    if (own !== today)
      expect(await page.locator(`[data-testid="schedule-cell-${own}"].schedule-cell--today`).count()).toBe(0);
  });

  it('at this moment at least one of the browsers has another date than Shanghai', () => {
    expect(zones.some((z) => browserToday(z) !== shanghaiToday())).toBe(true);
  });
});
