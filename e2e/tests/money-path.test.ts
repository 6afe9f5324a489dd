import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api.ts';
import { loginAs, screenshot } from '../support/browser.ts';
import { useE2E } from '../support/setup.ts';
import { choose, drawerTitled, label2, toast } from '../support/ui.ts';

// The whole money path of issue 22 in the browser, each step on the page that does it:
// 王建国 configures a project (冰肌焕颜: 原价 2000, 执行价 1500, 最低价 1200, 4 sessions) →
// 孙丽 opens an order for 王思琪 at 1000, below the floor, with a reason → 王建国 approves →
// 李娜 charges 500 cash + 300 WeChat, 200 left as arrears, and prints the receipt → 王静 (护士)
// uses one session (250) at the nurses' station → a refund of the three left is requested and
// approved (limit: 800 paid × 3 ÷ 4 − 200 owed = 400) → paid out in cash at the cashier.
// Figures are checked on the pages against the customer's account before the path. Every step
// is clicked: the approver is chosen in /openOrders and in the refund dialog, and 王建国 decides
// both approvals in the approval center (审批 → 待我审批 → 诊所审批). Set meals: the path
// configures a project only.

const e2e = useE2E();

/** 王建国 opens the clinic approval about `text` in 待我审批, checks it and approves it there. */
async function approveInCenter(page: Page, text: string, check: (drawer: Locator) => Promise<void>) {
  await loginAs(page, 'wangzong');
  await page.goto('/workbench/examine?tab=waiting');
  const row = page.getByTestId('clinic-examine-row').filter({ hasText: text });
  await row.waitFor({ state: 'visible' });
  await row.click();
  const drawer = page.locator('.ant-drawer-content-wrapper').filter({ hasText: '审批流程' });
  await drawer.getByText('审批流程').waitFor({ state: 'visible' });
  await check(drawer);
  await drawer.getByRole('button', { name: label2('同意') }).click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '审批意见' });
  await dialog.getByRole('button', { name: label2('同意') }).click();
  await toast(page, '已提交审批结果').waitFor({ state: 'visible' });
  // Decided: it leaves 待我审批.
  await expect.poll(() => page.getByTestId('clinic-examine-row').filter({ hasText: text }).count()).toBe(0);
}

/** Choose the approver in a clinic approval's picker (/openOrders, the refund dialog). */
async function chooseApprover(page: Page, scope: Locator | Page, name: string) {
  const picker = scope.getByRole('combobox', { name: '审批人' });
  await choose(page, picker, name, name);
}

const CUSTOMER = '王思琪';
const PROJECT = '冰肌焕颜';
const yuan = (fen: number) => (fen / 100).toFixed(2);

/** What the steps hand on. */
const path = {
  customerId: 0,
  before: { principal: 0, gift: 0, arrears: 0, totalPaid: 0, totalConsumed: 0 },
  orderId: 0,
  number: '',
  dealId: 0,
};

describe('the money path', () => {
  it('王建国 configures the project', async () => {
    const { page, server } = e2e;
    const sunli = await apiAs(server.url, 'sunli');
    const lina = await apiAs(server.url, 'lina');
    const found = await lina.call('/clinic/cashier/queryAccounts', { search: CUSTOMER });
    path.customerId = found.list.find((c: { customerName: string }) => c.customerName === CUSTOMER).customerId;
    path.before = await sunli.call('/clinic/account/info', { customerId: path.customerId });

    await loginAs(page, 'wangzong');
    await page.goto('/project/index');
    // On the name (its count beside it; the node's tools sit at its right).
    await page.locator('.ant-tree-node-content-wrapper').getByText('光电美肤').first().click();
    await page.getByRole('button', { name: /新建项目/ }).click();
    const drawer = drawerTitled(page, '新建项目');
    await drawer.getByLabel('项目名称').fill(PROJECT);
    await drawer.getByLabel('原价').fill('2000');
    await drawer.getByLabel('执行价').fill('1500');
    await drawer.getByLabel('最低价').fill('1200');
    await drawer.getByLabel('次数').fill('4');
    await drawer.getByRole('button', { name: label2('保存') }).click();
    await toast(page, '已保存').waitFor({ state: 'visible' });
    const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: PROJECT });
    await row.waitFor({ state: 'visible' });
    expect(await row.textContent()).toContain('1500.00');
  });

  it('孙丽 opens an order below the floor with a reason; 王建国 approves', async () => {
    const { page, server } = e2e;
    await loginAs(page, 'sunli');
    await page.goto(`/openOrders?customerId=${path.customerId}`);
    await page.getByTestId('order-customer').getByText(CUSTOMER).waitFor({ state: 'visible' });
    const search = page.getByPlaceholder('项目名称或拼音首字母');
    await search.fill('bjhy');
    await search.press('Enter');
    await page.getByRole('button', { name: `添加 ${PROJECT}` }).click();
    await expect.poll(() => page.getByTestId('order-payable').textContent()).toBe('1500.00');
    const dealPrice = page.getByLabel(`成交价 ${PROJECT}`);
    await dealPrice.fill('1000');
    await dealPrice.blur();
    await expect.poll(() => page.getByTestId('order-payable').textContent()).toBe('1000.00');
    await page.getByTestId('order-lines').getByText('最低成交价 1200.00').waitFor({ state: 'visible' });
    await page.getByTestId('below-floor').first().waitFor({ state: 'visible' });
    await page.getByLabel('折扣原因（有项目低于最低成交价，需审批）').fill('老顾客回馈');
    // 折扣审批 lets the opener choose the approver (the demo's configuration).
    await chooseApprover(page, page, '王建国');
    await screenshot(page, 'money-path-01-order');
    await page.getByTestId('order-save').click();
    await toast(page, '已提交折扣审批，审批通过后到收银台收费').waitFor({ state: 'visible' });

    const sunli = await apiAs(server.url, 'sunli');
    const { list } = await sunli.call('/clinic/order/queryList', { customerId: path.customerId, status: 1 });
    const order = list.find((o: { items: string }) => o.items.includes(PROJECT));
    expect(order.payable).toBe(100_000);
    path.orderId = order.orderId;
    path.number = order.number;

    await approveInCenter(page, path.number, async (drawer) => {
      expect(await page.getByTestId('clinic-examine-row').first().textContent()).toContain(CUSTOMER);
      const line = drawer.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: PROJECT });
      // 项目, 原价, 最低价, 成交价 (below the floor), 折扣.
      expect((await line.locator('td').allTextContents()).slice(0, 4)).toEqual([
        PROJECT,
        '¥2000.00',
        '¥1200.00',
        '¥1000.00 低于最低价',
      ]);
      await drawer.getByText('老顾客回馈').waitFor({ state: 'visible' });
      await screenshot(page, 'money-path-01b-discount-approval');
    });
    const after = await sunli.call('/clinic/order/info', { orderId: path.orderId });
    expect(after.status).toBe(2);
  });

  it('李娜 charges it with cash and WeChat, 200 left owing, and prints the receipt', async () => {
    const { page } = e2e;
    await loginAs(page, 'lina');
    await page.goto('/workflow/cashierDesk');
    const search = page.getByPlaceholder('顾客姓名、手机号或订单号');
    await search.fill(path.number);
    await search.press('Enter');
    const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: path.number });
    await row.waitFor({ state: 'visible' });
    expect(await row.textContent()).toContain('¥1000.00');
    await row.getByRole('button', { name: label2('收费') }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: `收费 · ${path.number}` });
    await dialog.getByLabel('现金 金额（元）').fill('500');
    await dialog.getByRole('button', { name: /添加支付方式/ }).click();
    await dialog.getByLabel('微信 金额（元）').fill('300');
    await expect.poll(() => dialog.getByTestId('charge-sum').textContent()).toBe('实收 ¥800.00 · 欠款 ¥200.00');
    await dialog.getByRole('button', { name: label2('收费') }).click();
    await dialog.getByText('收费成功').waitFor({ state: 'visible' });

    const [receipt] = await Promise.all([
      page.context().waitForEvent('page'),
      dialog.getByRole('button', { name: /打印小票/ }).click(),
    ]);
    await receipt.getByTestId('receipt-number').waitFor({ state: 'visible' });
    const figure = (id: string) => receipt.getByTestId(id).textContent();
    expect(await figure('receipt-number')).toBe(`订单号${path.number}`);
    expect(await receipt.locator('.receipt__lines tbody').textContent()).toContain(PROJECT);
    expect(await figure('receipt-payable')).toBe('应收¥1000.00');
    expect(await figure('receipt-pay-cash')).toBe('现金¥500.00');
    expect(await figure('receipt-pay-wechat')).toBe('微信¥300.00');
    expect(await figure('receipt-arrears')).toBe('欠款¥200.00');
    expect(await figure('receipt-after-arrears')).toBe(`欠款¥${yuan(path.before.arrears + 20_000)}`);
    expect(await figure('receipt-cashier')).toBe('收银员李娜');
    await screenshot(receipt, 'money-path-02-receipt');
    await receipt.close();
  });

  it('王静 uses one session at the nurses’ station', async () => {
    const { page } = e2e;
    await loginAs(page, 'wangjing');
    await page.goto('/workflow/nursesStation');
    // She comes for the session without a registered visit: found by name.
    const search = page.getByPlaceholder('查找顾客（姓名、手机号、拼音）');
    await search.fill(CUSTOMER);
    await search.press('Enter');
    const mine = page.getByRole('region', { name: CUSTOMER });
    // Her deals with sessions left (the first table), then today's 划扣 (the second).
    const deal = mine.locator('table').first().locator('tr.ant-table-row').filter({ hasText: PROJECT });
    await deal.waitFor({ state: 'visible' });
    expect(await deal.textContent()).toContain('共4次，已用0次，剩余4次');
    expect(await deal.textContent()).toContain('¥250.00');
    await deal.getByRole('button', { name: label2('划扣') }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: `划扣：${CUSTOMER} · ${PROJECT}` });
    await dialog.getByText('共4次，已用0次，剩余4次').waitFor({ state: 'visible' });
    await screenshot(page, 'money-path-03-verify');
    await dialog.getByRole('button', { name: label2('确定') }).click();
    await toast(page, '划扣成功，剩余3次').waitFor({ state: 'visible' });
    await expect.poll(() => deal.textContent()).toContain('共4次，已用1次，剩余3次');
    const used = mine.locator('table').nth(1).locator('tr.ant-table-row').filter({ hasText: PROJECT });
    await used.waitFor({ state: 'visible' });
    expect(await used.textContent()).toContain('¥250.00');
    expect(await used.textContent()).toContain('王静');
    await screenshot(page, 'money-path-04-used');
  });

  it('the rest is refunded: asked, approved, paid out; the customer’s 成交项目 shows it', async () => {
    const { page, server } = e2e;
    const sunli = await apiAs(server.url, 'sunli');
    const deals = await sunli.call('/CrmCustomerProjectDealRecord/getDealRecord', { customerId: path.customerId });
    const deal = deals.find((d: { orderId: number }) => d.orderId === path.orderId);
    expect(deal).toMatchObject({ sessionsUsed: 1, sessionsLeft: 3, paidCash: 80_000, arrears: 20_000 });
    path.dealId = deal.dealId;

    // 孙丽 asks on the customer's 成交项目 tab: the three left, 800 paid × 3 of 4 less the 200 owed.
    await loginAs(page, 'sunli');
    await page.goto(`/crm/customer/${path.customerId}?tab=deals`);
    const asking = page.getByTestId('customer-deals').locator('tr.ant-table-row').filter({ hasText: PROJECT });
    await asking.getByRole('button', { name: `退费 ${PROJECT}` }).click();
    const ask = page.locator('.ant-modal').filter({ hasText: `退费申请：${PROJECT}` });
    await expect.poll(() => ask.getByTestId('refund-surplus').textContent()).toBe('退剩余 3 次，退款 ¥400.00');
    await ask.getByLabel('退费原因').fill('顾客出国');
    await chooseApprover(page, ask, '王建国');
    await ask.getByTestId('refund-submit').click();
    await toast(page, '已提交退费审核').waitFor({ state: 'visible' });

    await approveInCenter(page, `${PROJECT} · 退 3 次 · ¥400.00`, async (drawer) => {
      await drawer.getByText('顾客出国').waitFor({ state: 'visible' });
      await drawer.getByText('¥400.00').first().waitFor({ state: 'visible' });
      await screenshot(page, 'money-path-05a-refund-approval');
    });

    // 李娜 pays it out in cash at the desk's 退款 tab.
    await loginAs(page, 'lina');
    await page.goto('/workflow/cashierDesk');
    await page.getByRole('tab', { name: '退款' }).click();
    const waiting = page.getByTestId('desk-refunds').locator('tr.ant-table-row').filter({ hasText: CUSTOMER });
    await waiting.filter({ hasText: PROJECT }).waitFor({ state: 'visible' });
    expect(await waiting.filter({ hasText: PROJECT }).textContent()).toContain('¥400.00');
    await waiting
      .filter({ hasText: PROJECT })
      .getByRole('button', { name: label2('退款') })
      .click();
    const payout = page.locator('.ant-modal').filter({ hasText: `退款 · ${CUSTOMER}` });
    await payout.getByText(`${CUSTOMER} · ${PROJECT} 3次 · 退款 ¥400.00`).waitFor({ state: 'visible' });
    expect(await payout.getByLabel('现金 金额（元）').inputValue()).toBe('400.00');
    await payout.getByTestId('payout-submit').click();
    await toast(page, '退款成功').waitFor({ state: 'visible' });

    await loginAs(page, 'sunli');
    await page.goto(`/crm/customer/${path.customerId}?tab=deals`);
    const row = page.getByTestId('customer-deals').locator('tr.ant-table-row').filter({ hasText: PROJECT });
    await row.waitFor({ state: 'visible' });
    // 项目, 购买, 已用, 已退, 剩余, 冻结.
    await expect
      .poll(async () => (await row.locator('td').allTextContents()).slice(1, 6))
      .toEqual(['4', '1', '3', '0', '0']);
    expect(await row.textContent()).toContain('已退费');
    await expect
      .poll(() => page.getByTestId('customer-money').textContent())
      .toContain(`欠款 ${yuan(path.before.arrears + 20_000)}`);
    const account = await sunli.call('/clinic/account/info', { customerId: path.customerId });
    expect(account).toMatchObject({
      principal: path.before.principal,
      gift: path.before.gift,
      totalPaid: path.before.totalPaid + 80_000 - 40_000,
      totalConsumed: path.before.totalConsumed + 25_000,
    });
    await screenshot(page, 'money-path-05-refunded');

    // The station no longer offers the refunded deal.
    await loginAs(page, 'wangjing');
    await page.goto('/workflow/nursesStation');
    const search = page.getByPlaceholder('查找顾客（姓名、手机号、拼音）');
    await search.fill(CUSTOMER);
    await search.press('Enter');
    const mine = page.getByRole('region', { name: CUSTOMER });
    await mine.waitFor({ state: 'visible' });
    // Its deals (the first table) no longer hold the project; today's 划扣 (the second) still does.
    const tables = mine.locator('table');
    await expect.poll(() => tables.count()).toBe(2);
    expect(await tables.first().locator('tr.ant-table-row').filter({ hasText: PROJECT }).count()).toBe(0);
    expect(await tables.nth(1).locator('tr.ant-table-row').filter({ hasText: PROJECT }).count()).toBe(1);
  });
});
