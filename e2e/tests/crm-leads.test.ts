import { describe, expect, it } from 'vitest';
import { loginAs, screenshot } from '../support/browser.ts';
import { useE2E } from '../support/setup.ts';
import { drawerTitled, label2, toast } from '../support/ui.ts';

// Leads and contacts as a salesperson meets them: 孙丽 creates a lead, converts it into a
// customer (转换为客户), adds a contact from the customer's 联系人 tab, then creates another
// customer in the panel with 保存并新建联系人 and its first contact. Screenshots in e2e/artifacts/.

const e2e = useE2E();
const LEAD = '王小美';
const CONTACT = '王先生';
const CUSTOMER = '李雪梅';
const CONTACT2 = '李先生';

describe('leads and contacts', () => {
  it('a salesperson converts a lead into a customer and adds contacts, also with 保存并新建联系人', async () => {
    const { page } = e2e;
    await loginAs(page, 'sunli');
    await page.locator('.crm-topnav').getByText('客户管理').click();
    await page.locator('.crm-sidemenu').getByText('线索', { exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/crm/leads');

    // A new lead in the generic overlay; the required rule speaks before anything is sent.
    await page.getByTestId('record-create').click();
    const leadForm = drawerTitled(page, '新建线索');
    await leadForm.waitFor({ state: 'visible' });
    await leadForm.getByTestId('record-save').click();
    await leadForm.getByText('线索名称不能为空').waitFor();
    await leadForm.getByLabel('线索名称').fill(LEAD);
    await leadForm.getByLabel('手机').fill('13911223344');
    await screenshot(page, 'crm-leads-01-create');
    await leadForm.getByTestId('record-save').click();
    await toast(page, '添加成功').waitFor({ state: 'visible' });
    await leadForm.waitFor({ state: 'hidden' });

    // Its detail: 转换为客户 opens the new customer.
    await page.getByTestId('record-link').filter({ hasText: LEAD }).click();
    await expect.poll(() => page.getByTestId('record-title').textContent()).toBe(LEAD);
    await page.getByTestId('leads-convert').click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: label2('确定') })
      .click();
    await toast(page, '已转换为客户').waitFor({ state: 'visible' });
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/crm\/customer\/\d+$/);
    await expect.poll(() => page.getByTestId('record-title').textContent()).toBe(LEAD);
    await screenshot(page, 'crm-leads-02-converted');

    // A contact of this customer from its 联系人 tab: the customer is filled in and locked.
    await page.getByRole('tab', { name: '联系人' }).click();
    await page.getByTestId('customer-contacts-create').click();
    const contactForm = drawerTitled(page, '新建联系人');
    await contactForm.waitFor({ state: 'visible' });
    const customerBox = contactForm.getByTestId('relation-input-customer');
    await expect.poll(() => customerBox.inputValue()).toBe(LEAD);
    expect(await customerBox.isDisabled()).toBe(true);
    await contactForm.getByLabel('姓名').fill(CONTACT);
    await contactForm.getByLabel('职务').fill('店长');
    await contactForm.getByTestId('record-save').click();
    await toast(page, '添加成功').waitFor({ state: 'visible' });
    await page.getByTestId('customer-contacts').getByText(CONTACT).waitFor();
    await screenshot(page, 'crm-leads-03-contact');

    // The converted lead is listed under 已转化的线索 only.
    await page.locator('.crm-sidemenu').getByText('线索', { exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/crm/leads');
    await expect.poll(() => page.getByTestId('record-link').filter({ hasText: LEAD }).count()).toBe(0);

    // A new customer in the panel, then 保存并新建联系人: the contact form follows for it.
    await page.locator('.crm-sidemenu').getByText('客户', { exact: true }).first().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/crm/customer');
    // The customers' own button: while their page's chunks arrive the leads page (and its 新建线索) may still show.
    await page.getByTestId('record-create').filter({ hasText: '新建客户' }).click();
    const panel = page.locator('.ant-drawer').filter({ hasText: '新建客户' });
    await panel.waitFor({ state: 'visible' });
    await panel.getByLabel('客户名称').fill(CUSTOMER);
    await panel.getByLabel('手机号').fill('13812340000');
    await panel.getByLabel('所属门店').fill('丽人');
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
        hasText: '丽人医美会所',
      })
      .first()
      .click();
    await panel.getByLabel('身份证号', { exact: true }).fill('510104199001015678');
    await panel.getByTestId('customer-save-contact').click();
    await toast(page, '操作成功').waitFor({ state: 'visible' });
    const nextContact = drawerTitled(page, '新建联系人');
    await nextContact.waitFor({ state: 'visible' });
    await expect.poll(() => nextContact.getByTestId('relation-input-customer').inputValue()).toBe(CUSTOMER);
    await nextContact.getByLabel('姓名').fill(CONTACT2);
    await screenshot(page, 'crm-leads-04-save-and-new-contact');
    await nextContact.getByTestId('record-save').click();
    await toast(page, '添加成功').waitFor({ state: 'visible' });
    await nextContact.waitFor({ state: 'hidden' });

    await page.locator('.crm-sidemenu').getByText('联系人', { exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/crm/contacts');
    await page.getByTestId('record-link').filter({ hasText: CONTACT2 }).waitFor();
    await page.getByTestId('record-link').filter({ hasText: CONTACT }).waitFor();
  });
});
