import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginAs, screenshot } from '../support/browser.ts';
import { useE2E } from '../support/setup.ts';
import { pickUsers } from '../support/ui.ts';

// The schedule as people use it: 李明 creates 销售周会 from the workbench quick-add, repeating
// weekly three times, with 孙丽 taking part. 孙丽 sees it this week and next week, not in the
// fourth week; 周杰, who does not take part, does not see it at all.

const e2e = useE2E();
const TITLE = '销售周会';

/** antd puts a space between the two characters of a two-character Chinese button label. */
const DAY_MS = 86_400_000;
/** Today in China (the calendar's days), and n days later. */
const chinaDay = (plus = 0) => new Date(Date.now() + 8 * 3600_000 + plus * DAY_MS).toISOString().slice(0, 10);

/** The entries titled TITLE on the week view around `day`, by the day they show on. */
async function weekEntries(page: Page, day: string): Promise<string[]> {
  await page.goto(`/workbench/schedule-new?view=week&day=${day}`);
  await page.getByTestId('schedule-grid').waitFor({ state: 'visible' });
  await page.getByTestId(`schedule-cell-${day}`).waitFor();
  // The range's answer is in once the calendar is no longer busy (networkidle could come first on a
  // loaded machine: a run of two files at a time read an empty week).
  await page.locator('[data-testid="schedule"][aria-busy="false"]').waitFor();
  const chips = page.getByTestId('schedule-entry').filter({ hasText: TITLE });
  return chips.evaluateAll((els) => els.map((el) => el.getAttribute('data-day') ?? ''));
}

describe('schedule', () => {
  it('an event with a weekly repeat is created from the quick-add', async () => {
    const { page } = e2e;
    await loginAs(page, 'liming');
    await page.goto('/workbench/index');
    await page.getByTestId('quick-add').click();
    await page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item', { hasText: '日程' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '新建日程' });
    // The calendar page and its form load lazily on first use: allow for a busy machine.
    await dialog.waitFor({ state: 'visible', timeout: 40_000 });
    expect(new URL(page.url()).pathname).toBe('/workbench/schedule-new');

    await dialog.getByPlaceholder('要做什么？').fill(TITLE);
    await dialog.getByTestId('event-freq').click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: '每周' })
      .click();
    await dialog.getByText('重复次数', { exact: true }).click();
    await dialog.getByRole('spinbutton').last().fill('3');
    await pickUsers(page, dialog.getByRole('button', { name: /参与人/ }), ['孙丽']);
    await screenshot(page, 'schedule-01-create');
    // A double click still creates one event (the form's batch id).
    await dialog.getByTestId('event-save').dblclick();
    await dialog.waitFor({ state: 'hidden' });
    const today = chinaDay();
    await expect.poll(() => weekEntries(page, today)).toEqual([today]);
  });

  it('shows on the calendar of its participant each week, and ends after three', async () => {
    const { page } = e2e;
    await loginAs(page, 'sunli');
    expect(await weekEntries(page, chinaDay())).toEqual([chinaDay()]);
    expect(await weekEntries(page, chinaDay(7))).toEqual([chinaDay(7)]);
    expect(await weekEntries(page, chinaDay(14))).toEqual([chinaDay(14)]);
    expect(await weekEntries(page, chinaDay(21))).toEqual([]);
    await page.goto(`/workbench/schedule-new?view=month&day=${chinaDay(7)}`);
    await page.getByTestId('schedule-entry').filter({ hasText: TITLE }).first().waitFor();
    await screenshot(page, 'schedule-02-month');
    // The detail names the repeat and who takes part; a participant does not edit it.
    await page.getByTestId('schedule-entry').filter({ hasText: TITLE }).first().click();
    const detail = page.getByTestId('event-detail');
    await detail.waitFor({ state: 'visible' });
    expect(await detail.textContent()).toContain('孙丽');
    expect(await page.getByTestId('event-edit').count()).toBe(0);
  });

  it('does not show on the calendar of someone who does not take part', async () => {
    const { page } = e2e;
    await loginAs(page, 'zhoujie');
    expect(await weekEntries(page, chinaDay())).toEqual([]);
    expect(await weekEntries(page, chinaDay(7))).toEqual([]);
  });

  it('its creator changes one occurrence only, on the week’s hour grid; the other weeks keep the series', async () => {
    const { page } = e2e;
    await loginAs(page, 'liming');
    const day = chinaDay(7);
    expect(await weekEntries(page, day)).toEqual([day]);
    // The quick-add's default time, 09:00, puts it in that day's hour column.
    const chip = page.getByTestId(`schedule-hours-${day}`).getByTestId('schedule-entry').filter({ hasText: TITLE });
    await chip.click();
    await page.getByTestId('event-detail').waitFor({ state: 'visible' });
    await page.getByTestId('event-edit').click();
    await page.getByTestId('event-scope-one').click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '编辑此次日程' });
    await dialog.waitFor({ state: 'visible' });
    expect(await dialog.getByTestId('event-freq').count()).toBe(0);
    await dialog.getByPlaceholder('要做什么？').fill(`${TITLE}（客户来访）`);
    await dialog.getByTestId('event-save').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(async () => {
        await weekEntries(page, day);
        // The demo company's weekly meeting may share the day: this series' entries only.
        return page
          .getByTestId(`schedule-hours-${day}`)
          .getByTestId('schedule-entry')
          .filter({ hasText: TITLE })
          .allTextContents();
      })
      .toEqual([`09:00${TITLE}（客户来访）`]);
    await screenshot(page, 'schedule-03-one-occurrence');
    expect(await weekEntries(page, chinaDay(14))).toEqual([chinaDay(14)]);
    const other = page.getByTestId('schedule-entry').filter({ hasText: TITLE });
    expect(await other.allTextContents()).toEqual([`09:00${TITLE}`]);
    // 孙丽, who takes part, sees the change too.
    await loginAs(page, 'sunli');
    await weekEntries(page, day);
    expect(await page.getByTestId('schedule-entry').filter({ hasText: '客户来访' }).count()).toBe(1);
  });
});
