import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { type BrowserSession, launchBrowser, loginAs, screenshot } from '../support/browser.ts';
import { useE2E } from '../support/setup.ts';
import { submitGeneralApproval } from '../support/ui.ts';

// Live badges (issue 10): 孙丽 submits an approval to 李明; 李明's open workbench tab shows it in
// the menu's 审批 badge within seconds, without a reload: the server pushes `badges` on the
// header's socket and the tab fetches the counts again (their poll is every 60 s).

const e2e = useE2E();
let sunBrowser: BrowserSession | undefined;
afterAll(async () => {
  await sunBrowser?.close();
});

const menuBadge = (page: Page, title: string) =>
  page
    .locator('.crm-menu-label')
    .filter({ has: page.getByText(title, { exact: true }) })
    .locator('.ant-badge-count');

const countOf = async (page: Page, title: string) => {
  const badge = menuBadge(page, title);
  return (await badge.count()) ? Number(await badge.first().getAttribute('title')) : 0;
};

describe('badges refresh when they change, without a reload', () => {
  it('an approval submitted to 李明 shows in his open tab’s 审批 badge within seconds', async () => {
    const li = e2e.page;
    await loginAs(li, 'liming');
    await li.goto('/workbench');
    await li
      .locator('.crm-menu-label')
      .filter({ has: li.getByText('审批', { exact: true }) })
      .waitFor();
    // The first counts have come (the tab is settled) before anything changes.
    await li.waitForTimeout(1500);
    const before = await countOf(li, '审批');

    sunBrowser = await launchBrowser({ baseURL: e2e.server.url });
    await loginAs(sunBrowser.page, 'sunli');
    await submitGeneralApproval(sunBrowser.page, '购买投影仪', '李明');
    // Well under the 60 s poll (and the 15 s the counts stay fresh): the push did it.
    await expect.poll(() => countOf(li, '审批'), { timeout: 5000 }).toBe(before + 1);
    await screenshot(li, 'live-badges-01-examine');
  });
});
