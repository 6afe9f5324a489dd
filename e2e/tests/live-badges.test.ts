import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { type BrowserSession, launchBrowser, loginAs, screenshot } from '../support/browser.ts';
import { useE2E } from '../support/setup.ts';

// Live badges (issue 10): 孙丽 submits an approval to 李明; 李明's open workbench tab shows it in
// the menu's 审批 badge within seconds, without a reload: the server pushes `badges` on the
// header's socket and the tab fetches the counts again (their poll is every 60 s).

const e2e = useE2E();
let sunBrowser: BrowserSession | undefined;
afterAll(async () => {
  await sunBrowser?.close();
});

/** Submit a 普通审批 to `approver` with the page's session, through the API (what the form sends). */
async function submitGeneral(page: Page, content: string, approver: string): Promise<void> {
  await page.evaluate(
    async ({ content, approver }) => {
      const call = async <T>(path: string, body: unknown): Promise<T> => {
        const res = await fetch(path, {
          method: 'POST',
          headers: { 'Admin-Token': localStorage.getItem('Admin-Token') ?? '', 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
        const json = (await res.json()) as { code: number; msg: string; data: T };
        if (json.code !== 0) throw new Error(`${path}: ${json.msg}`);
        return json.data;
      };
      const groups = await call<{ list: { categoryId: number; type: string }[] }[]>(
        '/OaExamineCategory/queryAllExamineCategoryList',
        {},
      );
      const general = groups.flatMap((g) => g.list).find((c) => c.type === 'general')!;
      const users = await call<{ list: { userId: number }[] }>('/system/user/queryUserList', { search: approver });
      return call('/OaExamine/setOaExamine', {
        oaExamine: { categoryId: general.categoryId, batchId: crypto.randomUUID(), content, detail: content },
        field: [],
        checkUserId: String(users.list[0]!.userId),
        ccUserId: '',
      });
    },
    { content, approver },
  );
}

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
    await submitGeneral(sunBrowser.page, '购买投影仪', '李明');
    // Well under the 60 s poll (and the 15 s the counts stay fresh): the push did it.
    await expect.poll(() => countOf(li, '审批'), { timeout: 5000 }).toBe(before + 1);
    await screenshot(li, 'live-badges-01-examine');
  });
});
