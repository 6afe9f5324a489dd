import { describe, expect, it } from 'vitest';
import { loginAs, screenshot } from '../support/browser.ts';
import { useE2E } from '../support/setup.ts';
import { label2, option, toast } from '../support/ui.ts';

// Opportunities as a salesperson meets them: 孙丽 opens her customer 林婉清, creates an opportunity
// from its 商机 tab (the customer filled in and locked), adds two products from the product picker,
// sells two 水光针 and gives 10% off the whole order, saves, opens the opportunity and boosts it
// through two stages on the stage bar; the products tab and the operation log show the result.
// Screenshots go to e2e/artifacts/.

const e2e = useE2E();
const NAME = '林婉清的水光抗衰方案';

describe('opportunities', () => {
  it('a salesperson creates an opportunity with two products and a discount, then boosts it twice', async () => {
    const { page } = e2e;
    await loginAs(page, 'sunli');
    await page.goto('/crm/customer');
    await page.getByTestId('record-link').filter({ hasText: '林婉清' }).first().click();
    await expect.poll(() => page.getByTestId('record-title').textContent()).toBe('林婉清');
    await page.getByRole('tab', { name: '商机' }).click();
    await page.getByTestId('customer-business-create').click();

    const drawer = page.locator('.ant-drawer').filter({ hasText: '新建商机' });
    await drawer.waitFor({ state: 'visible' });
    // The relative create: the customer is the parent's, shown and locked.
    const customer = drawer.getByTestId('relation-input-customer');
    await expect.poll(() => customer.inputValue()).toContain('林婉清');
    expect(await customer.isDisabled()).toBe(true);

    await drawer.getByLabel('商机名称').fill(NAME);
    await drawer.getByTestId('business-type-select').click();
    await option(page, '医美项目商机').click();
    await drawer.getByTestId('business-status-select').click();
    await option(page, '初步接洽').click();

    await drawer.getByTestId('product-add').click();
    const picker = page.locator('.ant-modal').filter({ hasText: '选择产品' });
    await picker.waitFor({ state: 'visible' });
    for (const name of ['水光针', '玻尿酸填充'])
      await picker.locator('.ant-table-row', { hasText: name }).locator('.ant-checkbox-input').check();
    await picker.getByRole('button', { name: label2('确定') }).click();
    await picker.waitFor({ state: 'hidden' });

    const lines = drawer.getByTestId('product-lines');
    const first = lines.locator('.ant-table-row', { hasText: '水光针' });
    await first.locator('[data-testid^="line-num-"]').fill('2');
    // A letter typed into an amount is dropped (crm-records §5).
    await lines.getByTestId('product-discountRate').fill('10a');
    await expect.poll(() => lines.getByTestId('product-discountRate').inputValue()).toBe('10');
    // (980 × 2 + 3800) × 90% = 5184.
    await expect.poll(() => lines.getByTestId('product-totalPrice').inputValue()).toBe('5184');
    await screenshot(page, 'crm-business-01-create');
    await drawer.getByTestId('record-save').click();
    await toast(page, '添加成功').waitFor({ state: 'visible' });
    await drawer.waitFor({ state: 'hidden' });

    const row = page.getByTestId('customer-business').locator('a', { hasText: NAME });
    await row.waitFor();
    await row.click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/crm\/business\/\d+$/);
    await expect.poll(() => page.getByTestId('record-title').textContent()).toBe(NAME);

    const bar = page.getByTestId('stage-bar');
    for (const next of ['需求确认', '方案报价']) {
      await bar.getByTestId('stage-boost').filter({ hasText: next }).click();
      await page
        .locator('.ant-modal-confirm')
        .getByRole('button', { name: label2('确定') })
        .click();
      await toast(page, '操作成功').waitFor({ state: 'visible' });
      await expect.poll(() => bar.locator('.ant-steps-item-process .ant-steps-item-title').textContent()).toBe(next);
    }
    await screenshot(page, 'crm-business-02-stages');

    await page.getByRole('tab', { name: '产品' }).click();
    await expect.poll(() => page.getByTestId('product-total').textContent()).toBe('5184');
    await page.getByRole('tab', { name: '操作记录' }).click();
    await page.getByText('方案报价').last().waitFor();
  });

  it('the CRM administrator adds a category, a product in it, and takes the product off the shelf', async () => {
    const { page } = e2e;
    await loginAs(page, 'wangzong');
    await page.goto('/manager/product-category');
    await page.getByRole('button', { name: '新建一级类别' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '新建一级类别' });
    await dialog.getByLabel('类别名称').fill('仪器类');
    await dialog.getByRole('button', { name: label2('确定') }).click();
    await page.locator('.ant-tree').getByText('仪器类', { exact: true }).waitFor();

    await page.goto('/crm/product');
    await page.getByTestId('record-create').click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: '新建产品' });
    await drawer.waitFor({ state: 'visible' });
    await drawer.getByLabel('产品名称').fill('超声炮');
    await drawer.getByTestId('category-select').click();
    await page.locator('.ant-select-tree-node-content-wrapper', { hasText: '仪器类' }).first().click();
    await drawer.getByLabel('标准价格').fill('6800');
    await drawer.getByLabel('是否上架').click();
    await option(page, '上架').click();
    await drawer.getByTestId('record-save').click();
    await toast(page, '添加成功').waitFor({ state: 'visible' });
    await drawer.waitFor({ state: 'hidden' });

    const row = page.getByTestId('record-row').filter({ hasText: '超声炮' });
    await row.waitFor();
    expect(await row.textContent()).toContain('仪器类');
    await row.locator('.ant-checkbox-input').check();
    await page.getByTestId('shelf-off').click();
    await toast(page, '操作成功').waitFor({ state: 'visible' });
    await expect.poll(() => row.textContent()).toContain('下架');
    await screenshot(page, 'crm-business-03-products');
  });
});
