import { describe, expect, it } from 'vitest';
import { loginAs, screenshot } from '../support/browser.ts';
import { useE2E } from '../support/setup.ts';

// The wall screen (issue 24, h-rfm): wangzong (客户管理员, every department) makes a company screen
// link on /bi/screenLinks; the address opens /largeScreen without signing in, with today's figures of
// the living demo; once revoked, the same address shows the refusal.
const e2e = useE2E();

describe('/largeScreen', () => {
  it('opens with its link and refuses it once revoked', async () => {
    const { page } = e2e;
    await loginAs(page, 'wangzong');
    await page.goto('/bi/screenLinks');
    await page.getByRole('button', { name: '新建链接' }).click();
    const form = page.locator('.ant-modal').filter({ hasText: '新建链接' });
    await form.getByLabel('链接名称').fill('前台大屏');
    await form.getByRole('button', { name: /确\s*定|OK/ }).click();
    const address = (await page.getByTestId('open-link-url').textContent()) ?? '';
    expect(address).toMatch(/\/largeScreen\?token=[A-Za-z0-9_-]{32}$/);
    await page
      .locator('.ant-modal')
      .filter({ hasText: '链接已生成' })
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /关\s*闭/ })
      .click();
    await page.locator('.ant-table-row', { hasText: '前台大屏' }).getByText('全公司').waitFor();

    // A second tab plays the wall display (the open call sends the link's token, no session).
    const wall = await page.context().newPage();
    try {
      await wall.goto(address);
      await wall.getByTestId('large-screen').waitFor({ timeout: 20_000 });
      await wall.getByText('全公司数据大屏').waitFor();
      // The living demo's consultants are busy today: the screen counts today's visits.
      expect(Number((await wall.getByTestId('screen-visitCount').textContent())?.replace(/\D/g, ''))).toBeGreaterThan(
        0,
      );
      await wall.locator('canvas').first().waitFor({ state: 'visible' });
      await screenshot(wall, 'large-screen-01-open');

      await page.locator('.ant-table-row', { hasText: '前台大屏' }).getByRole('button', { name: '撤销' }).click();
      await page
        .locator('.ant-popconfirm')
        .getByRole('button', { name: /确\s*定|OK/ })
        .click();
      await page.getByText('已撤销').first().waitFor();

      await wall.reload();
      await wall.getByText('链接已被撤销，请向工作人员索取新的链接').waitFor();
      expect(await wall.getByTestId('large-screen').count()).toBe(0);
      await screenshot(wall, 'large-screen-02-revoked');
    } finally {
      await wall.close();
    }
  });
});
