import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, loginAs, screenshot } from '../support/browser.ts';
import { useE2E } from '../support/setup.ts';
import { pickUsers, toast } from '../support/ui.ts';

// 开单 (issue 22) in the browser on the demo data: 孙丽 (销售) opens an order for her customer
// 陈雨桐 from the customer's detail: 光子嫩肤 at 执行价 880 split 60/40 with 郑浩, and 水光针 at a
// deal price of 1000 (its floor is 980); she sees the totals and saves, lands on 成交项目 and sees
// the unpaid order. 陈静 (财务) charges it through the API (the cashier page is another branch's);
// the tab then shows the two deal records with their sessions and the charged order.

const e2e = useE2E();

/** A signed-in API client: answers `data`, throws on a refusal. */
async function apiAs(base: string, username: string) {
  const res = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD, type: 1 }),
  });
  const token = ((await res.json()) as { data: Record<string, string> }).data['Admin-Token']!;
  return async <T = unknown>(path: string, body: unknown): Promise<T> => {
    const answer = (await (
      await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Admin-Token': token },
        body: JSON.stringify(body),
      })
    ).json()) as { code: number; msg: string; data: T };
    if (answer.code !== 0) throw new Error(`${path}: ${answer.msg}`);
    return answer.data;
  };
}

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
});
