import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  chooseApprover,
  browserDay as day,
  fillExpenseLine,
  fillLeave,
  openApprovalType,
  submitApproval,
} from '../support/approvals.ts';
import { loginAs } from '../support/browser.ts';
import { repoRoot } from '../support/server.ts';
import { useE2E } from '../support/setup.ts';
import { label2, toast } from '../support/ui.ts';

// Issue 26 item 7: the staff's second screen is WeChat on a phone. At 390 × 844 (touch, a mobile
// browser) the shell, approvals, the leave and expense forms, chat, tasks and customers are used
// without the page scrolling sideways and with no table wider than the screen; a page made for a
// larger screen says so and offers what works. Each step is saved to e2e/out/ for a person to look at.

const WIDTH = 390;
const e2e = useE2E({
  device: { viewport: { width: WIDTH, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 },
});
const OUT = path.join(repoRoot, 'e2e/out');

/**
 * What does not fit the phone, one sentence per problem. A mobile browser zooms out to show a
 * page wider than the screen (innerWidth grows with it), so the width is also held to the device's.
 */
function phoneProblems(page: Page): Promise<string[]> {
  return page.evaluate((width) => {
    const problems: string[] = [];
    const screen = Math.min(window.innerWidth, width);
    const scrolled = document.scrollingElement?.scrollWidth ?? 0;
    if (scrolled > screen + 1) problems.push(`the page scrolls sideways (${scrolled} > ${screen})`);
    if (window.innerWidth > width + 1) problems.push(`the browser zoomed out to ${window.innerWidth} px`);
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    for (const table of Array.from(document.querySelectorAll('.ant-table-wrapper')).filter(shown)) {
      const r = table.getBoundingClientRect();
      if (r.left < -1 || r.right > screen + 1) problems.push(`a table is wider than the screen (${r.left}–${r.right})`);
      for (const holder of Array.from(table.querySelectorAll('.ant-table-content, .ant-table-body')))
        if (holder.scrollWidth > holder.clientWidth + 1)
          problems.push(`a table scrolls sideways (${holder.scrollWidth} > ${holder.clientWidth})`);
    }
    for (const box of Array.from(
      document.querySelectorAll('.ant-drawer-open .ant-drawer-content-wrapper, .ant-modal-wrap .ant-modal'),
    ).filter(shown)) {
      const r = box.getBoundingClientRect();
      if (r.left < -1 || r.right > screen + 1)
        problems.push(`a drawer or dialog leaves the screen (${r.left}–${r.right})`);
    }
    return problems;
  }, WIDTH);
}

/** Wait for the page's data, save it to e2e/out/ and assert it fits the phone. */
async function fits(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => {});
  await expect.poll(() => page.locator('.ant-spin-spinning, .ant-skeleton').count(), { timeout: 15_000 }).toBe(0);
  // Let drawers and dialogs finish sliding in.
  await page.waitForTimeout(400);
  // The screen as the user sees it, at CSS pixels (three times fewer to encode than the device's).
  fs.mkdirSync(OUT, { recursive: true });
  await page.screenshot({ path: path.join(OUT, `phone-${name}.png`), scale: 'css', timeout: 30_000 });
  expect(await phoneProblems(page), name).toEqual([]);
}

/** The type's create view, the picker checked on the way. */
const openType = (page: Page, title: string): Promise<Locator> =>
  openApprovalType(page, title, () => fits(page, `examine-picker-${title}`));

/** Every form item of the open form starts at the same x: one column. */
async function columnsOf(form: Locator): Promise<number> {
  const lefts = await form
    .locator('.ant-form-item')
    .evaluateAll((items) =>
      items.filter((i) => i.getBoundingClientRect().width > 0).map((i) => Math.round(i.getBoundingClientRect().left)),
    );
  expect(lefts.length).toBeGreaterThan(3);
  return new Set(lefts).size;
}

describe('a 390 px phone', () => {
  it('the shell: the side menu and the areas fold into the menu drawer; the user menu opens', async () => {
    const { page } = e2e;
    await loginAs(page, 'wangzong');
    await fits(page, 'workbench');
    // No side menu nor top navigation beside the page.
    expect(await page.locator('.crm-sider').count()).toBe(0);
    expect(await page.locator('.crm-topnav').count()).toBe(0);
    await page.getByTestId('phone-menu').click();
    const drawer = page.locator('.crm-phone-drawer');
    await drawer.locator('.ant-menu-item', { hasText: '任务' }).first().waitFor({ state: 'visible' });
    await drawer.locator('.ant-menu-item', { hasText: '客户管理' }).waitFor({ state: 'visible' });
    await fits(page, 'menu');
    await drawer.locator('.ant-menu-item', { hasText: /^任务/ }).first().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/workbench/task');
    await drawer.waitFor({ state: 'hidden' });
    await page.getByTestId('user-menu').click();
    await page.locator('.crm-usermenu').getByText('个人中心').waitFor({ state: 'visible' });
    await fits(page, 'user-menu');
    await page.keyboard.press('Escape');
  });

  it('approvals: the list as cards, the detail with its flow, approved with a comment', async () => {
    const { page } = e2e;
    await loginAs(page, 'wangzong');
    await page.goto('/workbench/examine?tab=waiting');
    const row = page.getByTestId('examine-row').filter({ hasText: '行政费用报销' }).first();
    await row.waitFor({ state: 'visible' });
    await fits(page, 'examine-list');
    await row.click();
    const drawer = page.locator('.exm-detail-drawer');
    await drawer.getByTestId('detail-header').waitFor({ state: 'visible' });
    await drawer.getByTestId('flow-timeline').waitFor({ state: 'visible' });
    await fits(page, 'examine-detail');
    await drawer
      .getByTestId('detail-actions')
      .getByRole('button', { name: label2('同意') })
      .click();
    const dialog = page.locator('.ant-modal-wrap:visible .ant-modal');
    await dialog.locator('textarea').fill('手机上看过，同意');
    await fits(page, 'examine-approve');
    await dialog.getByRole('button', { name: label2('同意') }).click();
    await toast(page, '操作成功').waitFor({ state: 'visible' });
    await drawer.getByText('手机上看过，同意').first().waitFor({ state: 'visible' });
    await expect
      .poll(() =>
        drawer
          .getByTestId('detail-actions')
          .getByRole('button', { name: label2('同意') })
          .count(),
      )
      .toBe(0);
  });

  it('a leave and an expense claim are submitted through their own forms', async () => {
    const { page } = e2e;
    await loginAs(page, 'sunli');
    const leave = await openType(page, '请假');
    await leave.getByTestId('leave-balance').waitFor({ state: 'visible' });
    await fillLeave(page, leave, {
      type: '年假',
      content: '手机上请假',
      from: day(8),
      to: day(9),
      days: '2',
      handover: '刘洋',
    });
    await chooseApprover(page, leave, '陈静');
    await fits(page, 'leave-form');
    expect(await columnsOf(leave)).toBe(1);
    await submitApproval(page, leave);

    const claim = await openType(page, '差旅报销');
    await claim.getByPlaceholder('请输入审批内容').fill('手机上报销');
    await fillExpenseLine(claim.getByTestId('expense-line').first(), {
      vehicle: '高铁',
      destination: '杭州',
      from: day(-2),
      to: day(-1),
      money: '356.5',
      detail: '往返车票',
    });
    await expect.poll(() => claim.getByTestId('expense-total').textContent()).toContain('¥356.50');
    await chooseApprover(page, claim, '陈静');
    await fits(page, 'expense-form');
    await submitApproval(page, claim);
    await page.goto('/workbench/examine?tab=initiate');
    await page.getByTestId('examine-row').filter({ hasText: '手机上报销' }).waitFor({ state: 'visible' });
    await page.getByTestId('examine-row').filter({ hasText: '手机上请假' }).waitFor({ state: 'visible' });
    await fits(page, 'examine-mine');
  });

  it('chat: the list, a conversation and back; text and an image sent; the composer on screen', async () => {
    const { page } = e2e;
    await loginAs(page, 'wangzong');
    await page.goto('/chat');
    const conv = page.getByTestId('chat-conv').filter({ hasText: '李明' });
    await conv.waitFor({ state: 'visible' });
    // One column: the list fills the screen, no conversation pane beside it.
    expect(await page.locator('.chat-main').isVisible()).toBe(false);
    await fits(page, 'chat-list');
    await conv.click();
    await expect.poll(() => page.getByTestId('chat-title').textContent()).toBe('李明');
    expect(await page.locator('.chat-side').isVisible()).toBe(false);
    const input = page.getByTestId('chat-input');
    await input.fill('手机上回复：收到');
    await input.press('Enter');
    await page.getByTestId('chat-message').filter({ hasText: '手机上回复：收到' }).waitFor({ state: 'visible' });
    await page.getByTestId('chat-image-input').setInputFiles({
      name: '现场照片.png',
      mimeType: 'image/png',
      buffer: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
        'base64',
      ),
    });
    await page.getByTestId('chat-message').locator('img.chat-img').last().waitFor({ state: 'visible' });
    await fits(page, 'chat-conversation');
    // The page is as tall as the visible screen: the composer and its send button are on it.
    const send = await page.getByTestId('chat-send').boundingBox();
    expect(send && send.y + send.height).toBeLessThanOrEqual(844);
    await page.getByTestId('chat-back').click();
    await conv.waitFor({ state: 'visible' });
  });

  it('tasks: the list, a task’s detail, one checked off, one created', async () => {
    const { page } = e2e;
    await loginAs(page, 'wangzong');
    await page.goto('/workbench/task');
    const rows = page.getByTestId('task-row');
    await rows.first().waitFor({ state: 'visible' });
    await fits(page, 'task-list');
    const open = rows.filter({ has: page.getByRole('checkbox', { name: '标记为完成', checked: false }) }).first();
    const title = (await open.locator('.task-title-cell__text').textContent()) ?? '';
    await open.locator('.task-title-cell__text').click();
    const drawer = page.locator('.task-drawer');
    await expect.poll(() => drawer.getByTestId('task-drawer-title').textContent()).toBe(title);
    await fits(page, 'task-detail');
    await drawer.getByRole('button', { name: '关闭' }).click();
    await drawer.waitFor({ state: 'hidden' });
    // The box follows the saved state (checked once the server answered), so click, not check().
    await open.getByRole('checkbox').click();
    await toast(page, '操作成功').waitFor({ state: 'visible' });
    await expect.poll(() => rows.filter({ hasText: title }).first().locator('.task-title-cell--done').count()).toBe(1);

    await page.getByTestId('task-create').click();
    const form = page.locator('.task-form');
    await form.getByPlaceholder('要做什么？').fill('手机上新建的任务');
    await fits(page, 'task-form');
    await form.getByTestId('task-save').click();
    await expect.poll(() => drawer.getByTestId('task-drawer-title').textContent()).toBe('手机上新建的任务');
  });

  it('customers: cards instead of the wide table, the detail with scrolling tabs, the form in one column', async () => {
    const { page } = e2e;
    await loginAs(page, 'sunli');
    await page.goto('/crm/customer');
    const links = page.getByTestId('record-link');
    await links.first().waitFor({ state: 'visible' });
    await fits(page, 'customer-list');
    await page.getByTestId('record-create').click();
    const form = page.locator('.ant-drawer-open .ant-drawer-content-wrapper').filter({ hasText: '新建客户' });
    await form.waitFor({ state: 'visible' });
    await fits(page, 'customer-form');
    expect(await columnsOf(form)).toBe(1);
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'hidden' });
    const name = (await links.first().textContent()) ?? '';
    await links.first().click();
    await expect.poll(() => page.getByTestId('record-title').textContent()).toBe(name);
    await fits(page, 'customer-detail');
    // The tabs stay in their strip (scrolled or folded into a "more" menu), not across the page.
    const tabs = await page.locator('.crm-detail .ant-tabs-nav').first().boundingBox();
    expect(tabs && tabs.x + tabs.width).toBeLessThanOrEqual(WIDTH);
  });

  it('the front desk and the cashier land on a page that fits, their menu in the drawer', async () => {
    const { page } = e2e;
    for (const who of ['zhangyu', 'lina']) {
      await loginAs(page, who);
      await fits(page, `landing-${who}`);
      await page.getByTestId('phone-menu').click();
      const drawer = page.locator('.crm-phone-drawer');
      await drawer.locator('.ant-menu-item').first().waitFor({ state: 'visible' });
      await fits(page, `menu-${who}`);
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });
    }
  });

  it('a page made for a larger screen says so and offers what works', async () => {
    const { page } = e2e;
    await loginAs(page, 'wangzong');
    await page.goto('/bi/customerTotal');
    const notice = page.getByTestId('wide-notice');
    await notice.getByText('此页面为大屏幕设计').waitFor({ state: 'visible' });
    await fits(page, 'wide-notice');
    await notice.getByRole('button', { name: label2('任务') }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/workbench/task');
    await page.getByTestId('task-row').first().waitFor({ state: 'visible' });
  });
});
