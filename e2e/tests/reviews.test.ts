import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api.ts';
import { loginAs, screenshot } from '../support/browser.ts';
import { useE2E } from '../support/setup.ts';
import { label2, option } from '../support/ui.ts';

// 顾客评价 (issue 25, h-coupons): a treatment of 林婉清 (through the API) makes the review link;
// she opens it on a phone without signing in, scores five stars and earns the rule's coupon; the
// next order at the desk, 李娜 (收银员) picks the coupon and charges the rest in cash.

const e2e = useE2E();

describe('a review through its link', () => {
  it('issues a coupon that the cashier then accepts', async () => {
    const { page, server } = e2e;
    const boss = await apiAs(server.url, 'wangzong');
    const desk = await apiAs(server.url, 'lina');
    await boss.call('/evaluate/editCouponRule', {
      name: '到店好评券',
      value: '80',
      threshold: '0',
      validDays: 30,
      projectIds: [],
      reviewReward: true,
      minAverage: '4.5',
    });
    const customer = (await desk.call('/clinic/cashier/queryAccounts', { search: '林婉清' })).list[0];
    const project = (await boss.call('/api/project/queryList', { search: '光子嫩肤' })).list[0];
    const openOrder = (batchId: string) =>
      boss.call('/CrmCustomerProjectDealRecord/save', {
        customerId: customer.customerId,
        lines: [{ projectId: project.projectId, salespeople: [{ userId: boss.userId, rate: 100 }] }],
        batchId,
      });
    const first = await openOrder('e2e-review-first');
    const paid = await desk.call('/clinic/cashier/charge', {
      orderId: first.orderId,
      payments: [{ method: 'cash', amount: '880' }],
    });
    const treated = await boss.call('/CrmCustomerProjectDealRecord/verificationById', {
      dealId: paid.dealIds[0],
      sessions: 1,
      staff: [{ userId: boss.userId, role: 'nurse' }],
      batchId: 'e2e-review-treat',
    });
    expect(treated.reviewPath).toMatch(/^\/evaluateH5\?token=/);

    // The customer's phone: no session, a narrow screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(treated.reviewPath);
    await page.getByText('光子嫩肤').first().waitFor({ state: 'visible' });
    const rates = page.locator('.ant-rate');
    for (let i = 0; i < 3; i++) await rates.nth(i).locator('.ant-rate-star').nth(4).click();
    await page.getByPlaceholder('说说您的感受（选填）').fill('皮肤亮了很多');
    await screenshot(page, 'reviews-01-phone');
    await page.getByRole('button', { name: label2('提交评价') }).click();
    const earned = page.getByTestId('earned-coupon').filter({ hasText: '到店好评券' });
    await earned.waitFor({ state: 'visible' });
    const code = /券码 ([2-9A-Z]{10})/.exec((await earned.textContent()) ?? '')?.[1];
    expect(code).toBeTruthy();
    await screenshot(page, 'reviews-02-earned');
    // The link was for one review.
    await page.reload();
    await page.getByText('链接已使用过').waitFor({ state: 'visible' });

    const second = await openOrder('e2e-review-second');
    await page.setViewportSize({ width: 1366, height: 900 });
    await loginAs(page, 'lina');
    await page.goto('/workflow/cashierDesk');
    const search = page.getByPlaceholder('顾客姓名、手机号或订单号');
    await search.fill(second.number);
    await search.press('Enter');
    const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: second.number });
    await row.waitFor({ state: 'visible' });
    await row.getByRole('button', { name: label2('收费') }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: `收费 · ${second.number}` });
    await dialog.getByTestId('coupon-picker').click();
    await option(page, code!).click();
    await expect.poll(() => dialog.getByTestId('charge-sum').textContent()).toBe('实收 ¥880.00 · 欠款 ¥0.00');
    await screenshot(page, 'reviews-03-coupon-at-desk');
    await dialog.getByRole('button', { name: label2('收费') }).click();
    await dialog.getByText('收费成功').waitFor({ state: 'visible' });

    const coupons = await desk.call<{ code: string; remaining: number; status: number }[]>(
      '/evaluate/customerCoupons',
      { customerId: customer.customerId },
    );
    expect(coupons.find((c) => c.code === code)).toMatchObject({ remaining: 0, status: 2 });
  });
});
