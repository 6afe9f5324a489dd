import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginAs, screenshot } from '../support/browser.ts';
import { useE2E } from '../support/setup.ts';
import { label2, toast } from '../support/ui.ts';

// Notices and work logs as people use them: 黄敏 (公告管理员) publishes a notice to 销售一部 from
// the rich-text editor; 孙丽, a member, sees the 公告 badge and it drops when she opens it. Then
// 孙丽 writes a daily log with a table and an image and sends it to 赵强, who sees it unread,
// opens it and comments. One server, one browser, in order. Screenshots go to e2e/artifacts/.

const e2e = useE2E();
const NOTICE = '销售一部周例会调整';
const COMMENT = '表格很清楚，明天一起过一下';
// A 1 × 1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The number on a side-menu item's badge; 0 when there is none. */
async function menuBadge(page: Page, title: string): Promise<number> {
  const item = page.locator('.ant-layout-sider .ant-menu-item').filter({ hasText: title }).first();
  const sup = item.locator('sup.ant-scroll-number');
  if ((await sup.count()) === 0) return 0;
  return Number(await sup.first().getAttribute('title'));
}

async function insertTableAndImage(page: Page, editor: Locator): Promise<void> {
  await editor.getByTestId('rt-table').click();
  await page.getByTestId('table-cell-2-3').click();
  await editor.locator('table').waitFor();
  await editor.locator('.tiptap').press('Control+End');
  await editor.getByTestId('rt-image').click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '插入图片' });
  await dialog.locator('input[type="file"]').setInputFiles({ name: '现场.png', mimeType: 'image/png', buffer: PNG });
  await dialog.getByTestId('upload-chosen').filter({ hasText: '现场.png' }).waitFor();
  await dialog.getByTestId('upload-ok').click();
  await dialog.waitFor({ state: 'hidden' });
  await editor.locator('img[src^="/file/view/"]').waitFor();
}

describe('notices', () => {
  it('a notice is published to a department and a member sees the unread badge drop when opening it', async () => {
    const { page } = e2e;
    await loginAs(page, 'huangmin');
    await page.goto('/workbench/index');
    await page.getByTestId('quick-add').click();
    await page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item', { hasText: '公告' }).click();
    await page.waitForURL('**/workbench/notice-new');
    await page.getByTestId('notice-title').fill(NOTICE);
    const editor = page.getByTestId('notice-content');
    await editor.locator('.tiptap').click();
    await page.keyboard.type('本周例会改到周四下午三点。');
    await editor.getByTestId('rt-bold').click();
    await page.keyboard.type('请准时参加');
    await page.getByTestId('notice-choose-depts').click();
    const picker = page.locator('.ant-popover:not(.ant-popover-hidden) [data-testid="dept-picker"]');
    await picker.locator('input').first().fill('销售一部');
    await picker.locator('.mp-row', { hasText: '销售一部' }).first().locator('.ant-checkbox').click();
    await picker.getByRole('button', { name: label2('确定') }).click();
    await page.getByTestId('notice-depts').filter({ hasText: '销售一部' }).waitFor();
    await screenshot(page, 'notices-01-publish');
    await page.getByTestId('notice-save').dblclick();
    await toast(page, '发布成功').waitFor({ state: 'visible' });
    const detail = page.getByTestId('notice-detail');
    await detail.waitFor({ state: 'visible' });
    expect(await detail.getByTestId('notice-content-view').innerHTML()).toBe(
      '<p>本周例会改到周四下午三点。<strong>请准时参加</strong></p>',
    );

    await loginAs(page, 'sunli');
    await page.goto('/workbench/index');
    // The demo company has unread notices of its own: reading this one takes one off the badge.
    await expect.poll(() => menuBadge(page, '公告'), { timeout: 15_000 }).toBeGreaterThan(0);
    const unread = await menuBadge(page, '公告');
    await page.goto('/workbench/notice');
    await page.locator('.notice-title-cell--unread', { hasText: NOTICE }).click();
    await page.getByTestId('notice-detail').waitFor({ state: 'visible' });
    await screenshot(page, 'notices-02-read');
    await expect.poll(() => menuBadge(page, '公告'), { timeout: 15_000 }).toBe(unread - 1);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.notice-title-cell--unread', { hasText: NOTICE }).count()).toBe(0);
  });
});

describe('work logs', () => {
  it('a daily log with a table and an image is sent and the recipient comments on it', async () => {
    const { page } = e2e;
    await loginAs(page, 'sunli');
    await page.goto('/workbench/journal?create=1');
    const dialog = page.locator('.ant-modal').filter({ hasText: '写日志' });
    await dialog.waitFor({ state: 'visible' });
    const editor = dialog.getByTestId('journal-content');
    await editor.locator('.tiptap').click();
    await page.keyboard.type('拜访客户三家，结果如下：');
    await insertTableAndImage(page, editor);
    await editor.locator('table td').first().click();
    await page.keyboard.type('王女士');
    await dialog.getByRole('button', { name: /发送给/ }).click();
    const panel = page.locator('.ant-popover:not(.ant-popover-hidden) .mp-panel').last();
    await panel.waitFor({ state: 'visible' });
    await panel.locator('input').first().fill('赵强');
    await panel.locator('.mp-row', { hasText: '赵强' }).first().locator('.ant-checkbox').click();
    await panel.getByRole('button', { name: label2('确定') }).click();
    await screenshot(page, 'journal-01-write');
    await dialog.getByTestId('journal-save').dblclick();
    await toast(page, '发送成功').waitFor({ state: 'visible' });
    await dialog.waitFor({ state: 'hidden' });

    await loginAs(page, 'zhaoqiang');
    await page.goto('/workbench/index');
    // His people's demo logs wait for him too: reading this one takes one off the badge.
    await expect.poll(() => menuBadge(page, '日志'), { timeout: 15_000 }).toBeGreaterThan(0);
    const unread = await menuBadge(page, '日志');
    await page.goto('/workbench/journal');
    const row = page.locator('.journal-item--unread').filter({ hasText: '孙丽' }).first();
    await row.click();
    const detail = page.getByTestId('journal-detail');
    await detail.waitFor({ state: 'visible' });
    const content = detail.getByTestId('journal-content-view');
    expect(await content.locator('table tr').count()).toBe(2);
    expect(await content.locator('table td').first().textContent()).toBe('王女士');
    await content.locator('img[src^="/file/view/"]').waitFor();
    // The image is served to the recipient: it belongs to the log he may read.
    await expect
      .poll(() => content.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(1);
    await detail.getByTestId('journal-comment-input').fill(COMMENT);
    await detail.getByTestId('journal-comment-send').click();
    await detail.getByTestId('journal-comments').filter({ hasText: COMMENT }).waitFor();
    await screenshot(page, 'journal-02-comment');
    await expect.poll(() => menuBadge(page, '日志'), { timeout: 15_000 }).toBe(unread - 1);
  });
});
