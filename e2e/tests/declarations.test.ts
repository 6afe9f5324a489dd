import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { loginAs, screenshot } from '../support/browser.ts';
import { useE2E } from '../support/setup.ts';
import { label2, toast } from '../support/ui.ts';

// Declaration forms (issue 25): the general manager issues a form to 客服部, 张雨 fills it in on a
// phone-width screen, the manager corrects one cell (logged) and approves, then exports the table.

const e2e = useE2E();
const TASK = '门店月度安全检查申报';

/** A time in the demo company's zone (Asia/Shanghai, UTC+8), `days` from now, at 18:00. */
const dayAt = (days: number) =>
  `${new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10)} 18:00`;

describe('declaration forms', () => {
  it('a declaration task goes from issue to audit to export', async () => {
    const { page } = e2e;
    // Issue: a form of one required number, designed in the shared field designer.
    await loginAs(page, 'wangzong');
    await page.goto('/workbench/declaration?tab=tasks');
    await page.getByTestId('decl-new').click();
    const form = page.getByTestId('decl-task-form');
    await form.getByLabel('申报表名称').fill(TASK);
    const deadline = form.getByLabel('截止时间');
    await deadline.click();
    await deadline.fill(dayAt(3));
    await deadline.press('Enter');
    await page.getByTestId('decl-choose-depts').click();
    const picker = page.locator('.ant-popover:not(.ant-popover-hidden) [data-testid="dept-picker"]');
    await picker.locator('input').first().fill('客服部');
    await picker.locator('.mp-row', { hasText: '客服部' }).first().locator('.ant-checkbox').click();
    await picker.getByRole('button', { name: label2('确定') }).click();
    await page.getByTestId('decl-design').click();
    const designer = page.locator('.ant-drawer-section').filter({ hasText: '字段类型' });
    await designer.waitFor({ state: 'visible' });
    // Only the plain value types are offered: no people, files or CRM records.
    expect(await designer.getByTestId('fd-add-user').count()).toBe(0);
    await designer.getByTestId('fd-add-number').click();
    await designer.getByTestId('fd-props').getByLabel('字段名称').fill('在岗人数');
    await designer.getByTestId('fd-props').getByLabel('必填').click();
    await designer.getByRole('button', { name: label2('保存') }).click();
    await designer.waitFor({ state: 'hidden' });
    expect(await page.getByTestId('decl-fields').textContent()).toContain('在岗人数');
    await screenshot(page, 'declarations-01-issue');
    await page
      .locator('.ant-modal-footer')
      .getByRole('button', { name: label2('保存') })
      .click();
    const row = page.locator('.ant-table-row', { hasText: TASK });
    await row.waitFor();
    expect(await row.textContent()).toContain('已交 0 / 应交 4');

    // Fill in on a phone: the required field is checked, then the form goes in once.
    await loginAs(page, 'zhangyu');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/workbench/declaration');
    const mine = page.locator('.decl-mine .ant-list-item', { hasText: TASK });
    await mine.getByRole('button', { name: label2('填写') }).click();
    const fill = page.getByTestId('decl-fill-form');
    await fill.waitFor({ state: 'visible' });
    await page.getByTestId('decl-submit').click();
    await fill.getByText('在岗人数不能为空').waitFor();
    await fill.getByLabel('在岗人数').fill('7');
    await screenshot(page, 'declarations-02-fill-phone');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await page.getByTestId('decl-submit').click();
    await toast(page, '已提交').waitFor({ state: 'visible' });
    await mine.getByText('待审核').waitFor();
    await page.setViewportSize({ width: 1366, height: 900 });

    // Audit: correct the count (logged on the submission), then approve.
    await loginAs(page, 'wangzong');
    await page.goto('/workbench/declaration?tab=audit');
    await page
      .locator('.ant-table-row', { hasText: TASK })
      .getByRole('button', { name: label2('审核') })
      .click();
    await page.getByTestId('decl-form-张雨').click();
    const values = page.getByTestId('decl-values');
    await values.getByText('7', { exact: true }).waitFor();
    await page.getByTestId('decl-correct-在岗人数').click();
    const editor = page.locator('.ant-modal', { hasText: '更正：在岗人数' });
    await editor.getByLabel('在岗人数').fill('8');
    await editor.getByRole('button', { name: label2('保存') }).click();
    await toast(page, '已更正').waitFor({ state: 'visible' });
    await values.getByText('8', { exact: true }).waitFor();
    expect(await page.getByTestId('decl-logs').textContent()).toMatch(/王建国 于 .+ 将「在岗人数」由 7 改为 8/);
    await screenshot(page, 'declarations-03-audit');
    await page.getByTestId('decl-approve').click();
    await toast(page, '已审核').waitFor({ state: 'visible' });

    // Export from the task's submissions (every state): the form's own column names, the corrected value.
    await page.goto('/workbench/declaration?tab=tasks');
    await page
      .locator('.ant-table-row', { hasText: TASK })
      .getByRole('button', { name: label2('填报结果') })
      .click();
    const stats = page.getByTestId('decl-stats');
    await expect.poll(async () => (await stats.textContent()) ?? '').toContain('已通过1');
    await screenshot(page, 'declarations-04-results');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('decl-export').click()]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const rows: unknown[][] = [];
    book.worksheets[0]!.eachRow((r) => void rows.push((r.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(expect.arrayContaining(['姓名', '部门', '状态', '在岗人数']));
    expect(rows.find((r) => r[0] === '张雨')).toEqual(expect.arrayContaining(['客服部', '已通过', '8']));
  });
});
