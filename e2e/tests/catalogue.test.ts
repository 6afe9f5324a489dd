import { describe, expect, it } from 'vitest';
import { loginAs, screenshot } from '../support/browser.ts';
import { useE2E } from '../support/setup.ts';
import { drawerTitled, label2, toast } from '../support/ui.ts';

// The project catalogue (配置 › 项目) as the clinic's configurator uses it: 王建国 (项目配置管理员)
// adds a class, adds a project to it with its prices, and finds it again by its pinyin initials.

const e2e = useE2E();

describe('the project catalogue', () => {
  it('creates a class and a project, then finds the project by pinyin', async () => {
    const { page } = e2e;
    await loginAs(page, 'wangzong');
    await page.goto('/project/index');
    await page.locator('.ant-tree').getByText('光电美肤').waitFor({ state: 'visible' });

    await page.getByRole('button', { name: /新建分类/ }).click();
    const classDialog = page.locator('.ant-modal').filter({ hasText: '分类名称' });
    await classDialog.getByLabel('分类名称').fill('冻龄抗衰');
    await classDialog.getByRole('button', { name: label2('保存') }).click();
    await toast(page, '已保存').waitFor({ state: 'visible' });
    // On the name: the node's tools sit at its right.
    await page.locator('.ant-tree-node-content-wrapper').getByText('冻龄抗衰', { exact: true }).click();

    await page.getByRole('button', { name: /新建项目/ }).click();
    const drawer = drawerTitled(page, '新建项目');
    await drawer.getByLabel('项目名称').fill('胶原蛋白填充');
    await drawer.getByLabel('原价').fill('8800');
    // Above the price first: the shared schema's message, and nothing is saved.
    await drawer.getByLabel('执行价').fill('9000');
    await drawer.getByRole('button', { name: label2('保存') }).click();
    await drawer.getByText('执行价不能高于原价').waitFor({ state: 'visible' });
    await drawer.getByLabel('执行价').fill('6800.5');
    await drawer.getByLabel('次数').fill('3');
    await screenshot(page, 'catalogue-01-form');
    await drawer.getByRole('button', { name: label2('保存') }).click();
    await toast(page, '已保存').waitFor({ state: 'visible' });
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.allTextContents()).toEqual([expect.stringContaining('胶原蛋白填充')]);
    expect(await rows.first().textContent()).toContain('6800.50');

    // Every class, then the pinyin initials.
    await page.getByRole('button', { name: '全部分类' }).click();
    const search = page.getByPlaceholder('项目名称、编码或拼音首字母');
    await search.fill('jydb');
    await search.press('Enter');
    await expect.poll(() => rows.allTextContents()).toEqual([expect.stringContaining('胶原蛋白填充')]);
    expect(await rows.first().textContent()).toContain('冻龄抗衰');
    await screenshot(page, 'catalogue-02-found');
  });
});
