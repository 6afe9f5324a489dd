import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api.ts';
import { loginAs, screenshot } from '../support/browser.ts';
import { useE2E } from '../support/setup.ts';
import { label2, toast } from '../support/ui.ts';

// The cashier desk (流程 › 收银台, issue 22): an order opened through the API for 林婉清, then
// 李娜 (收银员) charges it with cash and WeChat leaving arrears, prints the receipt (its figures
// checked on the page) and finds the charge in today's totals per method.

const e2e = useE2E();

describe('the cashier desk', () => {
  it('charges an order with two methods leaving arrears, prints the receipt and totals the day', async () => {
    const { page, server } = e2e;
    const boss = await apiAs(server.url, 'wangzong');
    const desk = await apiAs(server.url, 'lina');
    const customer = (await desk.call('/clinic/cashier/queryAccounts', { search: '林婉清' })).list[0];
    const project = (await boss.call('/api/project/queryList', { search: '光子嫩肤' })).list[0];
    expect(project.salesPrice).toBe(88_000);
    const order = await boss.call('/CrmCustomerProjectDealRecord/save', {
      customerId: customer.customerId,
      lines: [{ projectId: project.projectId, salespeople: [{ userId: boss.userId, rate: 100 }] }],
      batchId: 'e2e-cashier-order',
    });
    const before = (await desk.call('/clinic/cashier/queryCharged', { limit: 1 })).totals;

    await loginAs(page, 'lina');
    await page.goto('/workflow/cashierDesk');
    const search = page.getByPlaceholder('顾客姓名、手机号或订单号');
    await search.fill(order.number);
    await search.press('Enter');
    const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: order.number });
    await row.waitFor({ state: 'visible' });
    expect(await row.textContent()).toContain('¥880.00');
    await row.getByRole('button', { name: label2('收费') }).click();

    const dialog = page.locator('.ant-modal').filter({ hasText: `收费 · ${order.number}` });
    await dialog.getByLabel('现金 金额（元）').fill('500');
    await dialog.getByRole('button', { name: /添加支付方式/ }).click();
    // The added row offers the next free method (微信).
    await dialog.getByLabel('微信 金额（元）').fill('300');
    await expect.poll(() => dialog.getByTestId('charge-sum').textContent()).toBe('实收 ¥800.00 · 欠款 ¥80.00');
    // Too much is refused with the shared words before anything is sent.
    await dialog.getByLabel('微信 金额（元）').fill('400');
    await dialog.getByText('实收金额超出应收金额').waitFor({ state: 'visible' });
    await dialog.getByLabel('微信 金额（元）').fill('300');
    await screenshot(page, 'cashier-01-charge');
    await dialog.getByRole('button', { name: label2('收费') }).click();
    await dialog.getByText('收费成功').waitFor({ state: 'visible' });

    const [receipt] = await Promise.all([
      page.context().waitForEvent('page'),
      dialog.getByRole('button', { name: /打印小票/ }).click(),
    ]);
    await receipt.getByTestId('receipt-number').waitFor({ state: 'visible' });
    const figure = (id: string) => receipt.getByTestId(id).textContent();
    expect(await figure('receipt-number')).toBe(`订单号${order.number}`);
    expect(await figure('receipt-customer')).toBe('顾客林婉清 139****0001');
    expect(await receipt.locator('.receipt__lines tbody').textContent()).toContain('光子嫩肤');
    expect(await figure('receipt-payable')).toBe('应收¥880.00');
    expect(await figure('receipt-pay-cash')).toBe('现金¥500.00');
    expect(await figure('receipt-pay-wechat')).toBe('微信¥300.00');
    expect(await figure('receipt-arrears')).toBe('欠款¥80.00');
    expect(await figure('receipt-after-arrears')).toBe('欠款¥80.00');
    expect(await figure('receipt-cashier')).toBe('收银员李娜');
    // The print button is for the screen only.
    await receipt.emulateMedia({ media: 'print' });
    expect(await receipt.getByRole('button', { name: '打印' }).isVisible()).toBe(false);
    // An 80 mm roll prints about 302 CSS pixels wide: nothing of the receipt runs past it.
    await receipt.setViewportSize({ width: 302, height: 900 });
    expect(await receipt.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(302);
    await screenshot(receipt, 'cashier-02-receipt');
    await receipt.close();

    await dialog
      .locator('.ant-modal-footer')
      .getByRole('button', { name: label2('关闭') })
      .click();
    await page.getByRole('tab', { name: '今日订单' }).click();
    const charged = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: order.number });
    await charged.waitFor({ state: 'visible' });
    const cells = await charged.locator('td').allTextContents();
    // 订单号, 类型, 状态, 顾客, 应收, 现金, 微信, 支付宝, 银行卡, 本金, 赠金, 优惠券, 欠款, 收银员.
    expect(cells.slice(0, 14)).toEqual([
      order.number,
      '开单',
      '已收费(欠款)',
      '林婉清',
      '880.00',
      '500.00',
      '300.00',
      '0.00',
      '0.00',
      '0.00',
      '0.00',
      '0.00',
      '80.00',
      '李娜',
    ]);
    const yuan = (fen: number) => (fen / 100).toFixed(2);
    const day = page.getByTestId('day-totals');
    await expect
      .poll(async () => (await day.locator('td').allTextContents()).slice(1, 10))
      .toEqual([
        yuan(before.payable + 88_000),
        yuan(before.cash + 50_000),
        yuan(before.wechat + 30_000),
        yuan(before.alipay),
        yuan(before.card),
        yuan(before.principal),
        yuan(before.gift),
        yuan(before.coupon),
        yuan(before.arrears + 8_000),
      ]);
    await screenshot(page, 'cashier-03-today');
    expect(await toast(page, '请求失败').count()).toBe(0);
  });
});
