import { describe, expect, it } from 'vitest';
import { login } from '../support/browser.ts';
import { useE2E } from '../support/setup.ts';

// The user-location map: 赵强 (a sales manager holding 外勤主管) picks 员工, finds 孙丽 by the
// initials of her name and sees the positions the demo seeded for her today in the list. No map
// service is configured (and tile requests are refused, so that holds wherever the test runs):
// the page says the map is unavailable, draws the route without tiles, and the list keeps working.

const e2e = useE2E();

describe('system-map', () => {
  it('a manager sees a subordinate’s positions of today in the list', async () => {
    const { page } = e2e;
    await page.goto('/login');
    await page.locator('input[type="password"]').waitFor({ state: 'visible' });
    await login(page, 'zhaoqiang', '123456a');
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).not.toBe('/login');
    await page.getByTestId('user-menu').waitFor({ state: 'visible' });

    await page.route(/openstreetmap|autonavi|amap|baidu/, (route) => route.abort());
    await page.goto('/workbench/system-map');
    await page.getByTestId('smap-list').waitFor({ state: 'visible' });
    await page.getByTestId('smap-type').click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: '员工' })
      .click();
    await page.getByTestId('smap-name').click();
    await page.getByTestId('smap-name').locator('input').fill('sl');
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: '孙丽' })
      .click();

    const rows = page.getByTestId('smap-position');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(3);
    expect(await rows.first().textContent()).toContain('经度 104.072610，纬度 30.663420');
    await expect.poll(() => page.getByTestId('smap-unavailable').isVisible(), { timeout: 20_000 }).toBe(true);
    // The offline route: one dot per position, numbered by time; clicking one chooses its row.
    const dots = page.getByTestId('smap-plot-dot');
    await expect.poll(() => dots.count()).toBe(3);
    expect(await dots.nth(1).textContent()).toMatch(/^2 · \d\d:\d\d:\d\d$/);
    // Dispatched: the SVG dot is a button to the page, not an element Playwright calls clickable.
    await dots.nth(1).dispatchEvent('click');
    await expect.poll(() => rows.nth(1).getAttribute('class')).toContain('smap-item--chosen');
  });
});
