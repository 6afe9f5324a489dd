import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginAs, screenshot } from '../support/browser.ts';
import { useE2E } from '../support/setup.ts';

// Planning documents (策划方案) as people use them: 孙丽 writes one in the planning editor
// (rich-text) from the list (rich-list), shares it with 陈静; 赵强, her supervisor, finds it under
// 下属的方案 and may read but not edit it; 周杰, a colleague, does not see it.

const e2e = useE2E();
const TITLE = '双十二门店活动策划';

const toast = (page: Page, text: string): Locator =>
  page.locator('.ant-message-notice').filter({ hasText: text }).last();
const label2 = (text: string): RegExp => new RegExp(`^${[...text].join('\\s*')}$`);

async function listTitles(page: Page, tab: string): Promise<string[]> {
  await page.goto('/workbench/rich-list');
  await page.getByRole('tab', { name: tab }).click();
  // The tab's list has answered once the tab shows chosen and the list is no longer busy (after an
  // in-app tab change, networkidle has long fired).
  await page.getByRole('tab', { name: tab, selected: true }).waitFor();
  await page.locator('[data-testid="plan-list"][aria-busy="false"]').waitFor();
  return page.locator('.plan-item .ant-list-item-meta-title').allTextContents();
}

describe('planning documents', () => {
  it('an employee writes a planning document in the editor and shares it', async () => {
    const { page } = e2e;
    await loginAs(page, 'sunli');
    await page.goto('/workbench/rich-list');
    await page.getByTestId('plan-create').click();
    await page.waitForURL('**/workbench/rich-text');
    await page.getByTestId('plan-title').fill(TITLE);
    const editor = page.getByTestId('plan-content');
    await editor.locator('.tiptap').click({ timeout: 40_000 });
    await page.keyboard.type('目标：到店 300 人。');
    await editor.getByTestId('rt-bold').click();
    await page.keyboard.type('预算 2 万元');
    await page.getByRole('button', { name: /共享给/ }).click();
    const panel = page.locator('.ant-popover:not(.ant-popover-hidden) .mp-panel').last();
    await panel.waitFor({ state: 'visible' });
    await panel.locator('input').first().fill('陈静');
    await panel.locator('.mp-row', { hasText: '陈静' }).first().locator('.ant-checkbox').click();
    await panel.getByRole('button', { name: label2('确定') }).click();
    await screenshot(page, 'plans-01-editor');
    // A double click still saves one document (the form's batch id).
    await page.getByTestId('plan-save').dblclick();
    await toast(page, '保存成功').waitFor({ state: 'visible' });
    await page.waitForURL('**/workbench/rich-list?planId=*');
    const detail = page.getByTestId('plan-detail');
    await detail.waitFor({ state: 'visible' });
    expect(await detail.getByTestId('plan-content-view').innerHTML()).toBe(
      '<p>目标：到店 300 人。<strong>预算 2 万元</strong></p>',
    );
    expect(await detail.textContent()).toContain('陈静');
    await screenshot(page, 'plans-02-detail');
    await page.keyboard.press('Escape');
    expect(await listTitles(page, '我创建的')).toEqual([TITLE]);
  });

  it('the author edits it; her supervisor reads it under 下属的方案 without edit; a colleague does not see it', async () => {
    const { page } = e2e;
    await loginAs(page, 'sunli');
    await page.goto('/workbench/rich-list');
    await page.locator('.plan-item', { hasText: TITLE }).click();
    await page.getByTestId('plan-edit').click();
    await page.waitForURL('**/workbench/rich-text?planId=*');
    await page.getByTestId('plan-title').fill(`${TITLE}（二稿）`);
    await page.getByTestId('plan-save').click();
    await toast(page, '保存成功').waitFor({ state: 'visible' });
    await page.getByTestId('plan-detail').waitFor({ state: 'visible' });

    await loginAs(page, 'zhaoqiang');
    expect(await listTitles(page, '下属的方案')).toContain(`${TITLE}（二稿）`);
    await page.locator('.plan-item', { hasText: TITLE }).click();
    await page.getByTestId('plan-detail').waitFor({ state: 'visible' });
    expect(await page.getByTestId('plan-edit').count()).toBe(0);

    await loginAs(page, 'chenjing');
    expect(await listTitles(page, '共享给我的')).toEqual([`${TITLE}（二稿）`]);

    await loginAs(page, 'zhoujie');
    expect(await listTitles(page, '全部')).not.toContain(`${TITLE}（二稿）`);
  });
});
