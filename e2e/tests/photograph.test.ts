import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api.ts';
import { loginAs, screenshot } from '../support/browser.ts';
import { useE2E } from '../support/setup.ts';
import { fillDate, label2, toast } from '../support/ui.ts';

// The photograph room (流程 › 拍照室, issue 23): 林婉清 walks in (the front desk, through the API);
// 周敏 (zhoumin, 拍照员) finds her in the queue, uploads a 术前 photo of her nose dated a week ago
// and a 术后 one of today (the visit moves to 已拍照), and compares the two days side by side.

const e2e = useE2E();

/** A real 1×1 PNG: the browser must decode what the server serves. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const dayOf = (offsetDays: number) => {
  // The demo company's zone is Asia/Shanghai (UTC+8).
  const at = new Date(Date.now() + 8 * 3_600_000 + offsetDays * 86_400_000);
  return at.toISOString().slice(0, 10);
};

describe('the photograph room', () => {
  it('uploads two photos of one body part on two days and compares them side by side', async () => {
    const { page, server } = e2e;
    const desk = await apiAs(server.url, 'zhangyu');
    const stores = await desk<{ storeId: number }[]>('/clinic/booking/stores', {});
    const found = await desk<{ list: { customerId: number }[] }>('/CrmCustomer/queryPageList', { search: '林婉清' });
    await desk('/clinic/visit/walkIn', {
      customerId: found.list[0]!.customerId,
      storeId: stores[0]!.storeId,
      batchId: `e2e-photo-${Date.now()}`,
    });

    await loginAs(page, 'zhoumin');
    await page.goto('/workflow/photograph');
    const queue = page
      .locator('.ant-card')
      .filter({ has: page.locator('.ant-card-head-title', { hasText: '待拍照' }) });
    const row = queue.locator('.ant-table-row', { hasText: '林婉清' });
    await row.filter({ hasText: '已到店' }).waitFor();

    const upload = async (file: string, type: string, day?: string) => {
      await row.getByRole('button', { name: label2('上传照片') }).click();
      const dialog = page.locator('.ant-modal').filter({ hasText: '上传照片 · 林婉清' });
      await dialog.waitFor();
      await dialog.locator('input[type=file]').setInputFiles({ name: file, mimeType: 'image/png', buffer: PNG });
      await dialog.locator('.ant-upload-list-item').first().waitFor();
      await dialog.getByText(type, { exact: true }).click();
      await dialog.getByLabel('部位').click();
      await page.locator('.ant-select-tree-node-content-wrapper', { hasText: '鼻部' }).first().click();
      if (day) {
        await fillDate(dialog, '拍摄日期', day);
        await page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)').waitFor({ state: 'hidden' });
        await expect.poll(() => dialog.getByLabel('拍摄日期').inputValue()).toBe(day);
      }
      await screenshot(page, `photograph-01-upload-${type}`);
      await dialog.getByRole('button', { name: label2('上传照片') }).click();
      await toast(page, '已上传1张照片').waitFor();
      await dialog.waitFor({ state: 'hidden' });
    };
    await upload('术前.png', '术前', dayOf(-7));
    // The photo moved the visit on; the count says what is done.
    await row.filter({ hasText: '已拍照' }).waitFor();
    await upload('术后.png', '术后');
    await expect.poll(() => row.locator('td').nth(4).textContent()).toBe('2');

    await row.getByRole('button', { name: label2('照片档案') }).click();
    const drawer = page.locator('.ant-drawer-content-wrapper').filter({ hasText: '林婉清的照片' });
    await drawer.waitFor();
    await drawer.locator('.ant-card-head-title', { hasText: dayOf(-7) }).waitFor();
    await drawer.locator('.ant-card-head-title', { hasText: dayOf(0) }).waitFor();

    await drawer.getByRole('button', { name: label2('对比') }).click();
    await drawer.getByLabel('对比部位').click();
    await page.locator('.ant-select-tree-node-content-wrapper', { hasText: '鼻部' }).last().click();
    await drawer.getByLabel('对比日期').click();
    for (const d of [dayOf(-7), dayOf(0)]) {
      await page
        .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: d })
        .click();
    }
    // Close the day list so nothing covers the comparison.
    await page.keyboard.press('Escape');
    const table = drawer.locator('table.photo-compare');
    await table.waitFor();
    expect(await table.locator('thead th').allTextContents()).toEqual(['', dayOf(-7), dayOf(0)]);
    const front = table.getByRole('row', { name: '正面' });
    const images = front.locator('img');
    await expect.poll(() => images.count()).toBe(2);
    // Both images were served (the customer is the photographer's to see) and decoded.
    await expect
      .poll(() => images.evaluateAll((els) => els.map((e) => (e as HTMLImageElement).naturalWidth)))
      .toEqual([1, 1]);
    await drawer.locator('.ant-segmented-item', { hasText: '200%' }).click();
    expect(await images.evaluateAll((els) => els.map((e) => (e as HTMLImageElement).style.width))).toEqual([
      '200%',
      '200%',
    ]);
    await screenshot(page, 'photograph-02-compare');
  });
});
