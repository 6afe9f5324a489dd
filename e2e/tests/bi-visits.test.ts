import { describe, expect, it } from 'vitest';
import { loginAs, screenshot } from '../support/browser.ts';
import { useE2E } from '../support/setup.ts';

// The visit figures on the living demo (h-bi3): wangzong (客户管理员, every department) finds this
// month's bookings, visits and deals under the money overview, then the consultant conversion
// table with 何雪's row, and opens the visits behind its deals.
const e2e = useE2E();

const digits = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

describe('visit statistics', () => {
  it('shows bookings, visits and deals on the overview and the consultant conversion table', async () => {
    const { page } = e2e;
    await loginAs(page, 'wangzong');
    await page.goto('/bi/performancePandect');
    const visits = page.getByTestId('bi-analysis').nth(1);
    await visits.locator('[data-testid="bi-chart"] canvas').first().waitFor({ state: 'visible', timeout: 20_000 });
    for (const title of ['预约数', '到院率', '到店人次', '成交率'])
      await visits.locator('.ant-table-thead th', { hasText: title }).first().waitFor();
    // Today's queue alone holds ten visits of the month.
    expect(
      digits(await visits.getByTestId('bi-total').getByTestId('bi-cell-visitCount').textContent()),
    ).toBeGreaterThanOrEqual(10);

    await page.goto('/bi/consultantConversion');
    const card = page.getByTestId('bi-analysis').first();
    await card.locator('[data-testid="bi-chart"] canvas').first().waitFor({ state: 'visible', timeout: 20_000 });
    await card.locator('.ant-table-row', { hasText: '何雪' }).first().waitFor();
    const deals = card.getByTestId('bi-total').getByTestId('bi-cell-dealVisits');
    const total = digits(await deals.textContent());
    expect(total).toBeGreaterThan(0);
    await screenshot(page, 'bi-visits-01-consultants');
    await deals.click();
    const drill = page.getByTestId('bi-drill');
    await drill.locator('.ant-table-row').first().waitFor({ state: 'visible' });
    expect(await drill.locator('.ant-table-row').count()).toBe(Math.min(total, 10));
    expect(await drill.locator('.ant-table-row').first().textContent()).toContain(' · ');
  });
});
