import { describe, expect, it } from 'vitest';
import { login } from '../support/browser.ts';
import { useE2E } from '../support/setup.ts';

const e2e = useE2E();

describe('smoke', () => {
  it('serves the login page with the product name', async () => {
    const { page } = e2e;
    await page.goto('/login');
    await expect.poll(() => page.title(), { timeout: 15_000 }).toContain('客户管理系统');
    await page.getByText('客户管理系统').first().waitFor({ state: 'visible' });
    await page.locator('input[type="password"]').first().waitFor({ state: 'visible' });
  });

  it('shows the server message for a wrong password once, inline (no toast beside it)', async () => {
    const { page } = e2e;
    await page.goto('/login');
    await login(page, 'admin', 'wrong-password-1');
    await page.locator('.crm-login-error').getByText('用户名或密码错误').waitFor({ state: 'visible' });
    expect(new URL(page.url()).pathname).toBe('/login');
    // A toast would show a second copy a moment later.
    await page.waitForTimeout(500);
    expect(await page.getByText('用户名或密码错误').count()).toBe(1);
  });
});
