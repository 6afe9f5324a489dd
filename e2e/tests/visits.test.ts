import { describe, expect, it } from 'vitest';
import { loginAs, screenshot } from '../support/browser.ts';
import { useE2E } from '../support/setup.ts';
import { choose, label2, toast } from '../support/ui.ts';

// Appointments and the triage desk (issue 23): the front desk 张雨 (zhangyu, 前台) books 林婉清 on
// the board, registers her arrival, and on the triage desk assigns her the consultant the
// rotation suggests (何雪, first in 客服部's rotation).

const e2e = useE2E();

describe('the front desk', () => {
  it('books a customer, arrives her and assigns a consultant', async () => {
    const { page } = e2e;
    await loginAs(page, 'zhangyu');
    await page.goto('/Booking_management');
    // The doctor view's 未指定 column at 10:00 of the shown day.
    const cell = page.locator('[data-testid$="-10:00-"]').first();
    await cell.waitFor();
    await cell.click();
    const form = page.locator('.ant-modal').filter({ hasText: '新建预约' });
    await form.waitFor();
    await choose(page, page.locator('#booking_customerId'), '林婉清', '林婉');
    await form.getByRole('button', { name: label2('保存') }).click();
    await toast(page, '已保存').waitFor();
    const card = page.locator('.booking-card', { hasText: '林婉清' });
    await card.waitFor();
    expect(await card.textContent()).toContain('待确认');
    await screenshot(page, 'visits-01-board');

    await card.click();
    await page.locator('.ant-dropdown-menu-item', { hasText: '到店' }).click();
    await toast(page, '已登记到店').waitFor();
    await expect.poll(() => card.textContent()).toContain('已到店');

    await page.goto('/workflow/triage');
    // The queue (today's bookings list her too).
    const queue = page
      .locator('.ant-card')
      .filter({ has: page.locator('.ant-card-head-title', { hasText: '候诊队列' }) });
    const row = queue.locator('.ant-table-row', { hasText: '林婉清' }).filter({ hasText: '已到店' });
    await row.waitFor();
    await row.getByRole('button', { name: label2('分诊') }).click();
    const assign = page.locator('.ant-modal').filter({ hasText: '林婉清' });
    // The rotation suggests the next free consultant (the living demo keeps some busy today, so it
    // may name another); the desk gives her to 何雪 whoever it suggests.
    await assign.getByText(/轮诊建议：/).waitFor();
    const consultant = assign.getByLabel('顾问', { exact: true });
    await choose(page, consultant, '何雪', '何雪');
    await assign.getByRole('button', { name: label2('保存') }).click();
    await toast(page, '已分诊').waitFor();
    const assigned = queue.locator('.ant-table-row', { hasText: '林婉清' }).filter({ hasText: '已分诊' });
    await assigned.waitFor();
    expect(await assigned.textContent()).toContain('何雪');
    await screenshot(page, 'visits-02-triage');
  });
});
