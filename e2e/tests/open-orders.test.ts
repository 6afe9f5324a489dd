import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api.ts';
import { loginAs, screenshot } from '../support/browser.ts';
import { useE2E } from '../support/setup.ts';
import { pickUsers, toast } from '../support/ui.ts';

// 开单 (issue 22) in the browser on the demo data: 孙丽 (销售) opens an order for her customer
// 陈雨桐 from the customer's detail: 光子嫩肤 at 执行价 880 split 60/40 with 郑浩, and 水光针 at a
// deal price of 1000 (its floor is 980); she sees the totals and saves, lands on 成交项目 and sees
// the unpaid order. 陈静 (财务) charges it through the API (the cashier page is another branch's);
// the tab then shows the two deal records with their sessions and the charged order.

const e2e = useE2E();

describe('开单', () => {
  it('a salesperson opens an order with two lines and a split; after charging, the deals show', async () => {
    const { page } = e2e;
    await loginAs(page, 'sunli');
    await page.goto('/crm/customer');
    await page.getByRole('link', { name: '陈雨桐', exact: true }).first().click();
    await page.getByTestId('customer-money').waitFor({ state: 'visible' });
    await page.getByTestId('open-order').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/openOrders');
    const customerId = Number(new URL(page.url()).searchParams.get('customerId'));
    const header = page.getByTestId('order-customer');
    await header.getByText('陈雨桐').waitFor({ state: 'visible' });

    // The catalogue by pinyin initials.
    const search = page.getByPlaceholder('项目名称或拼音首字母');
    await search.fill('gzn');
    await search.press('Enter');
    await page.getByRole('button', { name: '添加 光子嫩肤' }).click();
    await search.fill('sgz');
    await search.press('Enter');
    await page.getByRole('button', { name: '添加 水光针' }).click();
    const lines = page.getByTestId('order-lines');
    await lines.getByText('水光针').waitFor({ state: 'visible' });
    await expect.poll(() => page.getByTestId('order-payable').textContent()).toBe('2160.00');

    // 水光针 at 1000: above its floor of 980 (no warning); 光子嫩肤 shared 60/40 with 郑浩.
    const dealPrice = page.getByLabel('成交价 水光针');
    await dealPrice.fill('1000');
    await dealPrice.blur();
    await expect.poll(() => page.getByTestId('order-payable').textContent()).toBe('1880.00');
    await expect.poll(() => page.getByLabel('折扣% 水光针').inputValue()).toBe('50.51');
    await lines.getByText('最低成交价 980.00').waitFor({ state: 'visible' });
    expect(await page.getByTestId('below-floor').count()).toBe(0);
    const firstRow = lines.locator('tr.ant-table-row').first();
    await pickUsers(page, firstRow.getByRole('button', { name: /添加销售/ }), ['郑浩']);
    await firstRow.getByLabel('孙丽 %').fill('60');
    await firstRow.getByLabel('郑浩 %').fill('40');
    await firstRow.getByLabel('郑浩 %').blur();
    const save = page.getByTestId('order-save');
    await expect.poll(() => save.isEnabled()).toBe(true);
    await screenshot(page, 'open-orders-01-lines');
    await save.click();
    await toast(page, '开单成功，请到收银台收费').waitFor({ state: 'visible' });
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/crm/customer/${customerId}`);

    const orders = page.getByTestId('customer-orders');
    const orderRow = orders.locator('tr.ant-table-row', { hasText: '水光针' }).first();
    await orderRow.getByText('待收费').waitFor({ state: 'visible' });
    expect(await orderRow.textContent()).toContain('1880.00');

    // 陈静 charges it at the desk's API: 1500 cash, the rest to arrears.
    const chenjing = await apiAs(e2e.server.url, 'chenjing');
    const { list } = await chenjing<{ list: { orderId: number; status: number }[] }>('/clinic/order/queryList', {
      customerId,
      status: 2,
    });
    // What was saved: the split and the deal prices as typed.
    const info = await chenjing<{
      payable: number;
      lines: { name: string; dealPrice: number; salespeople: { name: string; rate: number }[] }[];
    }>('/clinic/order/info', { orderId: list[0]!.orderId });
    expect(info.payable).toBe(188_000);
    expect(info.lines).toMatchObject([
      {
        name: '光子嫩肤',
        dealPrice: 88_000,
        salespeople: [
          { name: '孙丽', rate: 60 },
          { name: '郑浩', rate: 40 },
        ],
      },
      { name: '水光针', dealPrice: 100_000, salespeople: [{ name: '孙丽', rate: 100 }] },
    ]);
    await chenjing('/clinic/cashier/charge', {
      orderId: list[0]!.orderId,
      payments: [{ method: 'cash', amount: '1500' }],
    });
    await page.reload();
    const deals = page.getByTestId('customer-deals');
    const photo = deals.locator('tr.ant-table-row', { hasText: '光子嫩肤' }).first();
    const water = deals.locator('tr.ant-table-row', { hasText: '水光针' }).first();
    await photo.waitFor({ state: 'visible' });
    expect(await photo.textContent()).toContain('880.00');
    expect(await water.textContent()).toContain('1000.00');
    expect(await water.locator('td').nth(1).textContent()).toBe('3');
    expect(await photo.locator('td').nth(1).textContent()).toBe('5');
    await page
      .getByTestId('customer-orders')
      .locator('tr.ant-table-row', { hasText: '水光针' })
      .first()
      .getByText('已收费(欠款)')
      .waitFor({ state: 'visible' });
    await expect.poll(() => page.getByTestId('customer-money').textContent()).toContain('欠款 380.00');
    await photo.getByRole('button', { name: '追踪' }).click();
    await page.getByTestId('deal-timeline').getByText('收费').waitFor({ state: 'visible' });
    await screenshot(page, 'open-orders-02-deals');
  });

  // Set meals and refunds (h-moneyweb): 孙丽 sells 抗衰紧致套餐 (热玛吉 12800 + 超声刀 6800, sold
  // whole at its price), 陈静 charges it; 孙丽 asks to refund 热玛吉 from 成交项目 (退剩余, 王建国
  // approving as the flow lets her choose); after the approval 李娜 pays it out at the desk's 退款 tab.
  it('a set meal is sold whole, one of its deals refunded through approval and paid out at the desk', async () => {
    const { page } = e2e;
    await loginAs(page, 'sunli');
    await page.goto('/crm/customer');
    await page.getByRole('link', { name: '陈雨桐', exact: true }).first().click();
    await page.getByTestId('open-order').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/openOrders');
    const customerId = Number(new URL(page.url()).searchParams.get('customerId'));
    await page.getByLabel('选择套餐').click();
    await page.getByTitle('抗衰紧致套餐 ¥19600.00').click();
    await page.getByRole('button', { name: '添加套餐' }).click();
    const group = page.getByTestId('meal-group');
    await group.getByText('不可拆分').waitFor({ state: 'visible' });
    expect(await group.getByLabel('套餐成交价 抗衰紧致套餐').isDisabled()).toBe(true);
    await expect.poll(() => page.getByTestId('order-payable').textContent()).toBe('19600.00');
    await screenshot(page, 'open-orders-03-set-meal');
    await page.getByTestId('order-save').click();
    await toast(page, '开单成功，请到收银台收费').waitFor({ state: 'visible' });
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/crm/customer/${customerId}`);

    const chenjing = await apiAs(e2e.server.url, 'chenjing');
    const { list } = await chenjing<{ list: { orderId: number; payable: number }[] }>('/clinic/order/queryList', {
      customerId,
      status: 2,
    });
    const order = list.find((o) => o.payable === 1_960_000)!;
    await chenjing('/clinic/cashier/charge', {
      orderId: order.orderId,
      payments: [{ method: 'cash', amount: '19600' }],
    });

    // 退费 on 热玛吉: every left session at the limit the server allows.
    await page.reload();
    const deals = page.getByTestId('customer-deals');
    const row = deals.locator('tr.ant-table-row', { hasText: '热玛吉' }).first();
    await row.getByRole('button', { name: '退费 热玛吉' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByTestId('refund-surplus').textContent()).toBe('退剩余 1 次，退款 ¥12800.00');
    await dialog.getByLabel('退费原因').fill('顾客出国');
    await dialog.getByLabel('审批人').click();
    await dialog.getByLabel('审批人').fill('王建国');
    await page.getByTitle('王建国').click();
    await dialog.getByTestId('refund-submit').click();
    await toast(page, '已提交退费审核').waitFor({ state: 'visible' });
    await row.getByText('退费审核中 1次').waitFor({ state: 'visible' });
    await page.getByTestId('customer-refunds').getByText('审核中').first().waitFor({ state: 'visible' });

    const sunli = await apiAs(e2e.server.url, 'sunli');
    const refunds = await sunli<{ refundId: number; recordId: number; name: string; status: number }[]>(
      '/clinic/refund/queryByCustomer',
      { customerId },
    );
    const refund = refunds.find((r) => r.name === '热玛吉' && r.status === 1)!;
    const wangzong = await apiAs(e2e.server.url, 'wangzong');
    await wangzong('/OaExamine/auditExamine', { recordId: refund.recordId, status: 1, remarks: '' });

    // 李娜 pays it out in cash at the desk.
    await loginAs(page, 'lina');
    await page.goto('/workflow/cashierDesk');
    await page.getByRole('tab', { name: '退款' }).click();
    const waiting = page.getByTestId('desk-refunds').locator('tr.ant-table-row', { hasText: '热玛吉' }).first();
    await waiting.getByText('¥12800.00').waitFor({ state: 'visible' });
    await waiting.getByRole('button', { name: /退\s*款/ }).click();
    await expect.poll(() => page.getByLabel('现金 金额（元）').inputValue()).toBe('12800.00');
    await screenshot(page, 'open-orders-04-payout');
    await page.getByTestId('payout-submit').click();
    await toast(page, '退款成功：单号').waitFor({ state: 'visible' });
    const deal = (
      await chenjing<{ name: string; sessionsRefunded: number; status: number }[]>(
        '/CrmCustomerProjectDealRecord/getDealRecord',
        { customerId },
      )
    ).find((d) => d.name === '热玛吉')!;
    expect(deal).toMatchObject({ sessionsRefunded: 1, status: 4 });
  });
});
