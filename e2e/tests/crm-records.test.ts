import { describe, expect, it } from 'vitest';
import { loginAs, screenshot } from '../support/browser.ts';
import { useE2E } from '../support/setup.ts';
import { label2, pickUsers, toast } from '../support/ui.ts';

// The record pages of the CRM area as a user meets them, on the customer kind: the administrator
// opens 客户管理 › 客户, creates a customer in the customer panel, finds it in the list, opens
// its detail, writes a follow-up and puts 孙丽 on its team with read-write access.
// Screenshots go to e2e/artifacts/.

const e2e = useE2E();
const NAME = '张三丰';
const FOLLOW = '电话沟通，约好下周到店面诊';

/** antd puts a space between the two characters of a two-character Chinese button label. */

describe('CRM record pages', () => {
  it('admin creates a customer, finds it in the list, follows it up and adds a team member', async () => {
    const { page } = e2e;
    await loginAs(page, 'admin');
    await page.locator('.crm-topnav').getByText('客户管理').click();
    // /crm lands on the CRM home (spec 2.3 "/crm (default /crm/workbench)"), its tiles loaded.
    await expect.poll(() => new URL(page.url()).pathname).toBe('/crm/workbench');
    await page.getByTestId('crm-home-todos').getByTestId('count-todayCustomer').waitFor();
    await page.getByTestId('crm-home-figures').getByTestId('figure-newCustomers').waitFor();
    await page.locator('.crm-sidemenu').getByText('客户', { exact: true }).first().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/crm/customer');

    await page.getByTestId('record-create').click();
    // Customers are created in their side panel (spec 2.8): the generic form in the customer layout.
    const drawer = page.locator('.ant-drawer').filter({ hasText: '新建客户' });
    await drawer.waitFor({ state: 'visible' });
    const confirm = drawer.getByRole('button', { name: label2('确定') });
    // The shared rule's message before anything is sent.
    await confirm.click();
    await drawer.getByText('请输入客户名称').waitFor();
    await drawer.getByLabel('客户名称').fill(NAME);
    await drawer.getByLabel('手机号').fill('13812345678');
    await drawer.getByText('女', { exact: true }).click();
    // The shop autocomplete: a case-insensitive prefix of a demo shop's name.
    await drawer.getByLabel('所属门店').fill('丽人');
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
        hasText: '丽人医美会所',
      })
      .first()
      .click();
    await drawer.getByLabel('身份证号', { exact: true }).fill('510104199001011234');
    await screenshot(page, 'crm-records-01-create');
    // A double click still creates one customer.
    await confirm.dblclick();
    await toast(page, '操作成功').waitFor({ state: 'visible' });
    await drawer.waitFor({ state: 'hidden' });

    const link = page.getByTestId('record-link').filter({ hasText: NAME });
    await expect.poll(() => link.count()).toBe(1);
    await screenshot(page, 'crm-records-02-list');
    await link.click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/crm\/customer\/\d+$/);
    await expect.poll(() => page.getByTestId('record-title').textContent()).toBe(NAME);
    const basic = page.getByTestId('record-basic');
    await basic.getByText('13812345678').waitFor();
    await basic.getByText('女', { exact: true }).waitFor();

    await page.getByRole('tab', { name: '跟进记录' }).click();
    const follow = page.getByTestId('follow-ups');
    await follow.getByTestId('follow-content').fill(FOLLOW);
    await follow.getByTestId('follow-publish').click();
    await toast(page, '添加成功').waitFor({ state: 'visible' });
    await follow.getByTestId('follow-item').filter({ hasText: FOLLOW }).waitFor();
    expect(await follow.getByTestId('follow-item').first().textContent()).toContain('打电话');
    await screenshot(page, 'crm-records-03-follow-up');

    await page.getByRole('tab', { name: '相关团队' }).click();
    await page.getByTestId('team-add').click();
    const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('members-dialog') });
    await dialog.waitFor({ state: 'visible' });
    await pickUsers(page, dialog.getByRole('button', { name: /请选择/ }), ['孙丽']);
    await dialog.getByText('读写').click();
    await page.getByTestId('members-save').click();
    await dialog.waitFor({ state: 'hidden' });
    const member = page.getByTestId('team-row').filter({ hasText: '孙丽' });
    await member.waitFor();
    expect(await member.textContent()).toContain('读写');
    expect(await page.getByTestId('team-row').first().textContent()).toContain('负责人');
    await screenshot(page, 'crm-records-04-team');

    await page.getByRole('tab', { name: '操作记录' }).click();
    await page.getByTestId('action-item').first().waitFor();
  });
});
