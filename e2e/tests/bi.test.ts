import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api.ts';
import { loginAs, screenshot } from '../support/browser.ts';
import { useE2E } from '../support/setup.ts';
import { option } from '../support/ui.ts';

// Statistics (/bi): wangzong (客户管理员, every department) opens 客户总量分析, whose chart is drawn
// by ECharts over the table of the same answer; switches the period to this year (one row per
// month); opens the records behind the total; exports the table and finds the page's total there.
// Then the clinic's performance overview: the same steps, its figures checked against the server's.
const e2e = useE2E();

const digits = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

/** The period picker set to 本年: the card says this year's dates and shows a row per month. */
async function showThisYear(page: Page, card: Locator): Promise<void> {
  await page.getByTestId('bi-period').click();
  await option(page, '本年').click();
  const year = new Date().getFullYear();
  await card
    .getByTestId('bi-period-text')
    .filter({ hasText: `${year}-01-01 至 ${year}-12-31` })
    .waitFor();
  await expect.poll(() => card.locator('.ant-table-row').count()).toBe(12);
}

/** The card's export, downloaded and read back: its rows' cell values (a valid workbook or a throw). */
async function exportedRows(page: Page, card: Locator): Promise<unknown[][]> {
  const [download] = await Promise.all([page.waitForEvent('download'), card.getByTestId('bi-export').click()]);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow((r) => void rows.push((r.values as unknown[]).slice(1)));
  return rows;
}

describe('statistics', () => {
  it('opens an analysis, changes the period, drills into a figure and exports its table', async () => {
    const { page } = e2e;
    await loginAs(page, 'wangzong');
    await page.goto('/bi/customerTotal');
    const card = page.getByTestId('bi-analysis').first();
    await card.locator('[data-testid="bi-chart"] canvas').first().waitFor({ state: 'visible', timeout: 20_000 });
    // This month: one row per day.
    const daysRows = await card.locator('.ant-table-row').count();
    expect(daysRows).toBeGreaterThanOrEqual(28);
    await screenshot(page, 'bi-01-month');

    await showThisYear(page, card);
    await card.locator('[data-testid="bi-chart"] canvas').first().waitFor({ state: 'visible' });
    await screenshot(page, 'bi-02-year');

    const totalCell = card.getByTestId('bi-total').getByTestId('bi-cell-customerNew');
    const total = digits(await totalCell.textContent());
    expect(total).toBeGreaterThan(0);
    await totalCell.click();
    const drill = page.getByTestId('bi-drill');
    await drill.locator('.ant-table-row').first().waitFor({ state: 'visible' });
    expect(await drill.locator('.ant-table-row').count()).toBe(Math.min(total, 10));
    await page.keyboard.press('Escape');

    const rows = await exportedRows(page, card);
    expect(rows[0]!.slice(0, 2)).toEqual(['时间', '新增客户数']);
    expect(rows).toHaveLength(1 + 12 + 1);
    expect(rows.at(-1)!.slice(0, 2)).toEqual(['合计', total]);
  });

  it("opens the clinic overview: the server's figures for the seeded data, a period change, a drill-down and its export", async () => {
    const { page, server } = e2e;
    const boss = await apiAs(server.url, 'wangzong');
    await page.goto('/bi/performancePandect');
    const card = page.getByTestId('bi-analysis').first();
    await card.locator('[data-testid="bi-chart"] canvas').first().waitFor({ state: 'visible', timeout: 20_000 });
    expect(await card.locator('.ant-table-row').count()).toBeGreaterThanOrEqual(28);
    for (const title of ['现金业绩', '消耗业绩', '营业额', '客单价'])
      await card.locator('.ant-table-thead th', { hasText: title }).first().waitFor();
    await screenshot(page, 'bi-03-clinic-overview');
    // The month's 现金业绩 is what the server counts for the living demo's charges this month.
    const cash = card.getByTestId('bi-total').getByTestId('bi-cell-cashPerformance');
    const month = await boss('/biClinic/performancePandect', { type: 'month' });
    expect(month.total.values.cashPerformance).toBeGreaterThan(0);
    expect(digits(await cash.textContent())).toBe(month.total.values.cashPerformance);

    // This year: a row per month, and the year's figure.
    await showThisYear(page, card);
    const yearAnswer = await boss('/biClinic/performancePandect', { type: 'year' });
    const yearCash = yearAnswer.total.values.cashPerformance as number;
    await expect.poll(async () => digits(await cash.textContent())).toBe(yearCash);

    // The records behind it: performance rows, a page of them.
    await cash.click();
    const drill = page.getByTestId('bi-drill');
    await drill.locator('.ant-table-row').first().waitFor({ state: 'visible' });
    const shown = await drill.locator('.ant-table-row').count();
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThanOrEqual(10);
    await page.keyboard.press('Escape');

    // The export: a valid workbook, a row per month and the page's total under 现金业绩.
    const rows = await exportedRows(page, card);
    const column = rows[0]!.indexOf('现金业绩');
    expect(column).toBeGreaterThan(0);
    expect(rows).toHaveLength(1 + 12 + 1);
    expect(rows.at(-1)![0]).toBe('合计');
    expect(rows.at(-1)![column]).toBe(yearCash);
  });
});
