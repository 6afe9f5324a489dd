import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginAs, screenshot } from '../support/browser.ts';
import { useE2E } from '../support/setup.ts';
import { choose, label2, option } from '../support/ui.ts';

// The 配置 settings pages, built from their declarations: the general manager 王建国 adds a customer
// tag and a set meal of two projects (its total is computed, in yuan), then 孙丽 gives one of her
// customers the new tag on the customer's detail and finds her in the list by it.

const e2e = useE2E();

async function openNew(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.getByTestId('settings-create').click();
  await page.locator('.ant-modal').getByTestId('settings-save').waitFor();
}

// Not a forced click: a CI run forced it while the dialog was still zooming in ("outside of the viewport").
const pick = (page: Page, id: string, text: string): Promise<void> => choose(page, page.locator(`#${id}`), text, text);

describe('clinic settings', () => {
  it('a tag and a set meal are added on their pages', async () => {
    const { page } = e2e;
    await loginAs(page, 'wangzong');

    await openNew(page, '/project/markManage');
    await page.locator('#name').fill('术后护理');
    await page.locator('#groupName').fill('服务');
    await page.getByTestId('settings-save').click();
    const tags = page.getByTestId('settings-table-tag');
    await tags.locator('tr', { hasText: '术后护理' }).waitFor();
    expect(await tags.locator('tr', { hasText: '术后护理' }).textContent()).toContain('服务');

    await openNew(page, '/project/setMeal');
    await page.locator('#name').fill('紧致塑形套餐');
    await pick(page, 'items_0_projectId', '热玛吉');
    await page.locator('#items_0_sessions').fill('2');
    await page.locator('#items_0_price').fill('19999.9');
    await page.getByTestId('settings-items-add-items').click();
    await pick(page, 'items_1_projectId', '超声刀');
    await page.locator('#items_1_sessions').fill('1');
    await page.locator('#items_1_price').fill('6800');
    await screenshot(page, 'clinic-settings-01-set-meal');
    await page.getByTestId('settings-save').click();
    const row = page.getByTestId('settings-table-setMeal').locator('tr', { hasText: '紧致塑形套餐' });
    await row.waitFor();
    expect(await row.textContent()).toContain('¥26799.90');
  });

  it('a customer gets the tag on her detail and the list shows it', async () => {
    const { page } = e2e;
    await loginAs(page, 'sunli');
    await page.goto('/crm/customer');
    await page.getByTestId('record-link').filter({ hasText: '林婉清' }).first().click();
    const tags = page.getByTestId('customer-tags');
    await tags.waitFor();
    await tags.getByRole('button', { name: /设置标签/ }).click();
    await tags.locator('.ant-select').click();
    await option(page, '术后护理').click();
    await option(page, 'VIP').click();
    await page.keyboard.press('Escape');
    await tags.getByRole('button', { name: label2('保存') }).click();
    await tags.locator('.ant-tag', { hasText: '术后护理' }).waitFor();
    await screenshot(page, 'clinic-settings-02-customer-tags');
    await page.goto('/crm/customer');
    await expect
      .poll(() => page.locator('tr', { hasText: '林婉清' }).textContent(), { timeout: 15_000 })
      .toContain('VIP');
  });
});
