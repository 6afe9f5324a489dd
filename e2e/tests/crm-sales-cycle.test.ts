import { describe, expect, it } from 'vitest';
import { loginAs, screenshot } from '../support/browser.ts';
import { addPlanAndReceivable, approveReceivable, submitContractDraft } from '../support/crm.ts';
import { useE2E } from '../support/setup.ts';
import { approveReview, confirm, drawerTitled, label2, option, pickRecord, toast } from '../support/ui.ts';

// The whole sales cycle of issue 8 as the people meet it: 孙丽 converts a lead into a customer,
// adds its contact, creates an opportunity with two products and a whole-order discount, moves it
// through two stages and links the contact to it, then creates a contract from it (the products and
// the money come along), saves a draft and submits it to 陈静 (财务), who approves; 孙丽 records a
// plan and a receivable, 陈静 approves that too; the contract shows the money received, the
// opportunity lists the contract, the customer shows as closed (已成交). Screenshots in e2e/artifacts/.

const e2e = useE2E();
const CUSTOMER = '赵小曼';
const CONTACT = '赵先生';
const BUSINESS = '赵小曼的水光抗衰方案';
const CONTRACT = '赵小曼水光疗程合同';

describe('the sales cycle', () => {
  it('lead → customer and contact → opportunity → contract → review → plan and receivable → closed', async () => {
    const { page } = e2e;
    await loginAs(page, 'sunli');

    // A lead, converted into a customer.
    await page.goto('/crm/leads');
    await page.getByTestId('record-create').click();
    const leadForm = drawerTitled(page, '新建线索');
    await leadForm.getByLabel('线索名称').fill(CUSTOMER);
    await leadForm.getByLabel('手机').fill('13911225566');
    await leadForm.getByTestId('record-save').click();
    await toast(page, '添加成功').waitFor({ state: 'visible' });
    await page.getByTestId('record-link').filter({ hasText: CUSTOMER }).click();
    await page.getByTestId('leads-convert').click();
    await confirm(page);
    await toast(page, '已转换为客户').waitFor({ state: 'visible' });
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/crm\/customer\/\d+$/);
    const customerPath = new URL(page.url()).pathname;

    // Its contact, from the customer's 联系人 tab (the customer filled in and locked).
    await page.getByRole('tab', { name: '联系人' }).click();
    await page.getByTestId('customer-contacts-create').click();
    const contactForm = drawerTitled(page, '新建联系人');
    await contactForm.getByLabel('姓名').fill(CONTACT);
    await contactForm.getByTestId('record-save').click();
    await toast(page, '添加成功').waitFor({ state: 'visible' });
    await page.getByTestId('customer-contacts').getByText(CONTACT).waitFor();

    // An opportunity from its 商机 tab: two products, 2 × 水光针, 10% off the order.
    await page.getByRole('tab', { name: '商机' }).click();
    await page.getByTestId('customer-business-create').click();
    const bform = page.locator('.ant-drawer').filter({ hasText: '新建商机' });
    await bform.waitFor({ state: 'visible' });
    await bform.getByLabel('商机名称').fill(BUSINESS);
    await bform.getByTestId('business-type-select').click();
    await option(page, '医美项目商机').click();
    await bform.getByTestId('business-status-select').click();
    await option(page, '初步接洽').click();
    await bform.getByTestId('product-add').click();
    const productPicker = page.locator('.ant-modal').filter({ hasText: '选择产品' });
    await productPicker.waitFor({ state: 'visible' });
    for (const name of ['水光针', '玻尿酸填充'])
      await productPicker.locator('.ant-table-row', { hasText: name }).locator('.ant-checkbox-input').check();
    await productPicker.getByRole('button', { name: label2('确定') }).click();
    await productPicker.waitFor({ state: 'hidden' });
    const lines = bform.getByTestId('product-lines');
    await lines.locator('.ant-table-row', { hasText: '水光针' }).locator('[data-testid^="line-num-"]').fill('2');
    await lines.getByTestId('product-discountRate').fill('10');
    // (980 × 2 + 3800) × 90% = 5184.
    await expect.poll(() => lines.getByTestId('product-totalPrice').inputValue()).toBe('5184');
    await bform.getByTestId('record-save').click();
    await toast(page, '添加成功').waitFor({ state: 'visible' });
    await page.getByTestId('customer-business').locator('a', { hasText: BUSINESS }).click();
    await expect.poll(() => page.getByTestId('record-title').textContent()).toBe(BUSINESS);
    const businessPath = new URL(page.url()).pathname;

    // Two stages on the stage bar.
    const bar = page.getByTestId('stage-bar');
    for (const next of ['需求确认', '方案报价']) {
      await bar.getByTestId('stage-boost').filter({ hasText: next }).click();
      await confirm(page);
      await toast(page, '操作成功').waitFor({ state: 'visible' });
      await expect.poll(() => bar.locator('.ant-steps-item-process .ant-steps-item-title').textContent()).toBe(next);
    }

    // The contact joins the opportunity from its 联系人 tab.
    await page.getByRole('tab', { name: '联系人' }).click();
    await page.getByTestId('relation-relate').click();
    await pickRecord(page, CONTACT);
    await page.getByTestId('relation-businessContacts').getByText(CONTACT).waitFor();
    await screenshot(page, 'crm-sales-cycle-01-opportunity');

    // A contract from the opportunity's 合同 tab: customer and opportunity prefilled and locked,
    // its products and money come along.
    await page.getByRole('tab', { name: '合同' }).click();
    await page.getByTestId('business-contracts-add').click();
    const cform = page.locator('.ant-drawer').filter({ hasText: '新建合同' });
    await cform.waitFor({ state: 'visible' });
    await cform.getByTestId('review-chosen').waitFor();
    await cform.getByTestId('choose-customer').filter({ hasText: CUSTOMER }).waitFor();
    // The 商机 select (antd puts the test id on the select itself or on its input).
    const businessSelect = cform
      .getByTestId('contract-business')
      .locator('xpath=ancestor-or-self::*[contains(concat(" ", @class, " "), " ant-select ")]')
      .last();
    await expect.poll(() => businessSelect.textContent()).toContain(BUSINESS);
    await expect.poll(() => businessSelect.getAttribute('class')).toContain('ant-select-disabled');
    await cform.getByTestId('product-lines').getByText('玻尿酸填充').waitFor();
    await expect.poll(() => cform.getByTestId('product-totalPrice').inputValue()).toBe('5184');
    await expect.poll(() => cform.getByLabel('合同金额').inputValue()).toBe('5184');
    await cform.getByLabel('合同编号').fill('HT-CYCLE-001');
    await cform.getByLabel('合同名称').fill(CONTRACT);
    await screenshot(page, 'crm-sales-cycle-02-contract');
    await cform.getByTestId('save-draft').click();
    await toast(page, '添加成功').waitFor({ state: 'visible' });
    await cform.waitFor({ state: 'hidden' });

    await page.getByTestId('business-contracts').locator('a', { hasText: 'HT-CYCLE-001' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/crm\/contract\/\d+$/);
    const contractPath = new URL(page.url()).pathname;
    await expect.poll(() => page.getByTestId('check-status').textContent()).toBe('草稿');

    // Submit the draft to 陈静.
    await submitContractDraft(page, '陈静', (edit) => edit.getByTestId('product-lines').getByText('水光针').waitFor());

    await approveReview(page, 'chenjing', contractPath);

    // 孙丽 records a plan and a receivable against it.
    await loginAs(page, 'sunli');
    await page.goto(contractPath);
    await page.getByRole('tab', { name: '产品' }).click();
    await expect.poll(() => page.getByTestId('product-total').textContent()).toBe('5184');
    await addPlanAndReceivable(page, {
      customer: CUSTOMER,
      money: '5184',
      planDay: '2026-12-01',
      number: 'HK-CYCLE-001',
      day: '2026-11-20',
      approver: '陈静',
    });
    await approveReceivable(page, 'chenjing', 'HK-CYCLE-001');

    // The contract shows the money received, the opportunity its contract, the customer is closed.
    await loginAs(page, 'sunli');
    await page.goto(contractPath);
    await expect.poll(() => page.getByTestId('received-money').textContent()).toContain('5184.00');
    await screenshot(page, 'crm-sales-cycle-03-received');
    await page.goto(businessPath);
    await page.getByRole('tab', { name: '合同' }).click();
    await page.getByTestId('business-contracts').getByText('HT-CYCLE-001').waitFor();
    await page.goto(customerPath);
    await expect.poll(() => page.getByTestId('record-title').textContent()).toBe(CUSTOMER);
    await page.getByText('已成交').first().waitFor();
    await screenshot(page, 'crm-sales-cycle-04-closed');
    // One test for the whole cycle (each step needs the one before): more than the default minute.
  }, 150_000);
});
