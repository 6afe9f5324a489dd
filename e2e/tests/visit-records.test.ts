import { describe, expect, it } from 'vitest';
import { loginAs, screenshot } from '../support/browser.ts';
import { useE2E } from '../support/setup.ts';
import { choose, label2, toast } from '../support/ui.ts';

// The visit list, a visit's story and the customer archive (issue 23): 王建国 (wangzong,
// 客户管理员) registers 陈雨桐 as a walk-in at the triage desk with a note, finds the visit on
// /record, opens its story (the arrival with who did it, the triage note) and from there her
// archive with its tabs.

const e2e = useE2E();

describe('the visit records', () => {
  it('lists a visit, tells its story and opens the customer archive', async () => {
    const { page } = e2e;
    await loginAs(page, 'wangzong');
    await page.goto('/workflow/triage');
    await page.getByRole('button', { name: label2('散客登记') }).click();
    const form = page.locator('.ant-modal').filter({ hasText: '散客登记' });
    await form.waitFor();
    await choose(page, page.locator('#walkIn_customerId'), '陈雨桐', '陈雨');
    await page.locator('#walkIn_remark').fill('想做水光');
    await form.getByRole('button', { name: label2('保存') }).click();
    await toast(page, '已登记到店').waitFor();

    await page.goto('/record');
    const table = page.getByTestId('record-table');
    const row = table.locator('.ant-table-row', { hasText: '陈雨桐' });
    await row.first().waitFor();
    expect(await row.first().textContent()).toContain('已到店');
    // The list fits 1366 px: no sideways scrolling (docs/architecture.md "List pages fit").
    const fits = await table
      .locator('.ant-table-content, .ant-table-body')
      .first()
      .evaluate((el) => el.scrollWidth <= el.clientWidth);
    expect(fits).toBe(true);
    await screenshot(page, 'visit-records-01-list');

    await row.first().click();
    await page.getByTestId('entry-details').waitFor();
    expect(await page.getByTestId('story-title').textContent()).toContain('陈雨桐');
    const timeline = page.getByTestId('story-timeline');
    await timeline.getByText('到店登记').waitFor();
    expect(await timeline.textContent()).toContain('王建国');
    expect(await page.getByTestId('story-notes').textContent()).toContain('想做水光');
    await screenshot(page, 'visit-records-02-story');

    await page.getByTestId('story-archive').click();
    await page.getByTestId('customer-archive').waitFor();
    expect(await page.getByTestId('archive-title').textContent()).toBe('陈雨桐');
    const tabs = page.locator('.ant-tabs-tab');
    await tabs.first().waitFor();
    expect(await tabs.allTextContents()).toEqual([
      '概览',
      '到院记录',
      '预约',
      '订单',
      '成交项目',
      '治疗（划扣）',
      '照片',
      '余额流水',
      '优惠券',
      '回访与跟进',
      '操作记录',
    ]);
    await page.getByRole('tab', { name: '到院记录' }).click();
    await page.getByTestId('archive-visits').locator('.ant-table-row').first().waitFor();
    await screenshot(page, 'visit-records-03-archive');
  });
});
