import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api.ts';
import { DEMO_PASSWORD, login } from '../support/browser.ts';
import { useE2E } from '../support/setup.ts';
import { option } from '../support/ui.ts';

// Staff sign-in (issue 25): 张雨 (客服部) makes her QR link on /workbench/signQuery, opens it as her
// phone would with a faked location inside the store's place, signs in, and 黄敏 (人事管理员) finds
// the sign in the month's statistics. The store's rule is first opened to every day and hour (work
// starting 00:00 with no grace, so the sign is 迟到 whenever the test runs).

const e2e = useE2E();
const place = { latitude: 30.6595, longitude: 104.0657 };

describe('staff sign-in', () => {
  it('a sign from /signH5 with a faked location appears in the statistics', async () => {
    const { page, browser, server } = e2e;
    const hr = await apiAs(server.url, 'huangmin');
    const rules = await hr<{ deptId: number; deptName: string }[]>('/OaSignIn/ruleList', {});
    const store = rules.find((r) => r.deptName === '客服部')!;
    await hr('/OaSignIn/saveRule', {
      deptId: store.deptId,
      workStart: '00:00',
      workEnd: '23:59',
      lateMinutes: 0,
      earlyMinutes: 0,
      places: [{ name: '门店', lat: place.latitude, lng: place.longitude, radius: 300 }],
      fieldAllowed: false,
      workdays: [1, 2, 3, 4, 5, 6, 7],
    });

    await page.goto('/login');
    await page.locator('input[type="password"]').waitFor({ state: 'visible' });
    await login(page, 'zhangyu', DEMO_PASSWORD);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).not.toBe('/login');
    await page.goto('/workbench/signQuery');
    await page.getByTestId('sign-make-link').click();
    const url = (await page.getByTestId('sign-link').getAttribute('data-url'))!;
    expect(url).toMatch(/\/signH5\?token=/);

    await browser.context.grantPermissions(['geolocation'], { origin: new URL(url).origin });
    await browser.context.setGeolocation({ ...place, accuracy: 10 });
    await page.goto(url);
    await expect.poll(() => page.getByTestId('sign-h5-name').textContent(), { timeout: 20_000 }).toBe('张雨');
    const day = (await page.getByText(/^今天 \d{4}-\d{2}-\d{2}$/).textContent())!.slice(3);
    await page.getByTestId('sign-h5-in').click();
    await page.getByTestId('sign-h5-done').waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByTestId('sign-h5-records').textContent()).toContain('门店');

    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    await page.locator('input[type="password"]').waitFor({ state: 'visible' });
    await login(page, 'huangmin', DEMO_PASSWORD);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).not.toBe('/login');
    await page.goto('/workbench/signQuery');
    // The list is virtual: type the name so her option is rendered.
    await page.getByLabel('员工').fill('张雨');
    await option(page, '张雨').click();
    const row = page.locator('tr', { hasText: '张雨' }).filter({ hasText: day }).filter({ hasText: '迟到' });
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBeGreaterThan(0);
  });
});
