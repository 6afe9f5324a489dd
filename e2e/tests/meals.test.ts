import { describe, expect, it } from 'vitest';
import { login } from '../support/browser.ts';
import { useE2E } from '../support/setup.ts';
import { toast } from '../support/ui.ts';

// Meal orders (issue 25): 张雨 (前台, every member of staff orders) opens 订餐, finds a lunch of the
// demo store still open to order (this week's, or next week's when this week's have closed), orders
// it and sees it counted and marked as hers; cancelling takes it off the count again.

const e2e = useE2E();

describe('meal orders', () => {
  it('a member of staff orders a lunch and sees it counted', async () => {
    const { page } = e2e;
    await page.goto('/login');
    await page.locator('input[type="password"]').waitFor({ state: 'visible' });
    await login(page, 'zhangyu', '123456a');
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).not.toBe('/login');
    await page.goto('/workbench/eat');
    await page.locator('[data-testid^="eat-slot-"]').first().waitFor({ state: 'visible', timeout: 20_000 });

    // An open lunch not ordered yet: its button reads 订餐.
    const openLunch = page.locator('[data-testid^="eat-act-"][data-testid$="-1"]', { hasText: /订\s*餐/ });
    if ((await openLunch.count()) === 0) {
      await page.getByRole('button', { name: /下一周/ }).click();
      await page.getByText(/至/).first().waitFor();
    }
    await expect.poll(() => openLunch.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const testId = (await openLunch.first().getAttribute('data-testid'))!;
    const day = testId.replace(/^eat-act-/, '').replace(/-1$/, '');
    const slot = page.getByTestId(`eat-slot-${day}-1`);
    const countOf = async () => Number((await slot.getByTestId('eat-count').textContent())!.replace(/\D/g, ''));
    const before = await countOf();

    await page.getByTestId(testId).click();
    await toast(page, '订餐成功').waitFor();
    await expect.poll(countOf, { timeout: 15_000 }).toBe(before + 1);
    await expect.poll(() => slot.getByText('已订', { exact: true }).isVisible()).toBe(true);

    await page.getByTestId(testId).click();
    await toast(page, '已取消订餐').waitFor();
    await expect.poll(countOf, { timeout: 15_000 }).toBe(before);
  });
});
